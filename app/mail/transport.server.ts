// Where mail goes: the SMTP server of SMTP_URL, or, without one, .eml files in a local outbox
// folder that the development outbox page lists.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { getEnv } from "#app/utils/env.server.ts";

export const outboxDir = () => path.join(getEnv().dataDir, "outbox");

export interface DeliveryResult {
  messageId: string;
  /** The outbox file, when no SMTP server is configured. */
  file?: string;
}

/** Resolves only once the SMTP server accepted the mail (or the outbox file is written). */
export async function deliver(message: Mail.Options): Promise<DeliveryResult> {
  const { SMTP_URL } = getEnv();
  if (SMTP_URL) {
    const transport = nodemailer.createTransport(SMTP_URL);
    try {
      const info = await transport.sendMail(message);
      if (info.rejected.length) throw new Error(`SMTP server rejected ${info.rejected.join(", ")}`);
      return { messageId: info.messageId };
    } finally {
      transport.close();
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail(message);
  await mkdir(outboxDir(), { recursive: true });
  const file = path.join(outboxDir(), `${Date.now()}-${info.messageId.replace(/[^a-z0-9]/gi, "")}.eml`);
  await writeFile(file, info.message as Buffer);
  return { messageId: info.messageId, file };
}
