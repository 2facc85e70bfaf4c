// A start loads only what the first page needs: the queue (BullMQ, ioredis), the rate limiter, web
// push and the Mollie client load on first use (app/utils/lazy-require.server.ts). They were a
// third of the modules a start loaded (docs/benchmarks.md "Starts").
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** The packages whose files sit in Node's module cache once the server's code has loaded. */
function packagesLoadedByTheServer() {
  // the server's own chunk, as build/server/main.js imports it, and the React Router build
  const serveChunk = /import\("(\.\/chunks\/serve-[\w-]+\.js)"\)/.exec(readFileSync(path.join(root, "build/server/main.js"), "utf8"))?.[1];
  expect(serveChunk, "build/server/main.js imports its serve chunk").toBeTruthy();
  const script = `
    import { createRequire } from "node:module";
    await import(${JSON.stringify(path.join(root, "build/server", serveChunk!))});
    await import(${JSON.stringify(path.join(root, "build/server/index.js"))});
    const names = Object.keys(createRequire(import.meta.url).cache).map((file) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file)?.[1]);
    console.log(JSON.stringify([...new Set(names.filter(Boolean))]));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  return JSON.parse(out.trim().split("\n").at(-1)!) as string[];
}

describe("a start", () => {
  it("loads the server without the queue, the rate limiter, web push and the Mollie client", () => {
    const loaded = packagesLoadedByTheServer();
    // what the first page needs is there (the check sees CommonJS packages at all)
    expect(loaded).toEqual(expect.arrayContaining(["pg", "express"]));
    for (const name of ["bullmq", "ioredis", "rate-limiter-flexible", "web-push", "@mollie/api-client"]) expect(loaded).not.toContain(name);
  });
});
