// Reads the local outbox for the development outbox page: mailparser decodes what nodemailer
// encoded (quoted-printable bodies, encoded subjects), so the links shown are the links sent.
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { outboxDir } from "./transport.server.ts";

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  date: string;
  links: string[];
}

const LINK = /https?:\/\/[^\s"'<>()]+/g;

export async function readOutboxMail(file: string): Promise<OutboxMail> {
  const { simpleParser } = await import("mailparser");
  const mail = await simpleParser(await readFile(path.join(outboxDir(), file)));
  // the text part carries the links unescaped; an HTML-only mail is read through its text rendering
  const text = mail.text ?? "";
  const links = [...new Set((text.match(LINK) ?? []).map((l) => l.replace(/[.,;]+$/, "")))];
  const to = [mail.to]
    .flat()
    .map((a) => a?.text ?? "")
    .join(", ");
  return { file, to, subject: mail.subject ?? "", date: mail.date?.toISOString() ?? "", links };
}

/** The newest mails first (files are named by the mail's id, so by modification time). */
export async function readOutbox(limit = 50): Promise<OutboxMail[]> {
  const names = (await readdir(outboxDir()).catch(() => [])).filter((f) => f.endsWith(".eml"));
  const dated = await Promise.all(names.map(async (f) => ({ f, at: (await stat(path.join(outboxDir(), f)).catch(() => null))?.mtimeMs ?? 0 })));
  return Promise.all(
    dated
      .sort((a, b) => b.at - a.at)
      .slice(0, limit)
      .map((d) => readOutboxMail(d.f)),
  );
}
