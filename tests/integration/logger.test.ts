// The log never holds a credential: what a line carries is read back as JSON from a real pino
// logger built like the app's.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "#app/utils/logger.server.ts";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger("info", destination), lines };
}

describe("log lines", () => {
  it("censor passwords, tokens and credential headers, at the top and one level down", () => {
    const { logger, lines } = capture();
    const fields = {
      password: "hunter2",
      token: "t0ken",
      body: { email: "a@b.c", password: "hunter3" },
      mail: { token: "reset-token", to: "a@b.c" },
      req: { method: "GET", headers: { cookie: "session=abc", authorization: "Bearer x", "user-agent": "UA" } },
      res: { status: 200, headers: { "set-cookie": "session=def", "content-type": "text/html" } },
      site: "lovely",
    };
    logger.info(fields, "signed up");
    expect(lines[0]).toMatchObject({
      msg: "signed up",
      site: "lovely",
      password: "[redacted]",
      token: "[redacted]",
      body: { email: "a@b.c", password: "[redacted]" },
      mail: { token: "[redacted]", to: "a@b.c" },
      req: { method: "GET", headers: { cookie: "[redacted]", authorization: "[redacted]", "user-agent": "UA" } },
      res: { status: 200, headers: { "set-cookie": "[redacted]", "content-type": "text/html" } },
    });
    expect(JSON.stringify(lines[0])).not.toMatch(/hunter|t0ken|reset-token|session=|Bearer/);
    // the caller's own object is left as it was
    expect(fields.body.password).toBe("hunter3");
    expect(fields.req.headers.cookie).toBe("session=abc");
  });

  it("pass a line without secrets through unchanged", () => {
    const { logger, lines } = capture();
    logger.info({ req: { method: "GET", url: "/api/settings.php" }, res: { status: 200 }, site: "mature", responseTime: 1 }, "request completed");
    expect(lines[0]).toMatchObject({
      req: { method: "GET", url: "/api/settings.php" },
      res: { status: 200 },
      site: "mature",
      responseTime: 1,
      msg: "request completed",
    });
  });
});
