// Express request → Fetch Request and Fetch Response → express response.
// Written here instead of using @react-router/express: that adapter is a dual CJS/ESM package,
// and when its copy of react-router differs from ours (test runners, Node's module-sync
// condition) its `instanceof RouterContextProvider` check rejects our context. Calling
// react-router's own createRequestHandler from this ESM module keeps one copy.
import { Transform } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { wholeBody } from "#app/utils/whole-body.ts";
import { endWhole } from "./whole-compression.ts";

/** Passes a body through until it grows past `limit` bytes, then fails it (chunked uploads have no Content-Length to check up front). */
function limited(limit: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > limit ? new Error(`request body larger than ${limit} bytes`) : null, chunk);
    },
  });
}

export function toFetchRequest(req: express.Request, res: express.Response, host: string, bodyLimit: number): Request {
  // concatenated, not resolved: a path like "//x" must stay a path, not become a host
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  const controller = new AbortController();
  // aborted only when the client leaves before the answer is out (a live stream, a slow page):
  // after a finished answer there is nothing left to stop, and every abort builds a DOMException
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = limited(bodyLimit);
    req.on("error", (error) => body.destroy(error));
    init.body = createReadableStreamFromReadable(req.pipe(body));
    init.duplex = "half";
    // A body the app did not read (a 405, a refusal) is drained, not left in the socket: the
    // client gets its answer instead of a reset connection. The size guard bounds it.
    res.on("finish", () => {
      if (req.complete) return;
      req.unpipe(body);
      body.destroy();
      req.resume();
    });
  }
  return new Request(url, init);
}

const WHOLE_TYPES = /^(?:application\/json|text\/x-script)\b/;

export async function sendFetchResponse(res: express.Response, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.append(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  if (!response.body) return void res.end();
  const whole = wholeBody(response);
  if (whole) return endWhole(res, whole);
  // JSON and React Router's loader data for a navigation (text/x-script; no loader here defers
  // anything, so the stream holds nothing a member could see early) are read at once and sent whole
  if (WHOLE_TYPES.test(response.headers.get("Content-Type") ?? "") && !response.headers.has("Content-Length")) {
    let body: Buffer;
    try {
      body = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (res.destroyed) return; // the client went away (a navigation the browser dropped): nothing to report
      throw error;
    }
    return endWhole(res, body);
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed) throw error; // the client went away mid-response: nothing to report
  }
}
