// A member's live stream (Server-Sent Events) and the streams this process holds open per member.
// Each event names what changed (a message, a like, a match...); the page then fetches what it may
// see. Every (re)connect starts with "hello" so the page catches up on what it missed.
import { getLiveBus, type LiveEvent } from "#app/live/bus.server.ts";
import { NO_STORE } from "#app/utils/api.server.ts";
import { liveStreamClosed, liveStreamOpened } from "#app/metrics/metrics.server.ts";

/** Streams one member may hold open at once (tabs, devices); beyond it the oldest is closed. */
const MAX_STREAMS_PER_MEMBER = 8;
const HEARTBEAT_MS = 25_000;
const open = new Map<number, Set<() => void>>();

export async function openEventStream(profileId: number, signal: AbortSignal) {
  const bus = getLiveBus();
  await bus.connect(); // hear other processes before telling the page it is live

  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (chunk: string) => {
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          stop();
        }
      };
      const unsubscribe = bus.subscribe(profileId, (event: LiveEvent) => send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      const streams = open.get(profileId) ?? new Set();
      open.set(profileId, streams);
      stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        if (streams.delete(stop)) liveStreamClosed();
        if (!streams.size) open.delete(profileId);
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      streams.add(stop);
      liveStreamOpened();
      if (streams.size > MAX_STREAMS_PER_MEMBER) [...streams][0]!();
      signal.addEventListener("abort", () => stop());
      send(`retry: 3000\nevent: hello\ndata: {}\n\n`);
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      ...NO_STORE,
      "X-Accel-Buffering": "no",
    },
  });
}
