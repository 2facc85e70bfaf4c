// Whole answers behind the app's middleware order (server/app.ts: `compression` first, then the
// handler that ends with endWhole), on a real loopback server: compressed in one piece with their
// length, and a body over a megabyte left to the middleware's stream.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endWhole } from "./whole-compression.ts";

const big = Buffer.from(JSON.stringify({ rows: Array.from({ length: 40_000 }, (_, i) => ({ id: i, name: `member ${i}` })) }));
const small = Buffer.from(JSON.stringify({ rows: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `member ${i}` })) }));

let server: http.Server;
beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.get("/:size", (req, res) => {
    res.type("application/json");
    endWhole(res, req.params.size === "big" ? big : small);
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    const { port } = server.address() as AddressInfo;
    http
      .get({ host: "127.0.0.1", port, path, headers: { "accept-encoding": "gzip, deflate, br, zstd" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("endWhole", () => {
  it("sends a body of a few KB as Brotli in one piece with its length", async () => {
    const res = await get("/small");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(Number(res.headers["content-length"])).toBe(res.bytes.length);
    expect(brotliDecompressSync(res.bytes).equals(small)).toBe(true);
  });

  it("leaves a body over a megabyte to the middleware's stream: still Brotli, chunked", async () => {
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const res = await get("/big");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.headers["transfer-encoding"]).toBe("chunked");
    expect(brotliDecompressSync(res.bytes).equals(big)).toBe(true);
  });
});
