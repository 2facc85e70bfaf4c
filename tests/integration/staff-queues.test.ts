// The queue dashboard (bull-board under /staff/queues, server/staff-queues.ts) over HTTP against
// the real app and the configured queue backend (PostgreSQL unless REDIS_URL is set): admins see
// the queues with their counts and retry a failed job (audited); support staff get 403, members
// and visitors no dashboard; a cross-site change is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeQueues, createWorker, getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember, PASSWORD } from "#tests/support/factories.ts";
import { postForm, request } from "#tests/support/http.ts";
import { CookieJar } from "#tests/support/session.ts";
import { loggedInStaff } from "#tests/support/logged-in.ts";
import { useTestServer } from "#tests/support/fixtures.ts";

const HOST = "lovely.localhost";
const server = useTestServer();
let worker: ReturnType<typeof createWorker>;
let failing = true;

beforeAll(async () => {
  // a maintenance worker of this process's own namespace: "dashboard-probe" fails until told not to
  worker = createWorker(QUEUE_NAMES.maintenance, async (job) => {
    if (job.name === "dashboard-probe" && failing) throw new Error("probe failure");
    return "ok";
  });
  await worker.waitUntilReady();
});
afterAll(async () => {
  await worker.close();
  await closeQueues();
});

const staffSession = (role: "support" | "admin") => loggedInStaff(server, role, { host: HOST });

const get = (cookie: string, path: string) => request(server, path, { host: HOST, headers: { cookie } });

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("queue dashboard", () => {
  it("an admin sees the page, the six queues with counts, and retries a failed job", async () => {
    const admin = await staffSession("admin");
    const page = await get(admin.jar.header, "/staff/queues");
    expect(page.status).toBe(200);
    expect(page.body).toContain('<base href="/staff/queues/"');
    expect(page.headers["cache-control"]).toBe("no-store");
    // its scripts and styles are served from here (self), and the site's CSP is unchanged
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.body)![1];
    expect((await get(admin.jar.header, `/staff/queues/${script}`)).status).toBe(200);
    expect(String(page.headers["content-security-policy"])).toMatch(/script-src 'self' 'nonce-/);

    const name = getQueue(QUEUE_NAMES.maintenance).name;
    const job = await getQueue(QUEUE_NAMES.maintenance).add("dashboard-probe", { at: Date.now() }, { attempts: 1 });
    const listing = (path: string) =>
      get(admin.jar.header, path).then((r) => r.json<{ queues: { name: string; counts: Record<string, number>; jobs: { id: string }[] }[] }>());
    const failedList = `/staff/queues/api/queues?activeQueue=${encodeURIComponent(name)}&status=failed&page=1&jobsPerPage=50`;
    const before = await until(
      () => listing(failedList),
      (r) => {
        const q = r.queues.find((x) => x.name === name);
        return !!q?.jobs.some((j) => j.id === job.id) && q.counts.failed! > 0;
      },
    );
    const physical = Object.values(QUEUE_NAMES).map((q) => getQueue(q).name);
    expect(before.queues.map((q) => q.name).sort()).toEqual(physical.sort());
    for (const q of before.queues) for (const state of ["waiting", "active", "delayed", "failed", "completed"]) expect(typeof q.counts[state]).toBe("number");
    const maintenance = before.queues.find((q) => q.name === name)!;
    expect(maintenance.jobs.map((j) => j.id)).toContain(job.id);
    expect(maintenance.counts.failed).toBeGreaterThan(0);

    failing = false;
    const retry = await request(server, `/staff/queues/api/queues/${encodeURIComponent(name)}/${job.id}/retry`, {
      host: HOST,
      method: "PUT",
      headers: { cookie: admin.jar.header, origin: `http://${HOST}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(retry.status).toBeLessThan(300);
    const after = await until(
      () => listing(failedList),
      (r) => !r.queues.find((q) => q.name === name)!.jobs.some((j) => j.id === job.id),
    );
    expect(after.queues.find((q) => q.name === name)!.jobs.map((j) => j.id)).not.toContain(job.id);
    expect(
      await until(
        () => getQueue(QUEUE_NAMES.maintenance).getJobState(job.id!),
        (s) => s === "completed",
      ),
    ).toBe("completed");
    // the change is in the audit log, by this admin
    const entry = await until(
      () => getDb().staffAuditEntry.findFirst({ where: { staffId: admin.id, action: "queues.change" } }),
      (e) => e !== null,
    );
    expect(JSON.stringify(entry?.after)).toContain(`${job.id}/retry`);
  });

  it("support staff get 403, members and visitors no dashboard", async () => {
    const support = await staffSession("support");
    expect((await get(support.jar.header, "/staff/queues")).status).toBe(403);
    expect((await get(support.jar.header, "/staff/queues/api/queues")).status).toBe(403);

    const member = await createMember({ site: "lovely" });
    const jar = new CookieJar();
    expect(jar.take(await postForm(server, "/login", { email: member.email, password: PASSWORD }, { host: HOST })).status).toBe(302);
    const asMember = await get(jar.header, "/staff/queues");
    expect(asMember.status).toBe(302);
    expect(asMember.headers.location).toBe("/staff/login?redirectTo=%2Fstaff%2Fqueues");
    expect((await get(jar.header, "/staff/queues/api/queues")).status).toBe(401);
    expect((await get("", "/staff/queues/api/queues")).status).toBe(401);
  });

  it("refuses a cross-site change, even from an admin's browser", async () => {
    const admin = await staffSession("admin");
    const name = getQueue(QUEUE_NAMES.maintenance).name;
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
      const res = await request(server, `/staff/queues/api/queues/${encodeURIComponent(name)}/retry/failed`, {
        host: HOST,
        method: "PUT",
        headers: { cookie: admin.jar.header, "content-type": "application/json", ...headers },
        body: "{}",
      });
      expect(res.status).toBe(403);
    }
    const post = await request(server, `/staff/queues/api/queues/${encodeURIComponent(name)}/clean/failed`, {
      host: HOST,
      method: "POST",
      headers: { cookie: admin.jar.header, origin: "https://evil.example" },
    });
    expect(post.status).toBe(403);
  });
});
