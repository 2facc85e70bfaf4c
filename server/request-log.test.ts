// The request log: a line per answer with its level and message (completed, errored with the
// error, aborted when the client left first) and the path without its secrets.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "#app/utils/logger.server.ts";
import { logRequest, recordFailure } from "./request-log.ts";

const lines: Record<string, unknown>[] = [];
const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
const server = http.createServer((req, res) => {
  logRequest(logger, req, res, () => "lovely");
  if (req.url!.startsWith("/fail")) {
    recordFailure(res, new Error("the database went away"));
    res.statusCode = 500;
    return void res.end("sorry");
  }
  if (req.url!.startsWith("/slow")) return void setTimeout(() => res.end("late"), 2000);
  res.end("ok");
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise((r) => server.close(r)));

const lineFor = (path: string) => expect.poll(() => lines.find((l) => (l.req as { url: string }).url.startsWith(path)), { timeout: 3000 });

describe("the request log", () => {
  it("writes one line for an answer, with site, status, duration and no secret", async () => {
    await fetch(`${origin}/activate?token=very-secret-token`);
    await lineFor("/activate").toMatchObject({ level: 30, msg: "request completed", site: "lovely", req: { method: "GET" }, res: { status: 200 } });
    expect(JSON.stringify(lines)).not.toContain("very-secret-token");
    expect(lines.filter((l) => (l.req as { url: string }).url.startsWith("/activate"))).toHaveLength(1);
  });

  it("writes a failure at level error with its error", async () => {
    await fetch(`${origin}/fail`);
    await lineFor("/fail").toMatchObject({ level: 50, msg: "request errored", res: { status: 500 }, err: { message: "the database went away" } });
  });

  it("says so when the client left before the answer", async () => {
    const controller = new AbortController();
    const request = fetch(`${origin}/slow`, { signal: controller.signal }).catch(() => null);
    setTimeout(() => controller.abort(), 200);
    await request;
    await lineFor("/slow").toMatchObject({ level: 30, msg: "request aborted" });
  });
});
