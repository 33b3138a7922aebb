// The service worker, registered once a page is idle with the browser's own call: the bar that offers
// a new version (update-bar.tsx, with workbox-window) loads only when one is waiting, not with every
// page. The same worker and scope the update bar's registration names, so the two meet one registration.

const WORKER_URL = '/sw.js';

/**
 * Registers the worker and calls `onWaiting` when a new version waits to take over from the one in
 * charge (never for the first install, which takes charge by itself).
 */
export function watchForUpdate(onWaiting: () => void): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const waiting = (registration: ServiceWorkerRegistration) => {
    if (registration.waiting && navigator.serviceWorker.controller) onWaiting();
  };
  navigator.serviceWorker
    .register(WORKER_URL, { scope: '/' })
    .then((registration: ServiceWorkerRegistration | undefined) => {
      // None when the browser refuses workers here (an automated browser told to block them).
      if (!registration) return;
      waiting(registration);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') waiting(registration);
        });
      });
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}
