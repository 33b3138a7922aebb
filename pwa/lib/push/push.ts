// This device's side of Web Push: can it show notifications, its subscription, subscribing
// with the server's VAPID key and unsubscribing. What the member chooses lives on the server
// (pwa/features/profile/api/notification-queries.ts); the service worker shows what arrives
// (pwa/public/push-sw.js).

export type PushState = 'unsupported' | 'denied' | 'default' | 'granted';

export class PushUnavailableError extends Error {}

/** What this browser allows: no Push API or no service worker (an iPhone browser tab, a private window) is "unsupported". */
export function pushState(): PushState {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** The longest the app waits on the browser's push machinery before saying so (the permission prompt aside). */
export const PUSH_WAIT_MS = 15_000;
export const PUSH_TIMEOUT_TEXT =
  "Your browser's notification service did not answer in time. Check your connection and try again.";

/** `work`, or a PushUnavailableError once `ms` have passed: a browser without a push service can hang forever. */
export function withinPushWait<T>(work: Promise<T>, ms = PUSH_WAIT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushUnavailableError(PUSH_TIMEOUT_TEXT)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** This device's current subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  try {
    return (await withinPushWait((async () => (await registration())?.pushManager.getSubscription())())) ?? null;
  } catch {
    return null;
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}


/**
 * Asks the permission (the browser's own prompt, so call it from a tap) and subscribes with the
 * server's key. A subscription made with another key (the server's keys changed) is replaced.
 */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<PushSubscriptionJSON> {
  if (pushState() === 'unsupported') throw new PushUnavailableError('This browser cannot show notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushUnavailableError(
      permission === 'denied'
        ? "Notifications are blocked for this site. Allow them in your browser's site settings and try again."
        : 'Notifications were not allowed.',
    );
  }
  // From here on nothing waits on the member: the whole of it ends within PUSH_WAIT_MS.
  return withinPushWait(subscribeWithKey(vapidPublicKey));
}

async function subscribeWithKey(vapidPublicKey: string): Promise<PushSubscriptionJSON> {
  const reg = await navigator.serviceWorker.ready;
  const key = keyBytes(vapidPublicKey);
  let subscription = await reg.pushManager.getSubscription();
  const sameKey = (s: PushSubscription) => {
    const used = s.options.applicationServerKey;
    if (!used) return false;
    const bytes = new Uint8Array(used);
    return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
  };
  if (subscription && !sameKey(subscription)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!subscription) {
    try {
      subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    } catch {
      // The browser could not register with its push service (offline, or a browser without one).
      throw new PushUnavailableError("Your browser could not reach its notification service. Try again when you're online.");
    }
  }
  return subscription.toJSON();
}

/** Ends this device's subscription (turning notifications off here, or at logout). */
export async function unsubscribeThisDevice(): Promise<void> {
  try {
    const subscription = await currentSubscription();
    if (subscription) await withinPushWait(subscription.unsubscribe());
  } catch {
    // Nothing to end, or the browser refused: the server has dropped the device either way.
  }
}
