// The member's live state in the browser: the top bar's badges (unread messages, new likes,
// credits), the page title's count and the app badge, kept current by the live stream
// (/api/events) and by polling /api/chats.php (spec: from 5 s after load, every 60 s, every
// 300 s when push is subscribed). Pages listen for the stream's events to reload their data.
// Events sent while the stream was down (a dropped connection, or the server's bus: Redis or
// PostgreSQL restarting) are lost: when the stream opens again, or the server says "resync", the
// badges are read again and every page that follows live events reloads its data.
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { useFetchers, useLocation, useNavigation, useRevalidator } from "react-router";
import { apiGet } from "#app/utils/api-client.ts";
import { liveEventOfPush } from "#app/notifications/push-client.ts";

export interface LiveSnapshot {
  unread: number;
  newLikes: number;
  credits: number | null;
}

export type LiveEventData =
  | { type: "message" | "read" | "seen" | "typing"; conversationId: number }
  | { type: "like" | "match"; profileId: number }
  | { type: "counts" }
  /** the stream came back after a drop: whatever was sent meanwhile is read again */
  | { type: "resync" };

const POLL_START_MS = 5_000;
const POLL_MS = 60_000;
const POLL_PUSH_MS = 300_000;
const EVENT_TYPES = ["message", "read", "seen", "typing", "like", "match", "counts", "resync"] as const;
/** events that change no count: the badges are not fetched again for them */
const COUNTLESS = new Set<string>(["seen", "typing"]);
const LIVE_EVENT = "rendezvous:live";

const LiveContext = createContext<LiveSnapshot | null>(null);

/** The live counts, or null for visitors. */
export const useLive = () => useContext(LiveContext);

/** Runs `handler` for each live event while the component is mounted. */
export function useLiveEvents(handler: (event: LiveEventData) => void) {
  const current = useRef(handler);
  current.current = handler;
  useEffect(() => {
    const listener = (e: Event) => current.current((e as CustomEvent<LiveEventData>).detail);
    window.addEventListener(LIVE_EVENT, listener);
    return () => window.removeEventListener(LIVE_EVENT, listener);
  }, []);
}

/**
 * Reloads the page's data when a live event concerns it, and after the stream was down (resync). While a navigation, a form post or a
 * fetcher is under way the reload waits until they settle: starting one then would cancel the
 * reload that follows the member's own post (their balance or like button would stay stale).
 */
export function useLiveRevalidation(concerns: (event: LiveEventData) => boolean) {
  const revalidator = useRevalidator();
  // both hooks on every render (useFetchers holds a useMemo: skipping it broke the hook order)
  const navigating = useNavigation().state !== "idle";
  const fetching = useFetchers().some((f) => f.state !== "idle");
  const busy = navigating || fetching;
  const [pending, setPending] = useState(false);
  useLiveEvents((event) => {
    if (event.type === "resync" || concerns(event)) setPending(true);
  });
  useEffect(() => {
    if (!pending || busy || revalidator.state !== "idle") return;
    setPending(false);
    void revalidator.revalidate();
  }, [pending, busy, revalidator.state]);
}

interface ChatsAnswer {
  unread_total: number;
  new_likes_total: number;
  credits: number;
}

async function pushSubscribed() {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    return !!(await registration?.pushManager.getSubscription());
  } catch {
    return false;
  }
}

export function LiveStateProvider({ initial, children }: { initial: LiveSnapshot | null; children: React.ReactNode }) {
  const [state, setState] = useState(initial);
  const loggedIn = initial !== null;
  // a new page render (navigation with a form post, login, logout) brings fresh counts
  useEffect(() => setState(initial), [initial?.unread, initial?.newLikes, initial?.credits, loggedIn]);

  useEffect(() => {
    if (!loggedIn) return;
    let running = false;
    let again = false;
    let stopped = false;
    const refresh = async () => {
      if (running) return void (again = true);
      running = true;
      try {
        const answer = await apiGet<ChatsAnswer>("/api/chats.php");
        if (!stopped) setState({ unread: answer.unread_total, newLikes: answer.new_likes_total, credits: answer.credits });
      } catch {
        /* the next poll or event tries again */
      } finally {
        running = false;
        if (again && !stopped) {
          again = false;
          void refresh();
        }
      }
    };

    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      await refresh();
      if (!stopped) timer = setTimeout(() => void poll(), (await pushSubscribed()) ? POLL_PUSH_MS : POLL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_START_MS);

    const source = typeof EventSource === "undefined" ? null : new EventSource("/api/events");
    let connectedBefore = false;
    source?.addEventListener("hello", () => {
      // reconnected: catch up on what was missed (badges here, the page's own data in useLiveRevalidation)
      if (connectedBefore) {
        window.dispatchEvent(new CustomEvent<LiveEventData>(LIVE_EVENT, { detail: { type: "resync" } }));
        void refresh();
      }
      connectedBefore = true;
    });
    for (const type of EVENT_TYPES) {
      source?.addEventListener(type, (e) => {
        const event = JSON.parse((e as MessageEvent<string>).data) as LiveEventData;
        window.dispatchEvent(new CustomEvent(LIVE_EVENT, { detail: event }));
        if (!COUNTLESS.has(type)) void refresh();
      });
    }
    // a pushed message, like or match (the service worker passes it to the open pages, spec
    // section 4): chats and likes reload as for the live stream
    const onWorkerMessage = (e: MessageEvent) => {
      const event = liveEventOfPush(e.data);
      if (!event) return;
      window.dispatchEvent(new CustomEvent(LIVE_EVENT, { detail: event }));
      void refresh();
    };
    navigator.serviceWorker?.addEventListener("message", onWorkerMessage);
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      navigator.serviceWorker?.removeEventListener("message", onWorkerMessage);
    };
  }, [loggedIn]);

  const total = state ? state.unread + state.newLikes : 0;
  const { pathname } = useLocation();
  useEffect(() => {
    const bare = document.title.replace(/^\(\d+\) /, "");
    document.title = total > 0 ? `(${total}) ${bare}` : bare;
    const nav = navigator as Navigator & { setAppBadge?: (n: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
    // app badge failures are ignored (spec section 8)
    void (total > 0 ? nav.setAppBadge?.(total) : nav.clearAppBadge?.())?.catch(() => {});
  }, [total, pathname]);

  return <LiveContext.Provider value={state}>{children}</LiveContext.Provider>;
}

/** "99+" from 100 on (spec: unread badge cap). */
export const badgeText = (n: number) => (n > 99 ? "99+" : String(n));
