// A club's address: the host name it is reached at, with the port when the request carries one
// (`rowing.example.edu`, `rowing.localhost:3000`), lower case, as the Host header gives it. The one
// reading of an address, for the registry, the front door, the CLI and the console alike.

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The address in its one spelling, or null when it is not a host name (with an optional port). */
export function clubAddress(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const text = raw.trim().toLowerCase().replace(/\.(?=:|$)/, '');
  const m = /^([^:]+)(?::(\d{1,5}))?$/.exec(text);
  if (!m) return null;
  const [, name, port] = m;
  if (name!.length > 253 || !name!.split('.').every((label) => LABEL.test(label))) return null;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535 || port.startsWith('0'))) return null;
  return port === undefined ? name! : `${name}:${port}`;
}

/** The address a URL is reached at (APP_URL's: the club adopted as the first one). */
export function addressOfUrl(url: string): string | null {
  try {
    return clubAddress(new URL(url).host);
  } catch {
    return null;
  }
}

/** The club's own URL: the host's scheme (APP_URL's) and the club's address. */
export function clubUrl(hostAppUrl: string, address: string): string {
  return `${new URL(hostAppUrl).protocol}//${address}`;
}

/** A folder name for the club's files: the address with its port's colon made safe for every file system. */
export function folderOf(address: string): string {
  return address.replace(':', '_');
}
