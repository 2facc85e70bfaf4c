// Live delivery: a member's open page hears about a new message or like within a second, from
// any app process (PostgreSQL LISTEN/NOTIFY, or Redis pub/sub with REDIS_URL), and nobody else does.
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getLiveBus, type LiveEvent } from "#app/live/bus.server.ts";
import { postForm, request, type TestServer } from "#tests/support/http.ts";
import { createMember, PASSWORD } from "#tests/support/factories.ts";
import { CookieJar } from "#tests/support/session.ts";
import { openStream } from "#tests/support/event-stream.ts";
import { useEnv, useTestServer } from "#tests/support/fixtures.ts";

const backends = [{ name: "PostgreSQL", redis: undefined }, ...(process.env.REDIS_URL ? [{ name: "Redis", redis: process.env.REDIS_URL }] : [])];

async function member(server: TestServer) {
  const m = await createMember({ site: "lovely" });
  const jar = new CookieJar();
  jar.take(await postForm(server, "/login", { email: m.email, password: PASSWORD }, { host: "lovely.localhost" }));
  return { ...m, jar };
}

describe.each(backends)("live events over $name", ({ redis }) => {
  useEnv({ REDIS_URL: redis });
  // the bus of this backend: the one before closed first, this one after the servers
  beforeAll(() => getLiveBus().close());
  afterAll(() => getLiveBus().close());
  const server = useTestServer();
  let other: ChildProcess;
  let otherPort: number;

  beforeAll(async () => {
    other = fork(path.resolve("tests/support/app-process.ts"), [], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    otherPort = await new Promise<number>((resolve) => other.on("message", (m: { port?: number }) => m.port && resolve(m.port)));
  }, 60_000);

  afterAll(() => {
    other.kill();
  });

  it("refuses a visitor", async () => {
    const res = await request(server, "/api/events", { host: "lovely.localhost" });
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ authentication_required: true });
  });

  it("delivers to the member's stream on another process, within a second, and to nobody else", async () => {
    const [anna, bert] = await Promise.all([member(server), member(server)]);
    const annaStream = openStream(otherPort, anna.jar.header); // Anna's page is served by the other process
    const bertStream = openStream(server.port, bert.jar.header);
    await Promise.all([annaStream.opened, bertStream.opened]);
    try {
      const sent = Date.now();
      await getLiveBus().publish([anna.profile.id], { type: "message", conversationId: 42 });
      await expect.poll(() => annaStream.events.filter((e) => e.type === "message"), { timeout: 1000, interval: 20 }).toHaveLength(1);
      expect(annaStream.events.find((e) => e.type === "message")).toMatchObject({ data: { type: "message", conversationId: 42 } });
      expect(annaStream.events.find((e) => e.type === "message")!.at - sent).toBeLessThan(1000);

      // and back: the other process publishes a like for Bert, whose page is served here
      other.send({ publish: { to: [bert.profile.id], event: { type: "like", profileId: anna.profile.id } satisfies LiveEvent } });
      await expect.poll(() => bertStream.events.filter((e) => e.type === "like"), { timeout: 1000, interval: 20 }).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 200));
      expect(bertStream.events.map((e) => e.type)).toEqual(["hello", "like"]);
      expect(annaStream.events.map((e) => e.type)).toEqual(["hello", "message"]);
    } finally {
      annaStream.close();
      bertStream.close();
    }
  });

  it("delivers a burst of events in their order, one statement at a time on the connection", async () => {
    const anna = await member(server);
    const stream = openStream(otherPort, anna.jar.header);
    await stream.opened;
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    try {
      await Promise.all(Array.from({ length: 20 }, (_, i) => getLiveBus().publish([anna.profile.id], { type: "message", conversationId: i + 1 })));
      const ids = () => stream.events.filter((e) => e.type === "message").map((e) => (e.data as { conversationId: number }).conversationId);
      await expect.poll(ids, { timeout: 2000, interval: 20 }).toHaveLength(20);
      expect(ids()).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => w.includes("already executing a query"))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
      stream.close();
    }
  });

  it("releases the member's listener when the page closes", async () => {
    const anna = await member(server);
    const stream = openStream(server.port, anna.jar.header);
    await stream.opened;
    expect(getLiveBus().listenerCount(anna.profile.id)).toBe(1);
    stream.close();
    await expect.poll(() => getLiveBus().listenerCount(anna.profile.id), { timeout: 2000 }).toBe(0);
  });
});
