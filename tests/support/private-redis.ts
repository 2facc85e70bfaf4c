// A redis-server of the test's own on a free loopback port, which the test may freeze (SIGSTOP:
// the socket stays open and nothing answers, as a Redis stuck on a slow disk or a paused VM),
// thaw and stop. Never the shared Redis on 6379: other test files use it.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";

export const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });

export async function startPrivateRedis() {
  const dir = mkdtempSync(path.join(tmpdir(), "rdv-redis-"));
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--save", ""], {
    stdio: "ignore",
  });
  // started in a beforeAll, where expect.poll is not available
  for (const deadline = Date.now() + 10_000; !(await answers(port));) {
    if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start within 10 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze: () => child.kill("SIGSTOP"),
    thaw: () => child.kill("SIGCONT"),
    stop: async () => {
      child.kill("SIGCONT");
      child.kill("SIGKILL");
      if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once("exit", r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
