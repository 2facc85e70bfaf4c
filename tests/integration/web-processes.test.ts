// The production topology: several web processes on one database serve one member as one
// server would. Two servers started apart (`node build/server/main.js`, one web process each):
// a message sent through one arrives live on a page served by the other, a rate limit counts
// across both, and a page either keeps for visitors is fresh once the other wrote. And
// `npm run start:prod` with WEB_CONCURRENCY=2: one primary and two web processes on one port.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_CACHE_TTL_MS } from "#server/page-cache.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { freePort } from "#tests/support/free-port.ts";
import { openStream } from "#tests/support/event-stream.ts";
import { postForm, request, type TestResponse, type TestServer } from "#tests/support/http.ts";
import { newVisitor } from "#tests/support/visitor.ts";
import { loggedInMember } from "#tests/support/logged-in.ts";

interface WebServer extends TestServer {
  process: ChildProcess;
  output: () => string;
}

/** The production server entry on the test database, as a deployment runs it (queue workers apart). */
async function startServer(env: Record<string, string>, args: string[] = []): Promise<WebServer> {
  const port = await freePort();
  // a data folder of its own: one server per folder (server/instance-lock.ts)
  const dataDir = mkdtempSync(path.join(tmpdir(), "rendezvous-web-"));
  const child = spawn(process.execPath, ["build/server/main.js", ...args], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      WORKER_IN_PROCESS: "0",
      PAYMENTS_TEST_PROVIDER: "on",
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: "1",
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c) => (output += c));
  child.stderr!.on("data", (c) => (output += c));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (/Rendezvous on http:\/\/localhost:\d+/.test(output)) return (clearInterval(timer), resolve());
      if (child.exitCode !== null) return (clearInterval(timer), reject(new Error(`the server exited:\n${output}`)));
    }, 50);
  });
  return {
    port,
    process: child,
    output: () => output,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const member = (server: TestServer, credits = 0) => loggedInMember(server, { site: "lovely", gender: credits ? "male" : "female", credits });

const hit = (res: TestResponse) => res.headers["x-page-cache"] === "hit";
const failedLogin = (server: TestServer, email: string) => postForm(server, "/login", { email, password: "not-the-password" }, { host: "lovely.localhost" });
const refused = (res: TestResponse) => res.status === 429;

describe("two web processes on one database", () => {
  let a: WebServer;
  let b: WebServer;
  beforeAll(async () => {
    [a, b] = await Promise.all([startServer({}), startServer({})]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("deliver a message sent through one live to the page the other serves", async () => {
    const [sam, anna] = await Promise.all([member(a, 30), member(b)]);
    const stream = openStream(b.port, anna.jar.header); // Anna's open page, served by B
    await stream.opened;
    try {
      const sent = Date.now();
      const res = await postForm(
        a,
        `/members/${anna.profile.id}/chat`,
        { clientKey: crypto.randomUUID(), intent: "text", body: "Hello from the other process" },
        { host: "lovely.localhost", headers: { cookie: sam.jar.header, "accept-language": "en" } },
      );
      expect(res.status, res.html.slice(0, 300)).toBe(302);
      await expect.poll(() => stream.events.filter((e) => e.type === "message"), { timeout: 3000, interval: 20 }).toHaveLength(1);
      expect(stream.events.find((e) => e.type === "message")!.at - sent).toBeLessThan(3000);
    } finally {
      stream.close();
    }
  });

  it("count a rate limit across both", async () => {
    newVisitor();
    const m = await createMember({ site: "lovely" });
    // failed logins for one account, alternating between the processes: the fifth blocks the account (429) on both
    for (let i = 0; i < 4; i++) expect(refused(await failedLogin(i % 2 ? b : a, m.email))).toBe(false);
    expect(refused(await failedLogin(a, m.email))).toBe(true);
    expect(refused(await failedLogin(b, m.email))).toBe(true);
  });

  it("drop a page one keeps for visitors once the other wrote what it shows", async () => {
    const m = await createMember({ name: `Kept${Date.now() % 100000}`, photos: 1 });
    const liker = await member(a);
    const path = `/members/${m.profile.id}/landing`;
    // B keeps the page once the notices of the liker's login through A are in: they leave A 50 ms
    // after the write and may still be on their way when a first hit is seen, so the page must
    // still be kept a while after B stored it
    let keptAt = 0;
    await expect
      .poll(
        async () => {
          keptAt = Date.now();
          await request(b, path);
          await new Promise((resolve) => setTimeout(resolve, 400));
          return hit(await request(b, path));
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    // renamed behind every server's back (this test's own client tells no process), then a
    // member likes the profile through A: B must not keep serving the page it kept before
    const renamed = `Fresh${Date.now() % 100000}`;
    await getDb().profile.update({ where: { id: m.profile.id }, data: { name: renamed } });
    expect((await request(b, path)).html).not.toContain(renamed); // still the kept page
    const like = await postForm(
      a,
      `/members/${m.profile.id}/like`,
      { intent: "like", js: "1" },
      { host: "lovely.localhost", headers: { cookie: liker.jar.header } },
    );
    expect(like.status).toBe(200);
    // on its own B shows the new name only once the kept page expires
    await expect.poll(async () => (await request(b, path)).html.includes(renamed), { timeout: PAGE_CACHE_TTL_MS, interval: 25 }).toBe(true);
    expect(Date.now() - keptAt).toBeLessThan(PAGE_CACHE_TTL_MS);
  });

  it("keep the other sites' pages when the other wrote on one site, and drop that site's", async () => {
    const m = await createMember({ site: "lovely", name: `Stays${Date.now() % 100000}`, photos: 1 });
    const liker = await loggedInMember(a, { site: "pride", gender: "male", seeking: "male" });
    const liked = await createMember({ site: "pride", gender: "male", seeking: "male", photos: 1 });
    const lovelyPath = `/members/${m.profile.id}/landing`;
    const pridePage = () => request(b, `/members/${liked.profile.id}/landing`, { host: "pride.localhost" });
    // B keeps both pages once the notices of the login through A are in (see above)
    let keptAt = 0;
    await expect
      .poll(
        async () => {
          keptAt = Date.now();
          await Promise.all([request(b, lovelyPath), pridePage()]);
          await new Promise((resolve) => setTimeout(resolve, 400));
          return [hit(await request(b, lovelyPath)), hit(await pridePage())];
        },
        { timeout: 10_000, interval: 100 },
      )
      .toEqual([true, true]);
    const renamed = `Gone${Date.now() % 100000}`;
    await getDb().profile.update({ where: { id: m.profile.id }, data: { name: renamed } });
    // a like on Pride Match through A: B drops Pride Match's page at once and keeps Lovely Dates'
    const like = await postForm(
      a,
      `/members/${liked.profile.id}/like`,
      { intent: "like", js: "1" },
      { host: "pride.localhost", headers: { cookie: liker.jar.header } },
    );
    expect(like.status).toBe(200);
    await expect.poll(async () => hit(await pridePage()), { timeout: 1000, interval: 25 }).toBe(false);
    const lovely = await request(b, lovelyPath);
    expect(hit(lovely)).toBe(true);
    expect(lovely.html).not.toContain(renamed);
    expect(Date.now() - keptAt).toBeLessThan(PAGE_CACHE_TTL_MS);
  });
});

/** The pids of a process's children (Linux /proc). */
const childrenOf = (pid: number) =>
  readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return Number(readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1]!.split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);

describe("npm run start:prod with WEB_CONCURRENCY=2", () => {
  let server: WebServer;
  beforeAll(async () => {
    const script = JSON.parse(readFileSync("package.json", "utf8")).scripts["start:prod"] as string;
    const args = script.split(" ").slice(script.split(" ").indexOf("build/server/main.js") + 1);
    server = await startServer({ WEB_CONCURRENCY: "2" }, args);
  }, 120_000);
  afterAll(() => server?.close());

  it("serves from two web processes on one port, a rate limit counting across them", async () => {
    expect(server.output()).toMatch(/\(production build, 2 web processes\)/);
    expect(childrenOf(server.process.pid!)).toHaveLength(2);
    const health = await request(server, "/healthz");
    expect(health.status).toBe(200);
    // the cluster hands connections out in turn: twelve failed logins of one account reach both
    // processes, and the fifth blocks the account as in one process
    newVisitor();
    const m = await createMember({ site: "lovely" });
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(refused(await failedLogin(server, m.email)));
    expect(answers).toEqual([...Array(4).fill(false), ...Array(8).fill(true)]);
  });

  it("stops its web processes with it", async () => {
    const children = childrenOf(server.process.pid!);
    await server.close();
    for (const pid of children) expect(existsSync(`/proc/${pid}`)).toBe(false);
  });
});
