// The web app manifest in the service worker, loaded by the generated worker with importScripts
// (vite.config.ts) before its own routes. The server writes the manifest from the club's settings in
// force (api/club/identity/manifest.ts), so it is fetched from the network each time: the precache
// holds the copy of the day the worker was installed, which is answered only offline. Without this,
// a browser that had visited once would read that old copy (its name, colours, screenshots) until the
// next deploy, whatever an administrator saved since.

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname !== '/manifest.webmanifest') return;
  // This answer, not the precache's: the worker's own listener comes after this one.
  event.stopImmediatePropagation();
  event.respondWith(
    fetch(request).catch(() => caches.match(request, { ignoreSearch: true }).then((kept) => kept || Response.error())),
  );
});
