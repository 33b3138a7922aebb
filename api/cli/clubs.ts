// `npm run clubs -- <command>`: the host's clubs from a script, the same as the console (/_host/).
//   create <address> --name "<name>" --admin <email>   a club, and its first administrator's setup link (printed and emailed)
//   list                                                one club a line: address, name, state
//   suspend <address> | resume <address>                 its pages say so; nothing is deleted
//   export <address> <file>                               its database (checked) and uploads, as one file
//   import <file> [--address <address>]                   an export put in place as a club of this machine
//   migrate                                               every club's database; the ones that fail are listed
//   proxy-routes <host:port>                              this machine's lines of the proxy's table (deploy/)
// Works while the server runs: the server reads the host's list on every request.
import { createLogger } from '../platform/logger';
import { loadEnv } from '../platform/settings/env';
import { ServiceError } from '../platform/errors';
import { clubOpener } from '../clubs';
import { clubAddress } from '../host/addresses';
import { ImportRefused, exportClub, importClub } from '../host/club-export';
import { hostRegistryPath } from '../host/club-env';
import { createClub } from '../host/console/create-club';
import { migrateFleet } from '../host/fleet';
import { adoptSingleClub, type Host } from '../host/host';
import { proxyRoutes } from '../host/proxy-routes';
import { HostRegistry } from '../host/registry';
import { uploadsDirFor } from '../deps';

const USAGE = `Usage: npm run clubs -- <command>
  create <address> --name "<name>" --admin <email>
  list
  suspend <address>
  resume <address>
  export <address> <file>
  import <file> [--address <address>]
  migrate
  proxy-routes <host:port>`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const env = loadEnv();
if (!env.MULTI_CLUB) console.error('Note: MULTI_CLUB is not "on": the server serves the single club of DATABASE_PATH until it is.');
const logger = createLogger(env);
const registry = new HostRegistry(hostRegistryPath(env));
adoptSingleClub(registry, env, uploadsDirFor(env.DATABASE_PATH), Date.now());
const open = clubOpener(env, logger);
const host: Host = {
  env,
  registry,
  logger,
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

const [command, ...args] = process.argv.slice(2);
const entryOf = (raw: string | undefined) => {
  const address = clubAddress(raw);
  const entry = address ? registry.find(address) : undefined;
  return entry ?? fail(`No club has the address ${raw ?? '(none given)'}. \`npm run clubs -- list\` shows them.`);
};

try {
  switch (command) {
    case 'create': {
      const name = option(args, '--name');
      const admin = option(args, '--admin');
      if (!args[0] || !name || !admin) fail(USAGE, 2);
      const { club, setupLink } = await createClub(host, { address: args[0], name, adminEmail: admin }, Date.now());
      console.log(`Created ${club.address} (${club.name}).`);
      console.log(`First-run setup link for ${admin} (emailed; it works once):`);
      console.log(setupLink);
      break;
    }
    case 'list':
      for (const e of registry.list()) console.log(`${e.address} ${e.name} ${e.state}`);
      break;
    case 'suspend':
    case 'resume': {
      const entry = entryOf(args[0]);
      registry.setState(entry.address, command === 'suspend' ? 'suspended' : 'active');
      console.log(`${entry.address} is ${command === 'suspend' ? 'suspended: its pages say so, and nothing of it is deleted' : 'active again'}.`);
      break;
    }
    case 'export': {
      const entry = entryOf(args[0]);
      if (!args[1]) fail(USAGE, 2);
      const done = await exportClub(entry, args[1], Date.now());
      console.log(`Exported ${entry.address} to ${args[1]} (${Math.ceil(done.bytes / 1024)} KB: its database, checked, and ${done.uploads} uploaded file(s)).`);
      if (entry.state === 'active') console.log('The club is active: writes after this moment are not in the file (suspend it first to move it).');
      break;
    }
    case 'import': {
      if (!args[0]) fail(USAGE, 2);
      const entry = importClub(host, args[0], Date.now(), option(args, '--address'));
      console.log(`Imported ${entry.address} (${entry.name}) into ${entry.databasePath}.`);
      break;
    }
    case 'migrate': {
      const report = migrateFleet(registry);
      for (const address of report.migrated) console.log(`migrated ${address}`);
      for (const { address, reason } of report.failed) console.error(`FAILED ${address}: ${reason}`);
      console.log(`${report.migrated.length} club(s) migrated, ${report.failed.length} failed.`);
      if (report.failed.length > 0) process.exitCode = 1;
      break;
    }
    case 'proxy-routes':
      if (!args[0]) fail(USAGE, 2);
      process.stdout.write(proxyRoutes(registry.list(), args[0]));
      break;
    default:
      fail(USAGE, 2);
  }
} catch (err) {
  if (err instanceof ServiceError || err instanceof ImportRefused) fail(`Refused: ${err.message}`);
  throw err;
} finally {
  registry.close();
}
