import { describe, expect, it } from 'vitest';
import { PushEndpointPolicy, isPublicAddress, parsePushServiceHosts } from './push-endpoint';

const resolvingTo = (addresses: Record<string, string[]>) => async (host: string) => {
  const found = addresses[host];
  if (!found) throw new Error('ENOTFOUND');
  return found;
};

describe('push endpoints', () => {
  it('tells public addresses from the rest', () => {
    for (const ip of ['142.250.72.10', '2607:f8b0:4004:c07::5f', '17.253.144.10']) expect(isPublicAddress(ip)).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '203.0.113.7',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1',
      'not-an-ip',
    ]) {
      expect({ ip, public: isPublicAddress(ip) }).toEqual({ ip, public: false });
    }
  });

  it('reads PUSH_SERVICE_HOSTS and refuses what it cannot read', () => {
    expect(parsePushServiceHosts(' push.example.org, 127.0.0.1:8123 ,[::1]:9000')).toEqual([
      { host: 'push.example.org', port: null },
      { host: '127.0.0.1', port: 8123 },
      { host: '::1', port: 9000 },
    ]);
    expect(parsePushServiceHosts(undefined)).toEqual([]);
    expect(() => parsePushServiceHosts('http://x.org')).toThrow(/PUSH_SERVICE_HOSTS/);
    expect(() => parsePushServiceHosts('x.org:99999')).toThrow(/PUSH_SERVICE_HOSTS/);
  });

  it("accepts only the browsers' push services over https on 443, resolving to public addresses", async () => {
    const policy = new PushEndpointPolicy(
      [],
      resolvingTo({
        'fcm.googleapis.com': ['142.250.72.10'],
        'updates.push.services.mozilla.com': ['34.117.0.1', '2600:1901:0:1::1'],
        'wns2-by3p.notify.windows.com': ['20.42.0.1'],
        'web.push.apple.com': ['127.0.0.1'],
      }),
    );
    expect(await policy.check('https://fcm.googleapis.com/fcm/send/abc')).toEqual({ ok: true, trusted: false });
    expect(await policy.check('https://updates.push.services.mozilla.com/wpush/v2/x')).toMatchObject({ ok: true });
    expect(await policy.check('https://wns2-by3p.notify.windows.com/w/?token=x')).toMatchObject({ ok: true });
    for (const bad of [
      'https://web.push.apple.com/x', // resolves to loopback (a rebinding or a poisoned hosts file)
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/x',
      'https://localhost/x',
      'https://localhost./x',
      'https://foo.localhost/x',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://evil.example.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://notify.windows.com.evil.example/x',
      'ftp://fcm.googleapis.com/x',
      'not a url',
    ]) {
      const verdict = await policy.check(bad);
      expect({ bad, ok: verdict.ok }).toEqual({ bad, ok: false });
    }
  });

  it('trusts a host the operator configured, on the port configured, without checking its addresses', async () => {
    const policy = new PushEndpointPolicy(parsePushServiceHosts('127.0.0.1:8123, push.club.internal'), resolvingTo({}));
    expect(await policy.check('http://127.0.0.1:8123/send/phone')).toEqual({ ok: true, trusted: true });
    expect(await policy.check('https://push.club.internal/send/phone')).toEqual({ ok: true, trusted: true });
    // Another port of a configured host, or a configured host without a port over http, is not trusted.
    expect((await policy.check('http://127.0.0.1:8124/send/phone')).ok).toBe(false);
    expect((await policy.check('http://push.club.internal/send/phone')).ok).toBe(false);
  });

  it('refuses inside the connection when a name resolves to a non-public address', async () => {
    const policy = new PushEndpointPolicy([]);
    const lookup = policy.connectionLookup('https://localhost/x');
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => lookup('localhost', {}, (err) => resolve(err)));
    expect(error?.code).toBe('EPUSHADDRESS');
    const trusted = new PushEndpointPolicy(parsePushServiceHosts('localhost:8123')).connectionLookup('http://localhost:8123/x');
    const address = await new Promise<string>((resolve, reject) =>
      trusted('localhost', {}, (err, addr) => (err ? reject(err) : resolve(addr as string))),
    );
    expect(['127.0.0.1', '::1']).toContain(address);
  });
});
