// A member's data export (privacy requests): asked for by the member in settings or by
// staff for them, built by the privacy worker into a zip in the media store (export-files.server.ts), announced by a
// mail in the site's brand and the member's language, downloadable for EXPORT_TTL_DAYS.
//
// Who may download: the mailed link's token AND the member logged in on their own site. A link
// forwarded or leaked by mail opens nothing without the account's password, and staff never hold
// the member's file (a staff export is mailed to the member like their own).
//
// At most one pending export per member: data_exports.pending_for is unique and holds the
// member's id until the export is built, so parallel requests create one row and one job. A
// member's own requests are also counted per day (LIMITS.dataExports, an atomic counter).
import { randomBytes } from "node:crypto";
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { tokenHash } from "#app/auth/session.server.ts";
import type { Prisma } from "#app/generated/prisma/client.ts";
import { prepareAccountMail } from "#app/mail/account-mails.server.ts";
import { writeToMailOutbox } from "#app/mail/outbox-store.server.ts";
import { getMediaStorage } from "#app/media/storage.server.ts";
import { mailLocale, siteOrigin } from "#app/notifications/delivery.server.ts";
import { giveBack, take, type Check } from "#app/limits/rate-limits.server.ts";
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { collectMemberData } from "./collect.server.ts";
import { putExportFile, removeExportObjects } from "./export-files.server.ts";

type Tx = Prisma.TransactionClient;

const EXPORT_TTL_DAYS = 7;
const DAY_MS = 24 * 3600_000;
/** a pending export whose job never finished (its retries spent) frees the member's slot after this */
const STALE_PENDING_MS = DAY_MS;

export type ExportRequest = { ok: true; exportId: number; created: boolean } | { ok: false; error: "limit"; retryAfterMs: number };

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/**
 * Queues an export for the member, or answers with the one already pending. `staffId` marks a
 * staff request (not counted against the member's daily limit); `inTransaction` runs with the
 * new row, in its transaction (the staff audit entry).
 *
 * The pending row is claimed first (unique pending_for) and only the request that claimed it
 * takes from the daily counter; refused, it gives the row up again. Parallel requests therefore
 * make one export and count once.
 */
export async function requestExport(
  user: { id: number; siteKey: string },
  options: { staffId?: number; inTransaction?: (tx: Tx, exportId: number) => Promise<unknown> } = {},
): Promise<ExportRequest> {
  const db = getDb();
  const perMember: Check = ["dataExport", String(user.id)];
  for (let attempt = 0; ; attempt++) {
    const pending = await db.dataExport.findUnique({ where: { pendingFor: user.id }, select: { id: true } });
    if (pending) return { ok: true, exportId: pending.id, created: false };
    let exportId: number;
    try {
      exportId = await db.$transaction(async (tx) => {
        const row = await tx.dataExport.create({
          data: { userId: user.id, siteKey: user.siteKey, pendingFor: user.id, staffId: options.staffId ?? null },
          select: { id: true },
        });
        await options.inTransaction?.(tx, row.id);
        return row.id;
      });
    } catch (error) {
      // a parallel request created it first (and it may be built already): look again
      if (isUniqueViolation(error) && attempt < 2) continue;
      throw error;
    }
    if (!options.staffId) {
      const taken = await take(perMember);
      if (!taken.ok) {
        await db.dataExport.deleteMany({ where: { id: exportId, status: "pending" } });
        return { ok: false, error: "limit", retryAfterMs: taken.retryAfterMs };
      }
    }
    await enqueueBuild(exportId, options.staffId ? null : perMember);
    return { ok: true, exportId, created: true };
  }
}

/** The queue did not take the export's job (a backend that is down answers within seconds): nothing was kept. */
export class ExportNotQueued extends Error {}

async function enqueueBuild(exportId: number, counted: Check | null) {
  try {
    await getQueue(QUEUE_NAMES.privacy).add(
      "build-export",
      { exportId },
      { jobId: `export-${exportId}`, attempts: 3, backoff: { type: "exponential", delay: 30_000 }, removeOnComplete: 1000, removeOnFail: 5000 },
    );
  } catch (error) {
    await getDb().dataExport.deleteMany({ where: { id: exportId, status: "pending" } });
    if (counted) await giveBack(counted);
    throw new ExportNotQueued(`export ${exportId} not queued: ${(error as Error).message}`, { cause: error });
  }
}

/** The zip, in memory: JSON documents compressed, images stored as they are (JPEG is compressed already). */
async function buildZip(documents: Record<string, unknown>, images: Record<string, Buffer>) {
  const chunks: Uint8Array[] = [];
  const done = new Promise<void>((resolve, reject) => {
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      chunks.push(chunk);
      if (final) resolve();
    });
    for (const [name, value] of Object.entries(documents)) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(strToU8(JSON.stringify(value, null, 2)), true);
    }
    for (const [name, body] of Object.entries(images)) {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(new Uint8Array(body), true);
    }
    zip.end();
  });
  await done;
  return Buffer.concat(chunks);
}

/**
 * The privacy worker's job: builds the zip, makes the export ready with a fresh link token and
 * mails the link. A retry after the zip was built (the mail failed) mails a new link for it.
 */
