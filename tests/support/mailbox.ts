import { expect } from "vitest";
import type { ReceivedMail } from "./smtp.ts";

/** Waits for the newest mail to an address and returns it with its first link. */
export async function waitForMail(received: ReceivedMail[], to: string, count = 1) {
  await expect.poll(() => received.filter((m) => m.to.includes(to)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  const mail = received.filter((m) => m.to.includes(to)).at(-1)!;
  const decoded = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = /https?:\/\/[^\s"<>]+token=[\w-]+/.exec(decoded)?.[0] ?? null;
  const headers = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const subject = /^Subject: (.*)$/m.exec(headers)?.[1] ?? "";
  return { ...mail, decoded, link, subject };
}
