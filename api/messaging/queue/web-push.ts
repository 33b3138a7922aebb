// Web Push delivery: VAPID keys and one request to a device's push service. What to send and to whom
// is in notifications.ts; retries and the record of each push are the message queue's (dispatcher.ts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { dirname, join } from 'node:path';
import webpush from 'web-push';
import { REFUSED_ADDRESS_CODE, type PushEndpointPolicy } from '../../platform/settings/push-endpoint';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or generated once into the data folder (like the
 * JWT secret): a device's subscription is bound to the public key, so it must survive restarts.
 */
export function resolveVapidKeys(env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; DATABASE_PATH: string }): VapidKeys {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  }
  if (env.DATABASE_PATH === ':memory:') return webpush.generateVAPIDKeys();
  const file = join(dirname(env.DATABASE_PATH), 'vapid-keys.json');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
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
  /** The notification's picture: the club's 192 px app icon in force at the send. */
  icon: string;
}

/** Who sends, read at each send like an email's sender, so an administrator's edit applies to the next push. */
export interface PushSender {
  /** The club's contact address in force: the push service's way to reach whoever runs this server (the VAPID subject). */
  contact: string;
  /** The club's 192 px app icon in force (the manifest's). */
  icon: string;
}

export interface PushSend {
  /** The club's contact address in force (PushSender.contact). */
  contact: string;
  /** Ends the attempt. */
  signal?: AbortSignal;
}

export interface PushTransport {
  /**
   * Resolves with the push service's HTTP status; rejects when it could not be reached, or with
   * PushRefused when this push cannot go to this device at all.
   */
  send(target: PushTarget, payload: PushPayload, options: PushSend): Promise<number>;
}

/**
 * This push cannot go to this device as it stands (an endpoint the policy refuses, keys that cannot
 * encrypt): nothing was sent, and trying again would not change that.
 */
export class PushRefused extends Error {
  override name = 'PushRefused';
}

/** A push service has this long to answer; a hung one must not hold a sending slot. */
export const PUSH_TIMEOUT_MS = 5_000;

/** A push kept a day at most by the push service: a reminder a day late is no use. */
const TTL_SECONDS = 24 * 3600;

/**
 * Encrypts the payload (RFC 8291, aes128gcm) and signs the request (RFC 8292, subject `mailto:` the
 * send's contact address) with web-push, then sends it with node's own request: the endpoint's form
 * is checked against the policy first, and the connection resolves the name through the policy's
 * lookup, so the address checked is the address connected to (a name that turned private since the
 * device was saved is refused). Redirects are never followed, and an answer must come within
 * `timeoutMs`.
 */
export function webPushTransport(vapid: VapidKeys, policy: PushEndpointPolicy, timeoutMs = PUSH_TIMEOUT_MS): PushTransport {
  return {
    send(target, payload, { contact, signal }) {
      const form = policy.checkForm(target.endpoint);
      if (!form.ok) return Promise.reject(new PushRefused(`Not a push service the club app may reach (${form.reason})`));
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          { vapidDetails: { ...vapid, subject: `mailto:${contact}` }, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
        );
      } catch (err) {
        return Promise.reject(new PushRefused(`The device's keys cannot encrypt a push (${err instanceof Error ? err.message : String(err)})`));
      }
      const url = new URL(details.endpoint);
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      return new Promise<number>((resolve, reject) => {
        const req = send(url, {
          method: details.method,
          headers: details.headers as Record<string, string | number>,
          lookup: policy.connectionLookup(target.endpoint),
          // A connection of its own, so every push goes through the lookup above.
          agent: false,
          signal,
        });
        const timer = setTimeout(() => req.destroy(new Error(`No answer from the push service within ${timeoutMs / 1000} s`)), timeoutMs);
        timer.unref();
        req.on('response', (res) => {
          resolve(res.statusCode ?? 0);
          // The body is of no use; the connection closes once it is read (or when the timer runs out).
          res.resume();
          res.on('end', () => clearTimeout(timer));
          res.on('error', () => clearTimeout(timer));
        });
        req.on('error', (err: NodeJS.ErrnoException) => {
          clearTimeout(timer);
          reject(
            err.code === REFUSED_ADDRESS_CODE ? new PushRefused(`Not a push service the club app may reach (${err.message})`) : err,
          );
        });
        req.end(details.body);
      });
    },
  };
}
