// Live events sent while the bus is down are lost: when Redis comes back, every open stream is
// told "resync" and its page reads its state again, so a message sent during the outage (stored,
// its live event gone) shows. A private redis-server on a port of its own, stopped and started
// again; the shared one is never touched.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendMessage } from "#app/chat/send.server.ts";
import { changeCredits } from "#app/credits/ledger.server.ts";
import { getLiveBus } from "#app/live/bus.server.ts";
import { closeQueues } from "#app/queue/queues.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { useEnv, useTestServer } from "#tests/support/fixtures.ts";
import { freePort } from "#tests/support/free-port.ts";
import { openStream } from "#tests/support/event-stream.ts";
import { request } from "#tests/support/http.ts";
import { loggedInMember } from "#tests/support/logged-in.ts";

const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;
const port = await freePort();
let redis: ChildProcess | null = null;

const answers = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
async function startRedis() {
  redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  // (a loop, not expect.poll: beforeAll runs it too)
  for (const started = Date.now(); !(await answers()); await new Promise((r) => setTimeout(r, 100)))
    if (Date.now() - started > 10_000) throw new Error(`redis-server did not answer on ${port}`);
}
async function stopRedis() {
  const child = redis;
  redis = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

beforeAll(startRedis);
afterAll(async () => {
  await getLiveBus().close();
  await closeQueues();
  await stopRedis();
});
// the bus (and the queue) of the server in this process on the private Redis
useEnv({ REDIS_URL: `redis://127.0.0.1:${port}` });
const server = useTestServer();

describe.runIf(hasRedisServer)("a live stream across a Redis outage", () => {
  it("says resync once Redis is back, and the message sent meanwhile is then there to read", async () => {
    const reader = await loggedInMember(server, { site: "lovely", gender: "female", seeking: "male" });
    const writer = await createMember({ site: "lovely", gender: "male", seeking: "female" });
    await changeCredits(getDb(), { userId: writer.user.id, delta: 50, reason: "adjustment", idempotencyKey: `resync-credits-${writer.user.id}` });
    const stream = openStream(server.port, reader.jar.header);
    await stream.opened;
    try {
      await stopRedis();
      const body = `Sent while Redis was down ${Date.now()}`;
      const sent = await sendMessage(
        getSiteRegistry().byKey.get("lovely")!,
        { userId: writer.user.id, profileId: writer.profile.id, paidUser: writer.user.paidUser },
        { profileId: reader.profile.id },
        { kind: "text", body },
        crypto.randomUUID(),
        { queue: false },
      );
      expect(sent, JSON.stringify(sent)).toMatchObject({ ok: true });
      expect(await getDb().message.count({ where: { senderId: writer.profile.id, body } })).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(stream.events.map((e) => e.type)).toEqual(["hello"]);

      await startRedis();
      await expect.poll(() => stream.events.map((e) => e.type), { timeout: 20_000, interval: 100 }).toContain("resync");
      // what the page reads on resync: the badges and the thread
      const as = { host: "lovely.localhost", headers: { cookie: reader.jar.header, "accept-language": "en" } };
      expect((await request(server, "/api/chats.php", as)).json().unread_total).toBeGreaterThanOrEqual(1);
      const conversationId = sent.ok ? sent.conversationId : 0;
      expect((await request(server, `/chats/${conversationId}`, as)).html).toContain(body);
    } finally {
      stream.close();
    }
  }, 60_000);
});
