// The commands of `npm run clubs` (api/cli/clubs.ts), as a function of the settings, the arguments and
// where the lines go, so a test runs them in its own process.
import { createLogger } from '../platform/logger';
import type { Env } from '../platform/settings/env';
import { ServiceError } from '../platform/errors';
import { clubOpener } from '../clubs';
import { clubAddress } from '../host/addresses';
import { clubStripeSchema } from '../../domain/contract/host';
import { ImportRefused, exportClub, importClub } from '../host/club-export';
import { hostRegistryPath } from '../host/club-env';
import { createClub } from '../host/console/create-club';
import { migrateFleet } from '../host/fleet';
import { adoptSingleClub, type Host } from '../host/host';
import { DEFAULT_PROXY_SITE, proxyRoutes, proxySite } from '../host/proxy-routes';
import { HostRegistry } from '../host/registry';
import { uploadsDirFor } from '../deps';

export const USAGE = `Usage: npm run clubs -- <command>
  create <address> --name "<name>" --admin <email>
  list
  suspend <address>
  resume <address>
  moved <address>                      (after its import on another machine: this one stops routing it)
  export <address> <file>
  import <file> [--address <address>]
  stripe <address> --secret-key <sk_…> --webhook-secret <whsec_…>   (the club's own Stripe account)
  stripe <address> --off
  migrate
  proxy-routes <host:port>
  proxy-site [--listen 80] [--routes /etc/nginx/club-routes] [--fallback 127.0.0.1:3000]`;

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

class Stop extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

/** Runs one command; answers the exit code. */
export async function clubsCommand(env: Env, argv: string[], io: Io): Promise<number> {
  // Without it, the host's list and the adoption of the single club would be made for a server that
  // goes on serving only DATABASE_PATH's club: nothing is written until the host means it.
  if (!env.MULTI_CLUB) {
    io.err('Refused: these commands are for many clubs on one deployment. Set MULTI_CLUB=on (README, Hosting many clubs) and run it again.');
    return 1;
  }
  const registry = new HostRegistry(hostRegistryPath(env));
  adoptSingleClub(registry, env, uploadsDirFor(env.DATABASE_PATH), Date.now());
  const open = clubOpener(env, createLogger(env));
  const host: Host = {
    env,
    registry,
    logger: createLogger(env),
    withClub: async (entry, fn) => {
      const club = await open(entry);
      try {
        return await fn(club);
      } finally {
        await club.close();
      }
    },
    closeClub: async () => undefined,
  };
  const [command, ...args] = argv;
  const usage = () => new Stop(USAGE, 2);
  const entryOf = (raw: string | undefined) => {
    const address = clubAddress(raw);
    const entry = address ? registry.find(address) : undefined;
    if (!entry) throw new Stop(`No club has the address ${raw ?? '(none given)'}. \`npm run clubs -- list\` shows them.`, 1);
    return entry;
  };
  try {
    switch (command) {
      case 'create': {
        const name = option(args, '--name');
        const admin = option(args, '--admin');
        if (!args[0] || !name || !admin) throw usage();
        const { club, setupLink } = await createClub(host, { address: args[0], name, adminEmail: admin }, Date.now());
        io.out(`Created ${club.address} (${club.name}).`);
        io.out(`First-run setup link for ${admin} (emailed; it works once):`);
        io.out(setupLink);
        return 0;
      }
      case 'list':
        for (const e of registry.list()) io.out(`${e.address} ${e.name} ${e.state}`);
        return 0;
      case 'suspend':
      case 'resume': {
        const entry = entryOf(args[0]);
        registry.setState(entry.address, command === 'suspend' ? 'suspended' : 'active');
        io.out(`${entry.address} is ${command === 'suspend' ? 'suspended: its pages say so, and nothing of it is deleted' : 'active again'}.`);
        return 0;
      }
      case 'moved': {
        const entry = entryOf(args[0]);
        if (entry.state !== 'suspended') throw new Stop(`Suspend ${entry.address} and import its export on the other machine first.`, 1);
        registry.setState(entry.address, 'moved');
        io.out(`${entry.address} is marked moved: this machine keeps its files and no longer routes it (proxy-routes).`);
        return 0;
      }
      case 'export': {
        const entry = entryOf(args[0]);
        if (!args[1]) throw usage();
        const done = await exportClub(env, entry, args[1], Date.now());
        io.out(`Exported ${entry.address} to ${args[1]} (${Math.ceil(done.bytes / 1024)} KB: its database, checked, and ${done.uploads} uploaded file(s)).`);
        if (entry.state === 'active') io.out('The club is active: writes after this moment are not in the file (suspend it first to move it).');
        if (entry.adopted && env.JWT_SECRET === undefined) io.out('Its sessions are signed with its own secret file, which no export carries: imported elsewhere, its members sign in again.');
        return 0;
      }
      case 'import': {
        if (!args[0]) throw usage();
        const entry = importClub(host, args[0], Date.now(), option(args, '--address'));
        io.out(`Imported ${entry.address} (${entry.name}) into ${entry.databasePath}.`);
        if (entry.hostSecretSessions && env.JWT_SECRET === undefined) io.out('This machine has no JWT_SECRET: set the host\'s, or its members sign in again.');
        return 0;
      }
      case 'stripe': {
        const entry = entryOf(args[0]);
        if (args.includes('--off')) {
          registry.setStripe(entry.address, null);
          io.out(`${entry.address} takes no online payment now: its members pay by hand (from its next opening).`);
          return 0;
        }
        const parsed = clubStripeSchema.safeParse({ secretKey: option(args, '--secret-key'), webhookSecret: option(args, '--webhook-secret') });
        if (!parsed.success) throw new Stop(parsed.error.issues[0]!.message, 2);
        registry.setStripe(entry.address, parsed.data);
        io.out(`${entry.address} takes online payments into its own Stripe account (from its next opening; the console applies it at once).`);
        io.out(`Its webhook endpoint, to give Stripe: https://${entry.address}/api/payments/stripe/webhook`);
        return 0;
      }
      case 'migrate': {
        const report = migrateFleet(registry);
        for (const address of report.migrated) io.out(`migrated ${address}`);
        for (const { address, reason } of report.failed) io.err(`FAILED ${address}: ${reason}`);
        io.out(`${report.migrated.length} club(s) migrated, ${report.failed.length} failed.`);
        return report.failed.length > 0 ? 1 : 0;
      }
      case 'proxy-routes':
        if (!args[0]) throw usage();
        io.out(proxyRoutes(registry.list(), args[0]).trimEnd());
        return 0;
      case 'proxy-site':
        io.out(
          proxySite({
            listen: option(args, '--listen') ?? DEFAULT_PROXY_SITE.listen,
            routesDir: option(args, '--routes') ?? DEFAULT_PROXY_SITE.routesDir,
            fallback: option(args, '--fallback') ?? DEFAULT_PROXY_SITE.fallback,
          }).trimEnd(),
        );
        return 0;
      default:
        throw usage();
    }
  } catch (err) {
    if (err instanceof Stop) {
      io.err(err.message);
      return err.code;
    }
    if (err instanceof ServiceError || err instanceof ImportRefused) {
      io.err(`Refused: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    registry.close();
  }
}
