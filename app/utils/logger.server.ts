// Structured logs (pino): one JSON line per event, from the server, the web processes and the
// workers alike. Secrets never reach them: credentials, cookies and one-time tokens are redacted
// at the source. A line written while a request (or a job it queued) runs carries its `reqId`.
import pino from "pino";
import { getEnv } from "./env.server.ts";
import { currentRequestId } from "./request-id.server.ts";
import { singleton } from "./singleton.ts";

export const getLogger = () => singleton("logger", () => createLogger(getEnv().logLevel));

/** The app's logger: stdout unless given a destination (tests). */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = { level, formatters: { log: redactSecrets }, mixin: requestIdField, mixinMergeStrategy: withRequestId };
  return destination ? pino(options, destination) : pino(options);
}

const NO_FIELDS = Object.freeze({});
/** pino's mixin: the current request's id (nothing allocated outside a request). */
const requestIdField = () => {
  const reqId = currentRequestId();
  return reqId ? { reqId } : NO_FIELDS;
};
/** The line's fields after the id; a line with its own `reqId` (the request line) is left as it is. */
const withRequestId = (line: object, mixin: object) => (mixin === NO_FIELDS || "reqId" in line ? line : Object.assign(mixin, line));

/**
 * The lines an operator reads at start (where the server answers, which backend the worker uses):
 * info even when LOG_LEVEL is warn or error, so a quiet production log still says the server is up.
 */
export const startLogger = () =>
  singleton("startLogger", () => {
    const logger = getLogger();
    return logger.isLevelEnabled("info") || logger.level === "silent" ? logger : logger.child({}, { level: "info" });
  });

/**
 * A start that fails before (or while) the configuration is read: one fatal JSON line on stderr,
 * written at once (the process exits next), with no configured logger to depend on.
 */
export function logStartFailure(message: string) {
  pino({ base: { pid: process.pid } }, pino.destination({ fd: 2, sync: true })).fatal(message);
}

const CENSOR = "[redacted]";
const SECRET_KEYS = ["password", "token"] as const;
/** headers that hold credentials, under the log keys that carry headers */
const SECRET_HEADERS: Record<string, readonly string[]> = { req: ["cookie", "authorization"], res: ["set-cookie"] };

type Fields = Record<string, unknown>;
const isPlain = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value));

/** `fields` with `keys` censored, copied only when one of them is there. */
function censored(fields: Fields, keys: readonly string[]): Fields {
  let copy: Fields | null = null;
  for (const key of keys) if (Object.hasOwn(fields, key)) (copy ??= { ...fields })[key] = CENSOR;
  return copy ?? fields;
}

/**
 * A log line's fields with `password` and `token` censored at the top and one level down, and
 * credential headers under `req.headers` and `res.headers`. pino's own `redact` did this with
 * wildcard paths, which run its generic redaction over every field of every line: about 12 µs a
 * line in the server, a fifth of an /api/settings.php answer. Objects that are not plain
 * (an IncomingMessage, an Error) are left to their serializers, which log no headers.
 */
function redactSecrets(line: Fields): Fields {
  let out = censored(line, SECRET_KEYS);
  for (const key in out) {
    const value = out[key];
    if (!isPlain(value)) continue;
    let next = censored(value, SECRET_KEYS);
    const headers = SECRET_HEADERS[key];
    if (headers && isPlain(next.headers)) {
      const kept = censored(next.headers, headers);
      if (kept !== next.headers) next = { ...next, headers: kept };
    }
    if (next === value) continue;
    if (out === line) out = { ...line };
    out[key] = next;
  }
  return out;
}

const SECRET_PARAMS = /([?&](?:token|code|otp|password)=)[^&#]*/gi;

/** A URL as logs may show it: one-time tokens in the query replaced. */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, "$1[redacted]");
