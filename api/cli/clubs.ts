// `npm run clubs -- <command>`: the host's clubs from a script, the same as the console (/_host/).
//   create <address> --name "<name>" --admin <email>   a club, and its first administrator's setup link (printed and emailed)
//   list                                                one club a line: address, name, state
//   suspend <address> | resume <address>                 its pages say so; nothing is deleted
//   moved <address>                                       after its import elsewhere: no longer routed from here
//   export <address> <file>                               its database (checked) and uploads, as one file
//   import <file> [--address <address>]                   an export put in place as a club of this machine
//   migrate                                               every club's database; the ones that fail are listed
//   proxy-routes <host:port>                              this machine's lines of the proxy's table (deploy/)
//   proxy-site [--listen] [--routes] [--fallback]         the proxy's site for Debian's nginx (deploy/)
// Works while the server runs: the server reads the host's list on every request.
import { loadEnv } from '../platform/settings/env';
import { clubsCommand } from './clubs-command';

process.exitCode = await clubsCommand(loadEnv(), process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
