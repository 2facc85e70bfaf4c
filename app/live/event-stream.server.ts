// A member's live stream (Server-Sent Events) and the streams this process holds open per member.
// Each event names what changed (a message, a like, a match...); the page then fetches what it may
// see. Every (re)connect starts with "hello" so the page catches up on what it missed.
import { getLiveBus, type LiveEvent } from "#app/live/bus.server.ts";
import { NO_STORE } from "#app/utils/api.server.ts";
import { liveStreamClosed, liveStreamOpened } from "#app/metrics/metrics.server.ts";
import { singleton } from "#app/utils/singleton.ts";

/** Streams one member may hold open at once (tabs, devices); beyond it the oldest is closed. */
const MAX_STREAMS_PER_MEMBER = 8;
const HEARTBEAT_MS = 25_000;
/** Each member's open streams by their stop function; one per process (the server entry ends them on shutdown). */
const registry = () => singleton("eventStreams", () => ({ open: new Map<number, Set<() => void>>(), closing: false }));

/**
 * Ends every stream this process holds, and each one opened from now on right after its "hello":
 * a draining process (server/drain.ts) would otherwise wait for streams that never end, and the
 * browser's EventSource reconnects on an ended stream, to a process that stays.
 */
export function closeEventStreams() {
  const { open } = registry();
  registry().closing = true;
  for (const member of [...open.values()]) for (const stop of [...member]) stop();
}

export async function openEventStream(profileId: number, signal: AbortSignal) {
  const { open } = registry();
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
      if (registry().closing) stop();
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
