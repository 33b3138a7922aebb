// A club made by the host: its address checked and free, its folder and database made and migrated,
// and its first administrator sent the one-time link of the first run (the setup page, which without
// the link's key does not exist for this club). The link is also answered, for the console and the CLI
// to show: a host whose email is not set up yet hands it over another way.
import { createClubSchema, ADDRESS_ERROR, ADDRESS_TAKEN_ERROR, type CreatedClub } from '../../../domain/contract/host';
import { SETUP_PATH } from '../../../domain/contract/club/page-frame';
import { openDatabase } from '../../../db/client';
import { runMigrations } from '../../../db/migrate';
import { documentBody, publishFirstVersion, readDocument } from '../../club/documents';
import { firstRunIdentity } from '../../../domain/documents/club-identity';
import { starterDocuments } from '../../../domain/documents/starter-pages';
import { clubToday } from '../../../domain/clock';
import { clubTimeZone } from '../../platform/club-time-zone';
import { ServiceError } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/tokens';
import { clubAddress, clubUrl } from '../addresses';
import { clubFacts } from './club-facts';
import { newClubPaths } from '../club-env';
import type { Host } from '../host';

export async function createClub(host: Host, raw: unknown, now: number): Promise<CreatedClub> {
  const parsed = createClubSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ServiceError(400, issue.message, { field: String(issue.path[0] ?? '') });
  }
  const input = parsed.data;
  const address = clubAddress(input.address);
  if (!address) throw new ServiceError(400, ADDRESS_ERROR, { field: 'address' });
  if (host.registry.find(address)) throw new ServiceError(409, ADDRESS_TAKEN_ERROR, { field: 'address' });
  const key = randomToken();
  host.registry.add({
    address,
    name: input.name,
    state: 'active',
    ...newClubPaths(host.env, address),
    adopted: false,
    setupKeyHash: sha256(key),
    adminEmail: input.adminEmail,
    createdAt: now,
  });
  const entry = host.registry.find(address)!;
  const database = openDatabase(entry.databasePath);
  try {
    runMigrations(database);
  } finally {
    database.close();
  }
  const setupLink = `${clubUrl(host.env.APP_URL, address)}${SETUP_PATH}?key=${key}`;
  await host.withClub(entry, async (club) => {
    // Its own name and contact from the first request on: until its administrator words them, a club
    // shows what the host was told of it, never the identity a club gets by default.
    const identity = { ...documentBody(club.deps, 'club'), ...firstRunIdentity(input.name), contactEmail: input.adminEmail };
    publishFirstVersion(club.deps, 'club', identity, 'Named by the host');
    // And its pages, terms and schedule, so its address shows nothing of the demo club before its
    // first run (which publishes them again under the name its administrator gives).
    const starters = starterDocuments(input.name, clubToday(now, clubTimeZone(club.deps)));
    for (const key of Object.keys(starters) as (keyof typeof starters)[]) {
      const body = starters[key];
      if (body !== undefined && readDocument(club.deps, key).version === 0) publishFirstVersion(club.deps, key, body, 'Starter, by the host');
    }
    // The email waits in the club's own message queue, and leaves now if the host's email is set up.
    club.deps.messageQueue.enqueue({
      to: input.adminEmail,
      subject: `Set up ${input.name}`,
      text: [
        `${input.name} has a home of its own at ${clubUrl(host.env.APP_URL, address)}, and you are to be its first administrator.`,
        '',
        `Open this link to name the club and make your account (it works once):`,
        setupLink,
        ...(host.env.HOST_NAME ? ['', `Hosted by ${host.env.HOST_NAME}.`] : []),
      ].join('\n'),
    });
    await club.deps.messageQueue.deliverPending();
  });
  return { club: clubFacts(host.env, entry, false), setupLink };
}
