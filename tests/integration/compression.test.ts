// Compression: the build's files go out as their Brotli or gzip copy by the browser's
// Accept-Encoding, pages and JSON over 1 KB are compressed per response, and the live event
// stream is neither compressed nor held back.
import http from "node:http";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { getLiveBus } from "#app/live/bus.server.ts";
import { postForm, request, startTestServer } from "#tests/support/http.ts";
import { useStarted, useTestServer } from "#tests/support/fixtures.ts";
import { createMember, PASSWORD } from "#tests/support/factories.ts";
import { CookieJar } from "#tests/support/session.ts";
import { openStream } from "#tests/support/event-stream.ts";

const BROWSER = "gzip, deflate, br, zstd";
const server = useTestServer();

/** the body as the browser reads it */
function decoded(res: { headers: http.IncomingHttpHeaders; bytes: Buffer }) {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.bytes);
  if (encoding === "gzip") return gunzipSync(res.bytes);
  expect(encoding).toBeUndefined();
  return res.bytes;
}

describe("the build's files", () => {
  const dir = path.resolve("build/client/assets");
  // the largest script: the one that matters on a phone
  const script = readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .sort((a, b) => statSync(path.join(dir, b)).size - statSync(path.join(dir, a)).size)[0]!;
  const original = readFileSync(path.join(dir, script));

  it.each([
    { accepts: BROWSER, encoding: "br" },
    { accepts: "gzip, deflate", encoding: "gzip" },
    { accepts: "identity", encoding: undefined },
    { accepts: undefined, encoding: undefined },
  ])("a script to a browser that accepts $accepts: $encoding, the same bytes once decoded, kept a year", async ({ accepts, encoding }) => {
    const res = await request(server, `/assets/${script}`, { headers: accepts ? { "accept-encoding": accepts } : {} });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(decoded(res).equals(original)).toBe(true);
    if (encoding) expect(res.bytes.length).toBeLessThan(original.length / 2);
  });

  it("the style sheet and a public picture come compressed too", async () => {
    const css = readdirSync(dir).find((f) => f.endsWith(".css"))!;
    const res = await request(server, `/assets/${css}`, { headers: { "accept-encoding": BROWSER } });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(decoded(res).equals(readFileSync(path.join(dir, css)))).toBe(true);
    const svg = readdirSync("build/client/home").find((f) => f.endsWith(".svg") && existsBr(`build/client/home/${f}`))!;
    const picture = await request(server, `/home/${svg}`, { headers: { "accept-encoding": "gzip" } });
    expect(picture.headers["content-encoding"]).toBe("gzip");
    expect(picture.headers["cache-control"]).toBe("public, max-age=3600");
    expect(decoded(picture).equals(readFileSync(`build/client/home/${svg}`))).toBe(true);
  });
});

describe("a build replaced under the running server", () => {
  // the static handler lists the files and their compressed copies once, at start
  const dir = mkdtempSync(path.join(os.tmpdir(), "rendezvous-client-"));
  const assets = path.join(dir, "assets");
  const script = "entry.client-gone.js";
  const source = `console.log(${JSON.stringify("x".repeat(2000))});`;
  mkdirSync(assets);
  writeFileSync(path.join(assets, script), source);
  writeFileSync(path.join(assets, `${script}.br`), brotliCompressSync(source));
  writeFileSync(path.join(assets, `${script}.gz`), gzipSync(source));
  const replaced = useStarted(
    () => startTestServer({}, dir),
    (s) => s.close().then(() => rmSync(dir, { recursive: true, force: true })),
  );

  it("answers a script that is gone with the 404 page, not with the copy's encoding or a 500", async () => {
    const before = await request(replaced, `/assets/${script}`, { headers: { "accept-encoding": BROWSER } });
    expect(before.status).toBe(200);
    expect(before.headers["content-encoding"]).toBe("br");
    for (const suffix of ["", ".br", ".gz"]) rmSync(path.join(assets, script + suffix));
    for (const accepts of [BROWSER, "gzip", "identity"]) {
      const res = await request(replaced, `/assets/${script}`, { headers: { "accept-encoding": accepts, "accept-language": "en" } });
      expect(res.status).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(decoded(res).toString("utf8")).toMatch(/^<!DOCTYPE html>/i);
    }
  });
});

function existsBr(file: string) {
  try {
    return statSync(`${file}.br`).isFile();
  } catch {
    return false;
  }
}

