// CommonJS packages the first page never needs, loaded on first use instead of with the server:
// BullMQ (over 200 modules), ioredis, rate-limiter-flexible, web-push and the Mollie client were a
// third of the modules a start loaded and 0.2 to 0.4 s of it (docs/benchmarks.md "Starts").
// `require` keeps their callers synchronous; Node's module cache makes the second call free.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
