// A body that is whole in memory (a rendered page, a kept page, JSON, React Router's .data for a
// navigation) is compressed in one synchronous call and sent with its length in one write. The
// `compression` middleware streams it instead: a zlib stream whose chunks go to libuv's thread pool
// and come back through an event, and a chunked answer that ends with a second write. On the 2-core
// machines those hand-offs cost more than the compression itself (docs/benchmarks.md, "Compressing
// whole answers"). Streamed answers (the translation catalogue, bodies over IN_CALL_LIMIT) still go
// through the middleware (server/app.ts), with the same rules and levels from here.
import { constants, brotliCompressSync, gzipSync } from "node:zlib";
import compression from "compression";
import type express from "express";
import Negotiator from "negotiator";

/** Smaller bodies go out as they are (a compressed small body saves less than its headers cost). */
export const COMPRESSION_THRESHOLD = 1024;
/**
 * Brotli quality 2 with a 256 KB window: a third of quality 4's CPU for 4 to 7 % more bytes on the
 * member pages (docs/decisions/025-compression.md); pages stay far under the window.
 */
export const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_LGWIN]: 18 };
export const GZIP_LEVEL = 6;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/;

/**
 * What may be compressed, here and as the middleware's filter: compressible types only, never the
 * live event stream (a compressor would hold its events back until a block fills).
 */
export function compressible(req: express.Request, res: express.Response) {
  return !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res);
}

/** The middleware's own rules on top: never a body marked no-transform. */
function transformable(req: express.Request, res: express.Response) {
  return !NO_TRANSFORM.test(String(res.getHeader("Cache-Control") ?? "")) && compressible(req, res);
}

function encodingFor(req: express.Request, res: express.Response, size: number): "br" | "gzip" | null {
  if (size < COMPRESSION_THRESHOLD || req.method === "HEAD" || res.getHeader("Content-Encoding")) return null;
  // negotiator 1.x takes the server's preference for equal q-values (its types are of 0.6)
  const negotiator = new Negotiator(req) as unknown as { encoding(available: string[], options: { preferred: string[] }): string | undefined };
  const chosen = negotiator.encoding(["br", "gzip", "identity"], { preferred: ["br", "gzip"] });
  return chosen === "br" || chosen === "gzip" ? chosen : null;
}

/**
 * Over this a body is left to the middleware's stream (off the event loop): a page is 10 to 100 KB,
 * and compressing a megabyte here would hold every other request for several milliseconds.
 */
const IN_CALL_LIMIT = 1024 * 1024;

/** Ends `res` with `body`, compressed as the client accepts when it is worth it, with its Content-Length. */
export function endWhole(res: express.Response, body: Buffer) {
  const req = res.req;
  if (body.length > IN_CALL_LIMIT) {
    res.setHeader("Content-Length", body.length);
    return void res.end(body);
  }
  const encoding = transformable(req, res) ? (res.vary("Accept-Encoding"), encodingFor(req, res, body.length)) : null;
  const sent =
    encoding === "br"
      ? brotliCompressSync(body, {
          params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
      : encoding === "gzip"
        ? gzipSync(body, { level: GZIP_LEVEL })
        : body;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", sent.length);
  res.end(sent);
}
