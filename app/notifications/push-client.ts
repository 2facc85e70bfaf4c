// Web push in the browser: registering the site's service worker (/sw.js, scope /),
// the push state of spec section 4 (capability unknown, then subscribed, not subscribed or
// denied), subscribing this device (POST /api/user.php?push=1) and turning it off again.
export type PushState = "unknown" | "unsupported" | "subscribed" | "not_subscribed" | "denied";

const pushCapable = () =>
  typeof window !== "undefined" && window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/** Registers /sw.js once per page; null where the browser cannot run it. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!pushCapable()) return Promise.resolve(null);
  registration ??= navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => null);
  return registration;
}

export async function currentPushState(): Promise<PushState> {
  if (!pushCapable()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const reg = await registerServiceWorker();
  if (!reg) return "unsupported";
  const sub = await reg.pushManager.getSubscription().catch(() => null);
  return sub && Notification.permission === "granted" ? "subscribed" : "not_subscribed";
}

function keyBytes(base64url: string) {
  const raw = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

const post = (method: "POST" | "DELETE", body: unknown) =>
  fetch("/api/user.php?push=1", {
    method,
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json", "x-request-type": "push" },
    body: JSON.stringify(body),
  });

/** Asks for permission, subscribes with the deployment's VAPID key and stores the subscription. */
export async function subscribePush(publicKey: string): Promise<PushState> {
  if (!pushCapable()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "not_subscribed";
  const reg = await registerServiceWorker();
  if (!reg) return "unsupported";
  await navigator.serviceWorker.ready;
  let sub = await reg.pushManager.getSubscription();
  // a subscription made with another key (the deployment's key changed) cannot be used
  const key = sub?.options.applicationServerKey;
  if (sub && key && btoa(String.fromCharCode(...new Uint8Array(key))) !== btoa(String.fromCharCode(...keyBytes(publicKey)))) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const response = await post("POST", { subscription: sub.toJSON() });
  if (!response.ok) throw new Error(`push subscription not stored: ${response.status}`);
  return "subscribed";
}

/** Push off for this device: the browser's subscription and the server's row. */
export async function unsubscribePush(): Promise<PushState> {
  const reg = await registerServiceWorker();
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await post("DELETE", { endpoint: sub.endpoint }).catch(() => {});
    await sub.unsubscribe();
  }
  return "not_subscribed";
}

/** The beacon of spec section 7: an empty JSON body when the page becomes hidden. */
export function sendPageHidden() {
  const body = new Blob(["{}"], { type: "application/json" });
  if (!navigator.sendBeacon?.("/api/page-hidden.php", body)) {
    void fetch("/api/page-hidden.php", {
      method: "POST",
      body: "{}",
      keepalive: true,
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
    }).catch(() => {});
  }
}

/** What a push the service worker passed on means for the open page, as a live event (the
 * pages reload chats and likes as they do for the live stream); null for other messages. */
export function liveEventOfPush(
  message: unknown,
): { type: "message"; conversationId: number } | { type: "like" | "match"; profileId: number } | { type: "counts" } | null {
  const m = message as { type?: unknown; kind?: unknown; url?: unknown } | null;
  if (!m || m.type !== "push") return null;
  const path = typeof m.url === "string" ? new URL(m.url, window.location.origin).pathname : "";
  const id = Number(/\/(\d+)(?:\/|$)/.exec(path)?.[1] ?? 0);
  if (m.kind === "newMessage" || m.kind === "newConversation") return { type: "message", conversationId: id };
  if (m.kind === "like" || m.kind === "match") return { type: m.kind, profileId: id };
  return { type: "counts" };
}
