// A start loads only what the first page needs: the queue (BullMQ, ioredis), the rate limiter, web
// push, the Mollie client (app/utils/lazy-require.server.ts) and the mail templates with React
// Email's components (imported by the code that sends a mail) load on first use. They were a third
// of the modules a start loaded (docs/benchmarks.md "Starts").
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** The packages the server's code loads, by every module Node resolves for it (ES modules and CommonJS). */
function packagesLoadedByTheServer() {
  // the server's own chunk, as build/server/main.js imports it, and the React Router build
  const serveChunk = /import\("(\.\/chunks\/serve-[\w-]+\.js)"\)/.exec(readFileSync(path.join(root, "build/server/main.js"), "utf8"))?.[1];
  expect(serveChunk, "build/server/main.js imports its serve chunk").toBeTruthy();
  const dir = mkdtempSync(path.join(tmpdir(), "start-modules-"));
  const log = path.join(dir, "resolved.txt");
  const hooks = `import { appendFileSync } from "node:fs";
    export async function resolve(specifier, context, next) {
      const resolved = await next(specifier, context);
      appendFileSync(${JSON.stringify(log)}, resolved.url + "\\n");
      return resolved;
    }`;
  const script = `
    import { createRequire, register } from "node:module";
    import { appendFileSync } from "node:fs";
    register("data:text/javascript," + encodeURIComponent(${JSON.stringify(hooks)}));
    await import(${JSON.stringify(path.join(root, "build/server", serveChunk!))});
    await import(${JSON.stringify(path.join(root, "build/server/index.js"))});
    appendFileSync(${JSON.stringify(log)}, Object.keys(createRequire(import.meta.url).cache).join("\\n") + "\\n");
  `;
  try {
    execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, env: { ...process.env, NODE_ENV: "production" } });
    const names = readFileSync(log, "utf8")
      .split("\n")
      .map((file) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1]);
    return [...new Set(names.filter((name): name is string => Boolean(name)))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("a start", () => {
  it("loads the server without the queue, the rate limiter, web push, the Mollie client and the mail templates", () => {
    const loaded = packagesLoadedByTheServer();
    // what the first page needs is there (the check sees ES modules and CommonJS packages at all)
    expect(loaded).toEqual(expect.arrayContaining(["pg", "express", "react-dom", "zod"]));
    for (const name of ["bullmq", "ioredis", "rate-limiter-flexible", "web-push", "@mollie/api-client", "@react-email/html", "@react-email/render"])
      expect(loaded).not.toContain(name);
  });
});
