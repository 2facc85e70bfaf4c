// Stopping a web server without cutting a request it accepted, with Node's own pieces: http-terminator
// (3.2) keeps listening through the whole drain and resets every connection handed to it
// meanwhile (a cluster's first process keeps handing them out), and destroys idle keep-alive
// connections at once, resetting a request whose bytes are already on their way (behind nginx a
// POST that then answers 502). It also closes every idle connection before requests are done,
// which leaves a proxy no connection to ask /livez on.
import type { Server, ServerResponse } from "node:http";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The first second of a drain: still listening, and idle keep-alive connections stay. Connections
 * the cluster's first process has accepted but not handed to a web process yet are closed with
 * the last web process's listener (node:cluster's round-robin handle), and a kernel backlog with
 * a single process's: closing at once reset POSTs already sent (seen under load); and a request
 * already on its way over an idle connection is read. Everything answered from the signal on says
 * `Connection: close`.
 */
const GRACE_MS = 1_000;
const POLL_MS = 25;

/** Tracks `server`'s requests from now on; `drain` then stops it (call it once). */
export function drainable(server: Server) {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  // before the app's own listener: an answer sent at once must carry the header too
  server.prependListener("request", (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    if (draining) res.setHeader("Connection", "close");
  });

  /**
   * Every request in flight, or arriving on a connection already open, is answered (with
   * `Connection: close`, so the client opens its next connection elsewhere); after the grace the
   * server stops accepting and idle connections close once nothing is in flight. What is still
   * running after `timeoutMs` is cut.
   */
  const drain = async (timeoutMs: number) => {
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
    const started = Date.now();
    const deadline = started + timeoutMs;
    const grace = started + Math.min(GRACE_MS, timeoutMs);
    let listening = true;
    let closed = false;
    while (!closed && Date.now() < deadline) {
      if (Date.now() >= grace) {
        // net.Server's close, not http.Server's: that one also destroys the idle connections now,
        // and a proxy's probe of /livez arrives on one while requests are still in flight
        if (listening) net.Server.prototype.close.call(server, () => (closed = true));
        listening = false;
        if (inFlight.size === 0) server.closeIdleConnections();
      }
      await sleep(POLL_MS);
    }
    const cut = inFlight.size;
    server.closeAllConnections();
    return { cut, ms: Date.now() - started };
  };
  return { drain };
}
