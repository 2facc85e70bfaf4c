// Where mail goes: the SMTP server of SMTP_URL, or, without one, .eml files in a local outbox
// folder that the development outbox page lists.
//
// Delivery is idempotent by the mail's id: the outbox writes `<id>.eml` atomically (temporary
// file, then rename) and skips an id whose file exists; the SMTP path records the id in
// mail_deliveries once the server accepted the mail and skips an id recorded there. What is
// left is at-least-once: a crash in the milliseconds between the server's acceptance and the
// insert would still send the mail again.
import { randomBytes } from "node:crypto";
import { access, mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type Mail from "nodemailer/lib/mailer";
import { getDb } from "#app/utils/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";

type Rejection = { rejected?: unknown[]; rejectedErrors?: { responseCode?: number; recipient?: string }[]; responseCode?: number; code?: string };

/** Recipients the server refused with a 5xx reply (a hard bounce at RCPT TO); 4xx refusals are retried. */
function permanentlyRejected(outcome: unknown): string[] {
  const r = (outcome ?? {}) as Rejection;
  const perRecipient = (r.rejectedErrors ?? []).filter((e) => (e.responseCode ?? 0) >= 500 && e.recipient).map((e) => e.recipient!);
  if (perRecipient.length) return perRecipient;
  if (r.code === "EENVELOPE" && (r.responseCode ?? 0) >= 500) return (r.rejected ?? []).filter((a): a is string => typeof a === "string");
  return [];
}

export const outboxDir = () => path.join(getEnv().dataDir, "outbox");

export interface DeliveryResult {
  messageId: string;
  /** The mail had been delivered by an earlier run of its job; nothing was sent now. */
  skipped?: true;
  /** The outbox file, when no SMTP server is configured. */
  file?: string;
  /** Recipients the SMTP server refused for good; recorded as bounced. */
  bounced?: string[];
}

const MAIL_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

function firstAddress(from: unknown): string {
  if (typeof from === "string") return from;
  if (Array.isArray(from)) return firstAddress(from[0]);
  return (from as { address?: string } | undefined)?.address ?? "";
}

const senderDomain = (from: Mail.Options["from"]) => /@([A-Za-z0-9.-]+)>?\s*$/.exec(firstAddress(from))?.[1] ?? "localhost";

const messageIdHeader = (id: string, from: Mail.Options["from"]) => `<${id}@${senderDomain(from)}>`;

const outboxFile = (id: string) => path.join(outboxDir(), `${id}.eml`);

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function wasDelivered(id: string) {
  return !!(await getDb().mailDelivery.findUnique({ where: { messageId: id }, select: { messageId: true } }));
}

/** What the caller does with an address the SMTP server refused for good, before the mail counts as delivered. */
type DeliverOptions = { onHardBounce?: (address: string) => Promise<unknown> };

/** Resolves only once the SMTP server accepted the mail (or the outbox file is in place). */
export async function deliver(id: string, message: Mail.Options, { onHardBounce }: DeliverOptions = {}): Promise<DeliveryResult> {
  if (!MAIL_ID.test(id)) throw new Error(`invalid mail id ${JSON.stringify(id).slice(0, 120)}`);
  const messageId = messageIdHeader(id, message.from);
  const mail = { ...message, messageId };
  const { SMTP_URL } = getEnv();
  const { default: nodemailer } = await import("nodemailer");
  if (SMTP_URL) {
    if (await wasDelivered(id)) return { messageId, skipped: true };
    const transport = nodemailer.createTransport(SMTP_URL);
    let bounced: string[] = [];
    try {
      const info = await transport.sendMail(mail);
      bounced = permanentlyRejected(info);
      if (info.rejected.length > bounced.length) throw new Error(`SMTP server rejected ${info.rejected.join(", ")}`);
    } catch (error) {
      bounced = permanentlyRejected(error);
      if (!bounced.length) throw error;
    } finally {
      transport.close();
    }
    // a hard bounce is final: no retry; the caller records it before the mail counts as delivered
    for (const address of bounced) await onHardBounce?.(address);
    await getDb().mailDelivery.createMany({ data: [{ messageId: id }], skipDuplicates: true });
    return bounced.length ? { messageId, bounced } : { messageId };
  }
  const file = outboxFile(id);
  if (await exists(file)) return { messageId, skipped: true, file };
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail(mail);
  await mkdir(outboxDir(), { recursive: true });
  const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(tmp, info.message as Buffer);
    await rename(tmp, file);
  } finally {
    await rm(tmp, { force: true });
  }
  return { messageId, file };
}
