/*
 * The service worker: shows the server's push messages ({ kind, title, body, url }, url a path of this site)
 * and opens that path when one is tapped. It caches nothing: the app works online only.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const url = typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/';
  event.waitUntil(
    self.registration.showNotification(message.title || 'Fantasy Matchup', {
      body: message.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // a newer message about the same thing replaces the one shown
      tag: message.kind && message.kind !== 'test' ? `${message.kind}:${url}` : undefined,
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'navigate' in client) {
          const navigated = await client.navigate(target);
          await (navigated ?? client).focus().catch(() => {});
          return;
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});
