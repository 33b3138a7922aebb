// Web Push delivery: VAPID keys and one request to a device's push service. What to send and to whom
// is in notifications.ts; retries and the record of each push are the message queue's (message-queue.ts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who runs this server, for the push service: a mailto: address. */
  subject: string;
}

/**
 * The keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or generated once into the data folder (like the
 * JWT secret): a device's subscription is bound to the public key, so it must survive restarts.
 */
export function resolveVapidKeys(
  env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; CLUB_EMAIL: string; DATABASE_PATH: string },
): VapidKeys {
  const subject = `mailto:${env.CLUB_EMAIL}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  if (env.DATABASE_PATH === ':memory:') return { ...webpush.generateVAPIDKeys(), subject };
  const file = join(dirname(env.DATABASE_PATH), 'vapid-keys.json');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}

/** A device's subscription as the browser gave it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker receives (pwa/public/push-sw.js shows it). */
export interface PushPayload {
  title: string;
  body: string;
  /** The page a tap opens, relative to the app. */
  url: string;
  /** One notification per item: a second push about the same thing replaces the first. */
  tag: string;
}

export interface PushTransport {
  /** Resolves with the push service's HTTP status; rejects when it could not be reached. */
  send(target: PushTarget, payload: PushPayload): Promise<number>;
}

/** A push kept a day at most by the push service: a reminder a day late is no use. */
const TTL_SECONDS = 24 * 3600;

/**
 * Encrypts the payload (RFC 8291, aes128gcm) and signs the request (RFC 8292) with web-push, then
 * sends it with fetch: web-push's own sender speaks only https, and the test's push service is a
 * plain HTTP server on 127.0.0.1.
 */
export function webPushTransport(vapid: VapidKeys): PushTransport {
  return {
    async send(target, payload) {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        { vapidDetails: vapid, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
      );
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body),
        signal: AbortSignal.timeout(15_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.status;
    },
  };
}
