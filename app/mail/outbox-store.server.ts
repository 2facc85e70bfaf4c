// The mail outbox table (mail_outbox; not the .eml folder of the embedded default): a request
// writes its mail here in the transaction of the change the mail belongs to, and the relay
// (outbox-relay.server.ts) hands it to the mail queue. A row's id is the mail's id, so the
// BullMQ job id, the Message-ID and the delivery record stay one id (mail-queue.server.ts).
//
// Taking rows is a lease, not a lock held while the queue answers (no second connection and no
// call to another system inside a transaction): one UPDATE … FOR UPDATE SKIP LOCKED moves the
// rows' due_at LEASE_MS ahead and commits, so a parallel relay skips them; a relay that dies
// before marking them lets them fall due again, and handing a row over twice creates one job.
import { Prisma } from "#app/generated/prisma/client.ts";
import { physicalQueueName, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { getDb, type Db } from "#app/utils/db.server.ts";
import { currentRequestId } from "#app/utils/request-id.server.ts";
import type { MailJob } from "./mail-queue.server.ts";

/** A mail ready to be queued: the rendered message under its id. */
export type OutboxMail = Omit<MailJob, "id"> & { id: string };
/** A row taken from the outbox: the mail and the request that wrote it. */
type TakenMail = OutboxMail & { requestId?: string };

/** The channel the relay listens on; a committed write notifies it with its queue's name. */
export const OUTBOX_CHANNEL = "mail_outbox";

const LEASE_MS = 30_000;
const DAY_MS = 24 * 3600_000;
/** Handed-over rows are kept as long as the queue keeps a completed mail job (MAIL_JOB_OPTIONS). */
const KEEP_HANDED_OVER_DAYS = 7;

export const outboxQueue = () => physicalQueueName(QUEUE_NAMES.mail);

/**
 * Writes mails with the caller's transaction (or alone with the client). A mail whose id is
 * there already is not written again. The relay hears of them once the transaction commits.
 */
export async function writeToMailOutbox(db: Db | Prisma.TransactionClient, mails: OutboxMail[]) {
  if (!mails.length) return;
  const queue = outboxQueue();
  const now = new Date();
  const requestId = currentRequestId() ?? null;
  await db.mailOutbox.createMany({
    data: mails.map((m) => ({ id: m.id, queue, siteKey: m.siteKey, message: m.message as Prisma.InputJsonValue, requestId, createdAt: now, dueAt: now })),
    skipDuplicates: true,
  });
  await db.$executeRaw`SELECT pg_notify(${OUTBOX_CHANNEL}, ${queue})`;
}

/** Takes up to `limit` due rows of the queue for LEASE_MS, oldest first. */
export async function takeDueMails(queue: string, limit: number, now = new Date()): Promise<TakenMail[]> {
  const rows = await getDb().$queryRaw<{ id: string; site_key: string; message: MailJob["message"]; request_id: string | null }[]>`
    UPDATE mail_outbox SET attempts = attempts + 1, due_at = ${new Date(now.getTime() + LEASE_MS)}
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE queue = ${queue} AND handed_over_at IS NULL AND due_at <= ${now}
      ORDER BY due_at, created_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, site_key, message, request_id`;
  return rows.map((r) => ({ id: r.id, siteKey: r.site_key, message: r.message, ...(r.request_id ? { requestId: r.request_id } : {}) }));
}

/** The queue has them: the message goes (the job carries it now), the row stays a while. */
export async function markHandedOver(ids: string[], now = new Date()) {
  await getDb().mailOutbox.updateMany({ where: { id: { in: ids }, handedOverAt: null }, data: { handedOverAt: now, message: Prisma.DbNull, lastError: null } });
}

/** The queue refused or did not answer: the rows fall due again at `retryAt`. */
export async function markNotHandedOver(ids: string[], error: string, retryAt: Date) {
  await getDb().mailOutbox.updateMany({ where: { id: { in: ids }, handedOverAt: null }, data: { dueAt: retryAt, lastError: error.slice(0, 500) } });
}

/** The maintenance schedule's part: rows handed over more than KEEP_HANDED_OVER_DAYS ago. */
export async function pruneMailOutbox(now = new Date()) {
  const { count } = await getDb().mailOutbox.deleteMany({ where: { handedOverAt: { lt: new Date(now.getTime() - KEEP_HANDED_OVER_DAYS * DAY_MS) } } });
  return { mailOutbox: count };
}
