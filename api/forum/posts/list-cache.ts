// The forum lists, built once per change of the data and reused by every request until then
// (docs/decisions/0030-forum-list-cache.md).
import type { Database_ } from '../../../db/client';
import { dataVersion } from '../../../db/queries/statements';
import type { AppDeps } from '../../platform/context';
import type { PostType } from './access';
import { prebuiltJson, type PrebuiltJson } from '../../platform/middleware/etag';
import { buildPostList, ownKey, personalizedJson, type SharedList } from './list';
import { clubTimeZone } from '../../platform/club-time-zone';

interface CachedList {
  version: string;
  timeZone: string;
  list: SharedList;
  answers: Map<string, PrebuiltJson>;
  builtAt: number;
}

/** Distinct answers kept per list; past it the oldest go (a member's answer is rebuilt on need). */
const ANSWERS_KEPT = 256;

// Per connection, so each test database has its own lists.
const caches = new WeakMap<Database_, Partial<Record<PostType, CachedList>>>();

function currentList(deps: AppDeps, type: PostType, now: number): CachedList {
  const { database } = deps;
  let perDb = caches.get(database);
  if (!perDb) {
    perDb = {};
    caches.set(database, perDb);
  }
  const version = dataVersion(database);
  const timeZone = clubTimeZone(deps);
  const cached = perDb[type];
  // The clock may also go back (tests set it): a list is only reused for the moment it was built for.
  if (
    cached &&
    cached.version === version &&
    cached.timeZone === timeZone &&
    now < cached.list.validUntil &&
    now >= cached.builtAt
  ) {
    return cached;
  }
  const fresh: CachedList = {
    version,
    timeZone,
    list: buildPostList(deps, type, now),
    answers: new Map(),
    builtAt: now,
  };
  perDb[type] = fresh;
  return fresh;
}

/** The list answer for `userId`, from the cache when the data and the moment allow. */
export function forumListAnswer(deps: AppDeps, userId: number, type: PostType): PrebuiltJson {
  const cached = currentList(deps, type, deps.clock());
  const key = ownKey(cached.list, userId);
  let answer = cached.answers.get(key);
  if (!answer) {
    answer = prebuiltJson(personalizedJson(cached.list, userId));
    if (cached.answers.size >= ANSWERS_KEPT) cached.answers.delete(cached.answers.keys().next().value!);
    cached.answers.set(key, answer);
  }
  return answer;
}
