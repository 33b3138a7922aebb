// Which push-service addresses the server may POST to. A device's subscription names a URL and the
// server sends to it on every new workout and reminder, so an unchecked URL would let a member make
// the server connect inside its own network (loopback, the cloud metadata service, a printer) and
// learn from the answers what listens there. Only the browsers' own push services are accepted, over
// https on 443, and only while every address their name resolves to is public; the check runs when a
// device is saved and again inside every connection (the socket's own DNS lookup), so a name that
// later resolves elsewhere (DNS rebinding) is refused too. An operator may name further hosts in
// PUSH_SERVICE_HOSTS (a self-hosted push service, the tests' stub): those are trusted as configured.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** The push services of Chrome/Android, Firefox, Safari and Edge. */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/** A host from PUSH_SERVICE_HOSTS: `host` (https on 443) or `host:port` (that port, http or https). */
export interface TrustedPushHost {
  host: string;
  port: number | null;
}

/** Reads PUSH_SERVICE_HOSTS ('push.example.org, 127.0.0.1:8123'); throws on an entry it cannot read. */
export function parsePushServiceHosts(value: string | undefined): TrustedPushHost[] {
  if (!value?.trim()) return [];
  return value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .map((entry) => {
      const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(entry);
      const port = m?.[2] === undefined ? null : Number(m[2]);
      if (!m || (port !== null && (port < 1 || port > 65535))) {
        throw new Error(`PUSH_SERVICE_HOSTS: "${entry}" is not a host or host:port`);
      }
      return { host: m[1]!.replace(/^\[|\]$/g, ''), port };
    });
}

// Every range that is not the public internet: this host, private networks, carrier-grade NAT,
// link-local (cloud metadata lives there), documentation, benchmarking, multicast, reserved.
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2001::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped, NAT64 or 6to4 IPv6 address, or null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:(?:0:)?|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  const parts = hex ?? sixToFour;
  if (!parts) return null;
  const a = parseInt(parts[1]!, 16);
  const b = parseInt(parts[2]!, 16);
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
}

/** True for an address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(address);
  if (inner !== null) return isIP(inner) === 4 && !NOT_PUBLIC.check(inner, 'ipv4');
  return !NOT_PUBLIC.check(address, 'ipv6');
}

function matchesPattern(host: string, pattern: string): boolean {
  return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;
}

/** Every address a name resolves to, as a connection would find them. */
export type Resolve = (host: string) => Promise<string[]>;

const resolveAll: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses: LookupAddress[]) =>
      err ? reject(err) : resolve(addresses.map((a) => a.address)),
    ),
  );

export type Verdict = { ok: true; trusted: boolean } | { ok: false; reason: string };

/** The error a connection's lookup fails with when the name points somewhere not public. */
export const REFUSED_ADDRESS_CODE = 'EPUSHADDRESS';

/**
 * The rule for push endpoints, from PUSH_SERVICE_HOSTS. `resolve` is the DNS lookup (the system's,
 * hosts file included, as a connection would use it).
 */
export class PushEndpointPolicy {
  readonly trusted: TrustedPushHost[];
  private readonly resolve: Resolve;

  constructor(trusted: TrustedPushHost[], resolve: Resolve = resolveAll) {
    this.trusted = trusted;
    this.resolve = resolve;
  }

  /** The configured entry this URL's host and port match, if any. */
  private trustedEntry(url: URL): TrustedPushHost | undefined {
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
    return this.trusted.find((t) => t.host === host && (t.port === null ? url.protocol === 'https:' && port === 443 : t.port === port));
  }

  /**
   * The URL's form alone, without DNS: http(s), no credentials, and either a configured host and port
   * or a known push service over https on 443 named by a host name. `trusted` is the configured case.
   */
  checkForm(endpoint: string): Verdict {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return { ok: false, reason: 'not a URL' };
    }
    if (url.username || url.password) return { ok: false, reason: 'credentials in the URL' };
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'not http(s)' };
    if (this.trustedEntry(url)) return { ok: true, trusted: true };
    if (url.protocol !== 'https:') return { ok: false, reason: 'not https' };
    if (url.port !== '' && url.port !== '443') return { ok: false, reason: 'not port 443' };
    const host = url.hostname.toLowerCase().replace(/\.$/, '');
    if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return { ok: false, reason: 'an IP address, not a push service' };
    if (!DEFAULT_PUSH_SERVICE_HOSTS.some((p) => matchesPattern(host, p))) return { ok: false, reason: 'not a known push service' };
    return { ok: true, trusted: false };
  }

  /** Checks the URL's form and, for a host not configured by the operator, where its name points now. */
  async check(endpoint: string): Promise<Verdict> {
    const form = this.checkForm(endpoint);
    if (!form.ok || form.trusted) return form;
    const host = new URL(endpoint).hostname.toLowerCase().replace(/\.$/, '');
    let addresses: string[];
    try {
      addresses = await this.resolve(host);
    } catch {
      return { ok: false, reason: 'the name does not resolve' };
    }
    if (addresses.length === 0 || !addresses.every(isPublicAddress)) return { ok: false, reason: 'resolves to an address that is not public' };
    return form;
  }

  /**
   * The DNS lookup for a connection to `endpoint`: a configured host resolves as usual; any other
   * resolves and refuses the connection when an address is not public, so the address checked is
   * the address connected to.
   */
  connectionLookup(endpoint: string) {
    const trusted = this.trustedEntry(new URL(endpoint)) !== undefined;
    return (
      hostname: string,
      options: { all?: boolean; family?: number | string },
      callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
    ): void => {
      this.resolve(hostname).then(
        (found) => {
          const addresses = found.map((address) => ({ address, family: isIP(address) }));
          if (!trusted && (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address)))) {
            const refused: NodeJS.ErrnoException = new Error(`Refused: ${hostname} resolves to an address that is not public`);
            refused.code = REFUSED_ADDRESS_CODE;
            return callback(refused, '', 0);
          }
          if (addresses.length === 0) {
            const none: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
            none.code = 'ENOTFOUND';
            return callback(none, '', 0);
          }
          if (options.all) return callback(null, addresses);
          const first = addresses[0]!;
          callback(null, first.address, first.family);
        },
        (err: NodeJS.ErrnoException) => callback(err, '', 0),
      );
    };
  }
}
