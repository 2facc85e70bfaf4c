// A job queued while a request runs carries the request's id (`requestId` in its data), and the
// worker runs it with that id current: the job's log lines carry the same `reqId` as the request
// that asked for it, in whichever process the worker runs.
import type { Job, Processor, Queue } from "bullmq";
import { currentRequestId, isSaneRequestId, runWithRequestId } from "#app/utils/request-id.server.ts";

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** `queue.add` from now on puts the current request's id into each job's data (one place for every caller). */
export function carryRequestId(queue: Queue) {
  const add = queue.add.bind(queue);
  queue.add = (name, data, options) => {
    const requestId = currentRequestId();
    return add(name, requestId && isPlain(data) && data.requestId === undefined ? { ...data, requestId } : data, options);
  };
  return queue;
}

/** The processor, run with the id of the request that queued the job current (when it has one). */
export function inRequestContext<T>(processor: Processor<T>): Processor<T> {
  return (job: Job<T>, token?: string, signal?: AbortSignal) => {
    const requestId = (job.data as { requestId?: unknown } | null)?.requestId;
    return isSaneRequestId(requestId) ? runWithRequestId(requestId, () => processor(job, token, signal)) : processor(job, token, signal);
  };
}
