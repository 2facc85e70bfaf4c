// The request id: the proxy's X-Request-Id when it is a sane token, else a new one. It is kept in
// an AsyncLocalStorage for the request's whole run, so every log line written meanwhile carries it
// (the logger's mixin) without being passed along, and jobs the request queues carry it on
// (app/queue/job-context.server.ts). React's server renderer holds an AsyncLocalStorage already,
// so Node's async hooks are on in the web process either way.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { singleton } from "./singleton.ts";

const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

// one store for the server bundle and the React Router build, which both import this module
const storage = singleton("requestIdStorage", () => new AsyncLocalStorage<string>());

/** 1 to 128 of [A-Za-z0-9._-]: safe in a header and a log line, whoever sent it. */
export const isSaneRequestId = (value: unknown): value is string => typeof value === "string" && SANE_ID.test(value);

/** The id a request goes by: the X-Request-Id header when it is sane, else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return isSaneRequestId(header) ? header : randomUUID();
}

/** Runs `fn` with `id` as the current request id (a request, or a job queued by one). */
export function runWithRequestId<T>(id: string, fn: () => T): T {
  return storage.run(id, fn);
}

/** The id of the request (or job) this code runs for, if any. */
export const currentRequestId = (): string | undefined => storage.getStore();
