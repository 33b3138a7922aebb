// A Web Push service for tests: an HTTP server on 127.0.0.1 that records each push it is
// sent and answers what the test asks (201, 404, 410, 500). With it, a fake device: a key pair and auth
// secret like a browser's, so the test can decrypt a payload the way the device would (RFC 8291).
import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  /** The path after the stub's origin: which device it was for. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushServiceStub {
  url: string;
  /** '127.0.0.1:<port>', the entry of PUSH_SERVICE_HOSTS that lets a server send here. */
  host: string;
  received: ReceivedPush[];
  /** The status the next pushes get (default 201). */
  answer(status: number): void;
  close(): Promise<void>;
}

/**
 * Starts the stub on `port` (default: one the system picks). A server under test reaches it only when
 * its PUSH_SERVICE_HOSTS names `127.0.0.1:<port>`. With `hang`, it takes each push and never answers
 * (a push service that accepts the connection and goes silent).
 */
export async function startPushService(options: { port?: number; hang?: boolean } = {}): Promise<PushServiceStub> {
  const received: ReceivedPush[] = [];
  let status = 201;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      if (!options.hang) res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    received,
    answer: (s) => {
      status = s;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface FakeDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Decrypts an aes128gcm push body sent to this device. */
  decrypt(body: Buffer): string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** A browser's side of a subscription: what PushManager.subscribe would give, and its private key. */
export function fakeDevice(endpoint: string): FakeDevice {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const publicKey = ecdh.getPublicKey();
  return {
    endpoint,
    keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    decrypt(body) {
      // RFC 8188 header: salt (16), record size (4), key id length (1), key id (the server's public key).
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      // RFC 8291 §3.4: the input key from the shared secret and the auth secret, then RFC 8188's key and nonce.
      const shared = ecdh.computeSecret(serverKey);
      const info = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]);
      const ikm = hmac(hmac(auth, shared), Buffer.concat([info, Buffer.from([1])]));
      const prk = hmac(salt, ikm);
      const key = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', key, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 2 and optional zero padding.
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end -= 1;
      if (plain[end] !== 2) throw new Error('Not the last record of an aes128gcm body');
      return plain.subarray(0, end).toString('utf8');
    },
  };
}

/** A browser's push subscription with keys of the right shape, for tests that send nothing to it. */
export const PUSH_DEVICE = {
  endpoint: 'https://push.example.com/send/racer-phone',
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
  kinds: { placeFreed: true, reminders: true, newWorkouts: false },
};
