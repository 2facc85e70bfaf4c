// The hourly cleanup against the real database: what expired goes, what is still useful stays;
// once as a plain function and once through the real queue.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { tokenHash } from "#app/auth/session.server.ts";
import { cleanupExpired } from "#app/maintenance/cleanup.server.ts";
import { closeQueues, createWorker, getQueue, type QueueName } from "#app/queue/queues.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { MAINTENANCE_SCHEDULES, maintenanceJob } from "./maintenance.ts";

const DAY = 24 * 3600_000;
afterAll(() => closeQueues());

type Probe = () => Promise<unknown>;

/** One row of each kind on each side of its retention limit, relative to `now`; each with a probe that finds it. */
async function seed(now: Date) {
  const db = getDb();
  const { user, site } = await createMember();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const session = async (expiresAt: Date): Promise<Probe> => {
    const { id } = await db.session.create({ data: { id: tokenHash(randomUUID()), userId: user.id, siteKey: site.key, expiresAt } });
    return () => db.session.findUnique({ where: { id } });
  };
  const attempt = async (createdAt: Date): Promise<Probe> => {
    const { id } = await db.loginAttempt.create({
      data: { siteKey: site.key, userId: user.id, email: user.email, ip: "192.0.2.1", success: false, createdAt },
    });
    return () => db.loginAttempt.findUnique({ where: { id } });
  };
  const token = async (data: { expiresAt: Date; usedAt?: Date }): Promise<Probe> => {
    const { id } = await db.userToken.create({ data: { userId: user.id, kind: "password_reset", tokenHash: tokenHash(randomUUID()), ...data } });
    return () => db.userToken.findUnique({ where: { id } });
  };
  const tracking = async (createdAt: Date, attached: boolean): Promise<Probe> => {
    const { id } = await db.tracking.create({ data: { siteKey: site.key, userId: attached ? user.id : null, ref: "cleanup-test", createdAt } });
    return () => db.tracking.findUnique({ where: { id } });
  };
  const delivery = async (deliveredAt: Date): Promise<Probe> => {
    const { messageId } = await db.mailDelivery.create({ data: { messageId: randomUUID(), deliveredAt } });
    return () => db.mailDelivery.findUnique({ where: { messageId } });
  };
  return {
    gone: {
      expiredSession: await session(ago(0.01)),
      attempt31Days: await attempt(ago(31)),
      tokenUsed8DaysAgo: await token({ expiresAt: ago(-30), usedAt: ago(8) }),
      tokenExpired8DaysAgo: await token({ expiresAt: ago(8) }),
      anonymousTracking91Days: await tracking(ago(91), false),
      delivery31Days: await delivery(ago(31)),
    },
    kept: {
      liveSession: await session(ago(-1)),
      attempt29Days: await attempt(ago(29)),
      tokenUsed6DaysAgo: await token({ expiresAt: ago(-30), usedAt: ago(6) }),
      tokenExpired6DaysAgo: await token({ expiresAt: ago(6) }),
      liveToken: await token({ expiresAt: ago(-1) }),
      anonymousTracking89Days: await tracking(ago(89), false),
      attachedTracking400Days: await tracking(ago(400), true),
      delivery29Days: await delivery(ago(29)),
    },
  };
}

async function present(probes: Record<string, Probe>) {
  const found: string[] = [];
  for (const [name, probe] of Object.entries(probes)) if (await probe()) found.push(name);
  return found;
}

describe("cleanup of expired rows", () => {
  it("removes expired sessions, old login attempts, spent tokens, anonymous tracking and old delivery records", async () => {
    const now = new Date();
    const rows = await seed(now);
    expect(await present(rows.gone)).toEqual(Object.keys(rows.gone));
    const counts = await cleanupExpired(now);
    expect(await present(rows.gone)).toEqual([]);
    expect(await present(rows.kept)).toEqual(Object.keys(rows.kept));
    for (const key of ["sessions", "loginAttempts", "trackings", "mailDeliveries"] as const) expect(counts[key]).toBeGreaterThanOrEqual(1);
    expect(counts.tokens).toBeGreaterThanOrEqual(2);
  });

  it("is scheduled hourly and runs through the real queue", async () => {
    expect(MAINTENANCE_SCHEDULES).toContainEqual({ id: "cleanup-expired", every: 3600_000, job: "cleanup-expired" });
    const rows = await seed(new Date());
    // a queue of its own: the other test files' workers serve the shared maintenance queue
    const name = `maintenance-test-${process.pid}-${Date.now()}` as QueueName;
    const worker = createWorker(name, maintenanceJob);
    try {
      const job = await getQueue(name).add("cleanup-expired", {});
      await expect.poll(async () => (await getQueue(name).getJob(job.id!))?.finishedOn ?? null, { timeout: 15_000 }).not.toBeNull();
      const done = (await getQueue(name).getJob(job.id!))!;
      expect(done.failedReason).toBeFalsy();
      expect(done.returnvalue).toMatchObject({ sessions: expect.any(Number), tokens: expect.any(Number) });
      expect(await present(rows.gone)).toEqual([]);
      expect(await present(rows.kept)).toEqual(Object.keys(rows.kept));
    } finally {
      await worker.close();
    }
  });
});
