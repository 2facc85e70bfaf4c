// One JSON line per request: method, redacted path, site, status and duration, the way pino-http
// wrote it ("request completed"; "request errored" with the error at level error for a failure or
// a 5xx; "request aborted" when the client left first). Written here rather than with pino-http:
// that builds two or three child loggers for every request (a request id, the request, the site),
// about 2.5 % of a member page's CPU at the default level, for a line this writes directly.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { redactUrl } from "#app/utils/logger.server.ts";

const failures = new WeakMap<ServerResponse, Error>();

/** The error behind a response's 500, for its log line (express's last error handler). */
export function recordFailure(res: ServerResponse, error: unknown) {
  failures.set(res, error instanceof Error ? error : new Error(String(error)));
}

/** Logs the answer to `req` once it is out (or the client gone); `site` is read then. */
export function logRequest(logger: Logger, req: IncomingMessage, res: ServerResponse, site: () => string | undefined) {
  const started = performance.now();
  const done = (error?: Error) => {
    res.off("close", done);
    res.off("finish", done);
    res.off("error", done);
    const failure = error ?? failures.get(res) ?? (res.statusCode >= 500 ? new Error(`failed with status code ${res.statusCode}`) : undefined);
    logAnswer(logger, req, res, site(), started, { failure });
  };
  res.on("close", done);
  res.on("finish", done);
  res.on("error", done);
}

interface AnswerLog {
  failure?: Error;
  /** the level of an answer that did not fail: info, or debug for /api/settings.php */
  answered?: "info" | "debug";
}

export function logAnswer(
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  site: string | undefined,
  started: number,
  { failure, answered = "info" }: AnswerLog = {},
) {
  const level = failure ? "error" : answered;
  if (!logger.isLevelEnabled(level)) return;
  const line = {
    req: { method: req.method, url: redactUrl((req as { originalUrl?: string }).originalUrl ?? req.url ?? "/") },
    res: { status: res.statusCode },
    site,
    responseTime: Math.round(performance.now() - started),
    ...(failure ? { err: failure } : {}),
  };
  const message = failure ? "request errored" : !req.readableAborted && res.writableEnded ? "request completed" : "request aborted";
  logger[level](line, message);
}
