// One JSON line per request: method, redacted path, site, status, duration and the request id
// (reqId), the way pino-http wrote it ("request completed"; "request errored" with the error at level error for a failure or
// a 5xx; "request aborted" when the client left first). Written here rather than with pino-http:
// that builds two or three child loggers for every request (a request id, the request, the site),
// about 2.5 % of a member page's CPU at the default level, for a line this writes directly.
// The same moment counts the answer for GET /metrics (duration by site and route, status by site).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { observeAnswer } from "#app/metrics/metrics.server.ts";
import { redactUrl } from "#app/utils/logger.server.ts";
import { currentRequestId } from "#app/utils/request-id.server.ts";

const failures = new WeakMap<ServerResponse, Error>();
const routes = new WeakMap<ServerResponse, string>();

/**
 * The route an answer is counted under in the metrics: a React Router pattern ("/members/:id"),
 * or one of a few fixed names ("static", "media", "settings", "cached-page", "unknown-host", ...);
 * never the URL, so the series stay few. The last label given wins.
 */
export function labelRoute(res: ServerResponse, route: string) {
  routes.set(res, route);
}

const HEALTH_PATHS = /^\/(healthz|livez|readyz)(\?|$)/;
/** The route of an answer nothing labelled: the health checks, or "other" (a refused method, a 404 before the site). */
const unlabelled = (req: IncomingMessage) => (HEALTH_PATHS.test(req.url ?? "") ? "health" : "other");

/** The error behind a response's 500, for its log line (express's last error handler). */
export function recordFailure(res: ServerResponse, error: unknown) {
  failures.set(res, error instanceof Error ? error : new Error(String(error)));
}

/** Logs the answer to `req` once it is out (or the client gone); `site` is read then. */
export function logRequest(logger: Logger, req: IncomingMessage, res: ServerResponse, site: () => string | undefined) {
  const started = performance.now();
  // read now: the events below may not run in the request's async context
  const reqId = currentRequestId();
  const done = (error?: Error) => {
    res.off("close", done);
    res.off("finish", done);
    res.off("error", done);
    const failure = error ?? failures.get(res) ?? (res.statusCode >= 500 ? new Error(`failed with status code ${res.statusCode}`) : undefined);
    logAnswer(logger, req, res, site(), started, { failure, reqId });
  };
  res.on("close", done);
  res.on("finish", done);
  res.on("error", done);
}

interface AnswerLog {
  failure?: Error;
  /** the level of an answer that did not fail: info, or debug for /api/settings.php */
  answered?: "info" | "debug";
  /** the route for the metrics, when not labelled with labelRoute */
  route?: string;
  /** the request's id; the current one (request-id.server.ts) unless given */
  reqId?: string;
}

export function logAnswer(
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  site: string | undefined,
  started: number,
  { failure, answered = "info", route, reqId = currentRequestId() }: AnswerLog = {},
) {
  const elapsed = performance.now() - started;
  observeAnswer(site, route ?? routes.get(res) ?? unlabelled(req), res.statusCode, elapsed / 1000);
  const level = failure ? "error" : answered;
  if (!logger.isLevelEnabled(level)) return;
  const line = {
    reqId,
    req: { method: req.method, url: redactUrl((req as { originalUrl?: string }).originalUrl ?? req.url ?? "/") },
    res: { status: res.statusCode },
    site,
    responseTime: Math.round(elapsed),
    ...(failure ? { err: failure } : {}),
  };
  const message = failure ? "request errored" : !req.readableAborted && res.writableEnded ? "request completed" : "request aborted";
  logger[level](line, message);
}
