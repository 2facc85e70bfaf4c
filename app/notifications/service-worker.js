// The push service worker (served per site at /sw.js by app/notifications/service-worker.server.ts,
// which defines SITE { name, logo } and VERSION above this file's text). It shows each push as a
// notification (title, body, icon and link from the payload, the site's name and logo when the
// payload lacks them), tells the site's open pages so they reload chats and likes, and on a click
// focuses an open page of the link's origin (taking it to the link) or opens one.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

const windows = () => self.clients.matchAll({ type: "window", includeUncontrolled: true });
const sameOrigin = (client, url) => new URL(client.url).origin === url.origin;

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { body: event.data ? event.data.text() : "" };
  }
  const url = new URL(data.url || "/members", self.location.origin);
  event.waitUntil(
    (async () => {
      for (const client of await windows()) {
        if (sameOrigin(client, url)) client.postMessage({ type: "push", version: VERSION, kind: data.kind || null, url: url.href });
      }
      await self.registration.showNotification(data.title || SITE.name, {
        body: data.body || "",
        icon: data.icon || new URL(SITE.logo, self.location.origin).href,
        tag: data.tag || undefined,
        renotify: Boolean(data.tag),
        data: { url: url.href },
      });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  event.waitUntil(
    (async () => {
      const open = (await windows()).filter((client) => sameOrigin(client, url));
      const client = open.find((c) => c.url === url.href) || open.find((c) => c.focused) || open[0];
      if (!client) return self.clients.openWindow(url.href);
      const focused = await client.focus();
      if (focused.url !== url.href) focused.postMessage({ type: "navigate", version: VERSION, url: url.href });
      return focused;
    })(),
  );
});
