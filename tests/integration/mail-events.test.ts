// Mail that cannot or must not reach an address: hard bounces at the SMTP server, and bounces,
// spam complaints and unsubscribes reported by the provider to /api/mail-events. Each disables
// notification mail for the address and shows the member the alert; account mail still goes.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sendMailJob } from "#workers/mail.ts";
import { getDb } from "#app/utils/db.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { createMember } from "#tests/support/factories.ts";
import { request } from "#tests/support/http.ts";
import { loggedInMember, textOf } from "#tests/support/logged-in.ts";
import { startSmtpServer } from "#tests/support/smtp.ts";
import { useEnv, useTestServer } from "#tests/support/fixtures.ts";

const en = JSON.parse(readFileSync("app/locales/en/common.json", "utf8"));
const TOKEN = "mail-events-token-for-the-tests-0123";
const disabled = async (userId: number) =>
  (await getDb().user.findUniqueOrThrow({ where: { id: userId }, select: { notificationsDisabled: true } })).notificationsDisabled;

useEnv({ MAIL_EVENTS_TOKEN: TOKEN });
const server = useTestServer();

const report = (body: unknown, token = TOKEN, contentType = "application/json") =>
  request(server, "/api/mail-events", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": contentType, authorization: `Bearer ${token}`, "accept-language": "en" },
  });

describe("POST /api/mail-events", () => {
  it("refuses a wrong or missing token and changes nothing", async () => {
    const m = await createMember();
    const events = { events: [{ type: "complaint", email: m.email }] };
    expect((await report(events, "wrong-token-wrong-token-wrong")).status).toBe(401);
    expect(
      (await request(server, "/api/mail-events", { method: "POST", body: JSON.stringify(events), headers: { "content-type": "application/json" } })).status,
    ).toBe(401);
    expect(await disabled(m.user.id)).toEqual([]);
  });

  it("a spam complaint disables notification mail on every site the address is a member of, once, and the member sees why", async () => {
    const m = await loggedInMember(server, { site: "lovely" });
    const same = await createMember({ site: "pride" });
    await getDb().user.update({ where: { id: same.user.id }, data: { email: m.email } });
    const other = await createMember();
    const answers = await Promise.all(Array.from({ length: 5 }, () => report({ events: [{ type: "complaint", email: m.email.toUpperCase() }] })));
    expect(answers.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(answers.reduce((sum, r) => sum + r.json<{ accounts: number }>().accounts, 0)).toBe(2);
    expect(await disabled(m.user.id)).toEqual(["spam_mark"]);
    expect(await disabled(same.user.id)).toEqual(["spam_mark"]);
    expect(await disabled(other.user.id)).toEqual([]);
    const page = (path: string) => request(server, path, { host: m.host, headers: { cookie: m.jar.header, "accept-language": "en" } });
    const members = await page("/members");
    expect(members.html).toContain('data-testid="notifications-disabled"');
    expect(textOf(members.html)).toContain(en.messages.notificationsDisabled);
    // the alert stays off the pages about notifications (spec section 4); /notifications says why in its own words
    for (const path of ["/notifications", "/profile/settings"]) expect((await page(path)).html).not.toContain('data-testid="notifications-disabled"');
    expect(textOf((await page("/notifications")).html)).toContain(en.messages.notificationsDisabled);
  });

  it("records bounces and unsubscribes; a soft bounce changes nothing", async () => {
    const soft = await createMember();
    const hard = await createMember();
    const gone = await createMember();
    const res = await report({
      events: [
        { type: "bounce", email: soft.email, permanent: false },
        { type: "bounce", email: hard.email },
        { type: "unsubscribe", email: gone.email },
      ],
    });
    expect(res.json()).toEqual({ recorded: 3, accounts: 2 });
    expect(await disabled(soft.user.id)).toEqual([]);
    expect(await disabled(hard.user.id)).toEqual(["bounce"]);
    expect(await disabled(gone.user.id)).toEqual(["unsubscribe"]);
  });

  it("answers junk with a 4xx in the member's language, never a 5xx", async () => {
    const junk: [unknown, string?][] = [
      ["{", undefined],
      ["[]", undefined],
      [{}, undefined],
      [{ events: [] }, undefined],
      [{ events: "x" }, undefined],
      [{ events: [{ type: "bounce", email: "not an address" }] }, undefined],
      [{ events: [{ type: "delete", email: "a@b.test" }] }, undefined],
      [{ events: Array.from({ length: 101 }, () => ({ type: "bounce", email: "a@b.test" })) }, undefined],
      [{ events: [{ type: "bounce", email: `${"a".repeat(300)}@b.test` }] }, undefined],
      ["events=1", "application/x-www-form-urlencoded"],
    ];
    for (const [body, type] of junk) {
      const res = await report(body, TOKEN, type);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.json().error).toBeTruthy();
    }
  });
});

describe("a hard bounce at the SMTP server", () => {
  it("is final: the address is recorded as bounced and the mail is not retried; a full mailbox is retried", async () => {
    const bouncing = await createMember();
    const full = await createMember();
    const smtp = await startSmtpServer({ refuseRecipients: [bouncing.email], deferRecipients: [full.email] });
    process.env.SMTP_URL = smtp.url;
    resetSingleton("env");
    try {
      const job = (to: string) => ({
        id: randomUUID(),
        data: { siteKey: "lovely", message: { from: "Lovely Dates <noreply@lovely.localhost>", to, subject: "Hello", text: "Hello" } },
      });
      const result = await sendMailJob(job(bouncing.email));
      expect(result.bounced).toEqual([bouncing.email]);
      expect(await disabled(bouncing.user.id)).toEqual(["bounce"]);
      await expect(sendMailJob(job(full.email))).rejects.toThrow();
      expect(await disabled(full.user.id)).toEqual([]);
      expect(smtp.received).toHaveLength(0);
    } finally {
      delete process.env.SMTP_URL;
      resetSingleton("env");
      await smtp.close();
    }
  });
});
