// The development outbox lists each mail's links as they were sent: quoted-printable decoded
// (no "=3D" that leads to /activate/error), and for every account mail, the reset mail included.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { renderAccountMail, type AccountMail } from "#app/mail/account-mails.server.ts";
import { readOutboxMail } from "#app/mail/outbox-reader.server.ts";
import { deliver } from "#app/mail/transport.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";

describe("development outbox", () => {
  const kinds: AccountMail[] = ["activation", "passwordReset", "emailChange", "reactivation"];

  it.each(kinds)("shows the %s mail's link exactly as sent", async (kind) => {
    const site = getSiteRegistry().byKey.get("mature")!;
    // long enough that quoted-printable folds it, with the characters it escapes
    const link = `http://mature.localhost:3000/reset-password/do?token=${"Ab0_-".repeat(20)}&code=123=456`;
    const { subject, text, html } = await renderAccountMail({ kind, site, locale: "de", to: "anna@example.com", name: "Anna Müller", link });
    const id = randomUUID();
    const result = await deliver(id, { from: { name: site.mail_name, address: "noreply@mature.localhost" }, to: "anna@example.com", subject, text, html });
    const mail = await readOutboxMail(result.file!.split("/").at(-1)!);
    expect(mail.links, JSON.stringify(mail.links)).toEqual([link]);
    expect(mail.subject).toBe(subject);
    expect(mail.to).toContain("anna@example.com");
  });
});