export async function buildExport(exportId: number, now = new Date()) {
  const db = getDb();
  const row = await db.dataExport.findUnique({ where: { id: exportId }, select: { id: true, userId: true, siteKey: true, status: true, file: true } });
  if (!row || row.status === "failed") return { built: false };
  const user = await db.user.findUnique({
    where: { id: row.userId },
    select: { email: true, status: true, language: true, profile: { select: { name: true } } },
  });
  const site = getSiteRegistry().byKey.get(row.siteKey);
  if (!user || !site || user.status === "deleted") {
    await db.dataExport.updateMany({ where: { id: exportId, status: "pending" }, data: { status: "failed", pendingFor: null } });
    return { built: false };
  }
  if (row.status === "pending") {
    const data = await collectMemberData(row.userId);
    if (!data) return { built: false };
    const storage = getMediaStorage();
    const images: Record<string, Buffer> = {};
    for (const [name, key] of Object.entries(data.images)) {
      const body = await storage.get(key);
      if (body) images[name] = body;
    }
    const name = `${randomBytes(18).toString("base64url")}.zip`;
    const zip = await buildZip(
      { ...data.documents, "export.json": { exportId, createdAt: now, site: site.name, files: [...Object.keys(data.documents), ...Object.keys(images)] } },
      images,
    );
    await putExportFile(name, zip);
    const { count } = await db.dataExport.updateMany({
      where: { id: exportId, status: "pending" },
      data: {
        status: "ready",
        pendingFor: null,
        file: name,
        sizeBytes: zip.length,
        readyAt: now,
        expiresAt: new Date(now.getTime() + EXPORT_TTL_DAYS * DAY_MS),
      },
    });
    if (!count) {
      await removeExportObjects([name]);
      return { built: false };
    }
  }
  await mailExportLink(site, exportId, { email: user.email, language: user.language, name: user.profile?.name ?? user.email });
  return { built: true };
}

async function mailExportLink(site: Site, exportId: number, user: { email: string; language: string | null; name: string }) {
  const token = randomBytes(32).toString("base64url");
  const mail = await prepareAccountMail({
    kind: "dataExport",
    site,
    locale: mailLocale(site, user.language),
    to: user.email,
    name: user.name,
    link: `${siteOrigin(site)}/account/data-export?token=${token}`,
    params: { days: EXPORT_TTL_DAYS },
  });
  // the link's token and the mail that carries it: together or not at all
  await getDb().$transaction(async (tx) => {
    await tx.dataExport.update({ where: { id: exportId }, data: { tokenHash: tokenHash(token) } });
    await writeToMailOutbox(tx, [mail]);
  });
}

export type Download = { ok: true; exportId: number; file: string; size: number; readyAt: Date; expiresAt: Date } | { ok: false; status: 404 | 410 };

/**
 * The export a link's token names, for the member logged in on this site: someone else's
 * export, another site's or an unknown token is a 404, an expired or removed one a 410 (a zip
 * the store does not hold is the file route's 410: asking the bucket here would fetch it twice).
 */
export async function findDownload(site: Pick<Site, "key">, userId: number, token: string | null, now = new Date()): Promise<Download> {
  if (!token || !/^[\w-]{20,100}$/.test(token)) return { ok: false, status: 404 };
  const row = await getDb().dataExport.findUnique({
    where: { tokenHash: tokenHash(token) },
    select: { id: true, userId: true, siteKey: true, status: true, file: true, sizeBytes: true, readyAt: true, expiresAt: true },
  });
  if (!row || row.userId !== userId || row.siteKey !== site.key) return { ok: false, status: 404 };
  if (row.status !== "ready" || !row.file || !row.expiresAt || !row.readyAt || row.expiresAt <= now) return { ok: false, status: 410 };
  if (row.sizeBytes === null) return { ok: false, status: 410 };
  return { ok: true, exportId: row.id, file: row.file, size: row.sizeBytes, readyAt: row.readyAt, expiresAt: row.expiresAt };
}

/** The export a member is waiting for, and their newest ready one, for the settings page. */
export async function exportState(userId: number, now = new Date()) {
  const db = getDb();
  const [pending, ready] = await Promise.all([
    db.dataExport.findUnique({ where: { pendingFor: userId }, select: { createdAt: true } }),
    db.dataExport.findFirst({ where: { userId, status: "ready", expiresAt: { gt: now } }, orderBy: { id: "desc" }, select: { expiresAt: true } }),
  ]);
  return { pending: !!pending, readyUntil: ready?.expiresAt ?? null };
}

/** Hourly (maintenance cleanup): expired exports go, files and rows; a pending one stuck for a day is given up. */
export async function cleanupExports(now = new Date()) {
  const db = getDb();
  const expired = await db.dataExport.findMany({ where: { expiresAt: { lte: now } }, select: { id: true, file: true } });
  // a store that does not answer keeps the rows: the next hourly run removes both
  await removeExportObjects(expired.map((r) => r.file));
  const removed = await db.dataExport.deleteMany({ where: { id: { in: expired.map((r) => r.id) } } });
  const stale = new Date(now.getTime() - STALE_PENDING_MS);
  const givenUp = await db.dataExport.updateMany({ where: { status: "pending", createdAt: { lt: stale } }, data: { status: "failed", pendingFor: null } });
  const failed = await db.dataExport.deleteMany({ where: { status: "failed", createdAt: { lt: new Date(now.getTime() - EXPORT_TTL_DAYS * DAY_MS) } } });
  return { dataExports: removed.count + failed.count, dataExportsGivenUp: givenUp.count };
}