describe("pages and JSON", () => {
  it("a page goes out as Brotli or gzip as the browser accepts, with Vary, and whole to one that accepts neither", async () => {
    const headers = { "accept-language": "en", cookie: "entry_ok=1" };
    const plain = await request(server, "/members", { headers });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    // whole, in one piece with its length, and with the loader data the browser hydrates from
    // (React Router streams it into a Suspense boundary: a render that did not wait for it
    // leaves a client-render marker instead, and the page's buttons never come alive)
    expect(Number(plain.headers["content-length"])).toBe(plain.bytes.length);
    const page = plain.bytes.toString("utf8");
    expect(page).toMatch(/<\/html>$/);
    expect(page).toContain("streamController.enqueue(");
    expect(page).not.toContain("<!--$!-->");
    for (const [accepts, encoding] of [
      [BROWSER, "br"],
      ["gzip", "gzip"],
    ] as const) {
      const res = await request(server, "/members", { headers: { ...headers, "accept-encoding": accepts } });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      // compressed whole, in one piece with its length (server/whole-compression.ts), not chunked
      expect(Number(res.headers["content-length"])).toBe(res.bytes.length);
      expect(res.headers["transfer-encoding"]).toBeUndefined();
      const html = decoded(res).toString("utf8");
      expect(html).toMatch(/^<!DOCTYPE html>/i);
      expect(html).toMatch(/<\/html>$/);
      expect(res.bytes.length).toBeLessThan(html.length / 2);
    }
  });

  it("a browser that turns Brotli down (q=0) gets gzip; a HEAD request gets the headers of the page as it is", async () => {
    const headers = { "accept-language": "en", cookie: "entry_ok=1" };
    const refused = await request(server, "/members", { headers: { ...headers, "accept-encoding": "br;q=0, gzip" } });
    expect(refused.headers["content-encoding"]).toBe("gzip");
    expect(decoded(refused).toString("utf8")).toMatch(/<\/html>$/);
    const head = await request(server, "/members", { method: "HEAD", headers: { ...headers, "accept-encoding": BROWSER } });
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(Number(head.headers["content-length"])).toBeGreaterThan(1024);
  });

  it("a navigation's loader data (.data) goes out compressed whole, with its length", async () => {
    const res = await request(server, "/members.data", { headers: { "accept-language": "en", cookie: "entry_ok=1", "accept-encoding": BROWSER } });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/x-script/);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(Number(res.headers["content-length"])).toBe(res.bytes.length);
    expect(decoded(res).toString("utf8")).toMatch(/^\[/);
  });

  it("the translation catalogue is compressed and still kept a year", async () => {
    const page = await request(server, "/", { headers: { "accept-language": "nl", cookie: "entry_ok=1" } });
    const file = /data-catalogue="([^"]+)"/.exec(page.body)![1]!;
    const res = await request(server, file, { headers: { "accept-encoding": BROWSER } });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(JSON.parse(decoded(res).toString("utf8"))).toBeTypeOf("object");
  });

  it("a small JSON answer of a route goes out as it is, with its length", async () => {
    const res = await request(server, "/api/events", { headers: { "accept-encoding": BROWSER, accept: "text/event-stream" } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(res.bytes.length);
    expect(res.bytes.length).toBeLessThan(1024);
    expect(res.json()).toBeTypeOf("object");
  });

  it("a small answer goes out as it is", async () => {
    const res = await request(server, "/", { host: "nowhere.example", headers: { "accept-encoding": BROWSER } });
    expect(res.status).toBe(404);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toContain("There is no site at this address.");
  });
});

describe("the live event stream", () => {
  it("is not compressed and each event arrives as it is sent", async () => {
    const m = await createMember({ site: "lovely" });
    const jar = new CookieJar();
    jar.take(await postForm(server, "/login", { email: m.email, password: PASSWORD }));
    const stream = openStream(server.port, jar.header, { "accept-encoding": BROWSER });
    try {
      await stream.opened;
      expect(stream.headers()["content-type"]).toMatch(/^text\/event-stream/);
      expect(stream.headers()["content-encoding"]).toBeUndefined();
      expect(stream.events[0]!.type).toBe("hello");
      const sent = Date.now();
      await getLiveBus().publish([m.profile.id], { type: "message", conversationId: 7 });
      await expect.poll(() => stream.events.length, { timeout: 1000, interval: 10 }).toBe(2);
      expect(stream.events[1]!.type).toBe("message");
      expect(stream.events[1]!.at - sent).toBeLessThan(500);
    } finally {
      stream.close();
    }
  });
});
