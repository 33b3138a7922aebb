// Web Push in the service worker, loaded by the generated worker with importScripts
// (vite.config.ts). The server sends JSON { title, body, url, tag, icon } (api/messaging/queue/web-push.ts);
// a tap opens that page in a window of the app that is already open, or in a new one.

self.addEventListener('push', (event) => {
  // The build's icon stands in when a push names none (a plain-text push).
  let message = { title: 'University Triathlon Club', body: '', url: '/', tag: undefined, icon: '/icons/icon-192.png' };
  try {
    message = { ...message, ...(event.data ? event.data.json() : {}) };
  } catch {
    // Not JSON: show the text as it came.
    message.body = event.data ? event.data.text() : '';
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: message.icon,
      badge: message.icon,
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only a page of this app: the URL is resolved against the worker's own origin.
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === target.origin);
      if (open) {
        try {
          // navigate() works on a window this worker controls; otherwise a new window opens below.
          await open.navigate(target.href);
          await open.focus();
          return;
        } catch {
          // Not controlled by this worker (e.g. opened before it was installed).
        }
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
