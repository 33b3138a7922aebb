// The forum lists, built once per change of the data and reused by every request until then
// (docs/decisions/0030-forum-list-cache.md).
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Database_ } from '../../../db/client';
import { dataVersion } from '../../../db/statements';
import type { AppDeps } from '../../platform/context';
import type { PostType } from './access';
import { buildPostList, ownKey, personalizedJson, type SharedList } from './list';
import { clubTimeZone } from '../../platform/club-time-zone';

/** One answer body, shared by every member who sees exactly the same list. */
export interface ListAnswer {
  /** Strong validator: a hash of the body, so equal bodies get equal tags, across rebuilds too. */
  etag: string;
  json: string;
  /** The body gzipped, made on first need (most clients ask for gzip). */
  gzip(): Buffer;
}

interface CachedList {
  version: string;
  timeZone: string;
  list: SharedList;
  answers: Map<string, ListAnswer>;
  builtAt: number;
}

/** Distinct answers kept per list; past it the oldest go (a member's answer is rebuilt on need). */
const ANSWERS_KEPT = 256;

// Per connection, so each test database has its own lists.
const caches = new WeakMap<Database_, Partial<Record<PostType, CachedList>>>();

/** A prebuilt answer for `json`: its ETag (a hash of the body) and its gzip on first need. */
export function makeAnswer(json: string): ListAnswer {
  let gzipped: Buffer | null = null;
  return {
    etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`,
    json,
    gzip: () => (gzipped ??= gzipSync(json)),
  };
}

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
export function forumListAnswer(deps: AppDeps, userId: number, type: PostType): ListAnswer {
  const cached = currentList(deps, type, deps.clock());
  const key = ownKey(cached.list, userId);
  let answer = cached.answers.get(key);
  if (!answer) {
    answer = makeAnswer(personalizedJson(cached.list, userId));
    if (cached.answers.size >= ANSWERS_KEPT) cached.answers.delete(cached.answers.keys().next().value!);
    cached.answers.set(key, answer);
  }
  return answer;
}
