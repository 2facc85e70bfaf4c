// The staff console over HTTP against the real app, PostgreSQL and SMTP: staff login with TOTP,
// the separate staff cookie (a member session opens no staff page), roles, the append-only audit
// log, lookups across sites, actions on the right site's member, idempotent credit grants under
// parallel requests, refunds through the provider and junk input on every staff route.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { changeCredits } from "#app/credits/ledger.server.ts";
import { directDebitGate } from "#app/payments/direct-debit-gate.server.ts";
import { createStaffAccount } from "#app/staff/accounts.server.ts";
import { STAFF_IDLE_MS } from "#app/staff/session.server.ts";
import { currentTotp } from "#app/staff/totp.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember, PASSWORD } from "#tests/support/factories.ts";
import { postForm, request } from "#tests/support/http.ts";
import { waitForMail } from "#tests/support/mailbox.ts";
import { CookieJar } from "#tests/support/session.ts";
import { useServerWithMail } from "#tests/support/mail-stack.ts";
import { CLOSED_HOST, serveClosedSite } from "#tests/support/closed-site.ts";
import { loggedInMember } from "#tests/support/logged-in.ts";
import { loggedInStaff } from "#tests/support/logged-in.ts";

const en = JSON.parse(readFileSync("app/locales/en/common.json", "utf8")).staff;
const EN = { "accept-language": "en" };
const STAFF_PASSWORD = "staff password for tests";
const db = () => getDb();

// a site open only through partners, for the invitation requests
beforeAll(() => serveClosedSite());
const { server, smtp } = useServerWithMail();

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

async function newStaff(role: "support" | "admin") {
  const email = `staff-${unique()}@staff.test`;
  const account = await createStaffAccount({ email, name: `Test ${role}`, password: STAFF_PASSWORD, role });
  return { id: account.id, email, secret: account.totpSecret };
}

const logIn = (role: "support" | "admin", host = "lovely.localhost") => loggedInStaff(server, role, { host });

const get = (s: { jar: CookieJar; host: string }, path: string, host = s.host) => request(server, path, { host, headers: { ...EN, cookie: s.jar.header } });
const post = (s: { jar: CookieJar; host: string }, path: string, fields: Record<string, string>, host = s.host) =>
  postForm(server, path, fields, { host, headers: { ...EN, cookie: s.jar.header } });

const memberSession = (site = "lovely") => loggedInMember(server, { site });

describe("staff login", () => {
  it("needs password and the current TOTP code; a code works once", async () => {
    const account = await newStaff("support");
    const code = await currentTotp(account.secret);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const bad = await postForm(server, "/staff/login", { email: account.email, password: STAFF_PASSWORD, code: wrongCode }, { headers: EN });
    expect(bad.status).toBe(401);
    expect(bad.html).toContain(en.login.failed);
    const badPassword = await postForm(server, "/staff/login", { email: account.email, password: "not the password", code }, { headers: EN });
    expect(badPassword.status).toBe(401);
    const ok = await postForm(server, "/staff/login", { email: account.email, password: STAFF_PASSWORD, code }, { headers: EN });
    expect(ok.status).toBe(302);
    // the staff cookie is its own, strictly same-site, out of reach of scripts
    const cookie = String(ok.headers["set-cookie"]);
    expect(cookie).toMatch(/rdv_staff=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const replay = await postForm(server, "/staff/login", { email: account.email, password: STAFF_PASSWORD, code }, { headers: EN });
    expect(replay.status).toBe(401);
  });

  it("a member's e-mail and password do not open the console", async () => {
    const m = await createMember();
    const res = await postForm(server, "/staff/login", { email: m.email, password: PASSWORD, code: "123456" }, { headers: EN });
    expect(res.status).toBe(401);
    expect(res.headers["set-cookie"] ?? "").not.toMatch(/rdv_staff=/);
  });

  it("locks the address for this client after 5 failures, also when they arrive in parallel", async () => {
    const account = await newStaff("support");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postForm(server, "/staff/login", { email: account.email, password: "wrong password!", code: "000000" }, { headers: EN })),
    );
    expect(answers.filter((r) => r.status === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(3);
    // even the right password and code wait for the lock to end
    const right = await postForm(
      server,
      "/staff/login",
      { email: account.email, password: STAFF_PASSWORD, code: await currentTotp(account.secret) },
      { headers: EN },
    );
    expect(right.status).toBe(429);
    expect(right.html).toContain(en.login.locked);
  });

  it("ends a session after 30 minutes without a request", async () => {
    const staff = await logIn("support");
    expect((await get(staff, "/staff")).status).toBe(200);
    await db().staffSession.updateMany({ where: { staffId: staff.id }, data: { lastSeenAt: new Date(Date.now() - STAFF_IDLE_MS - 1000) } });
    const res = await get(staff, "/staff");
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/^\/staff\/login/);
    expect(await db().staffSession.count({ where: { staffId: staff.id } })).toBe(0);
  });

  it("logs out", async () => {
    const staff = await logIn("support");
    staff.jar.take(await post(staff, "/staff/logout", {}));
    expect((await get(staff, "/staff")).status).toBe(302);
  });
});

describe("access", () => {
  const STAFF_PAGES = ["/staff", "/staff?q=lovely.localhost", "/staff/audit", "/staff/members/1"];

  it("a member session opens no staff page and takes no staff action", async () => {
    const m = await memberSession();
    const member = { jar: m.jar, host: m.host };
    for (const path of STAFF_PAGES) {
      const res = await get(member, path);
      expect(res.status, path).toBe(302);
      expect(res.headers.location, path).toMatch(/^\/staff\/login\?redirectTo=/);
    }
    for (const intent of ["lift-lockout", "resend-activation", "revoke-sessions", "credits", "refund"]) {
      const res = await post(member, `/staff/members/${m.user.id}`, {
        intent,
        amount: "100",
        reason: "member tries",
        key: unique().padEnd(10, "x"),
        payment: "1",
      });
      expect(res.status, intent).toBe(403);
    }
    expect((await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).credits).toBe(0);
  });

  it("a staff session shows nothing of itself on member pages", async () => {
    const staff = await logIn("admin");
    // member pages never read the staff cookie
    const profile = await get(staff, "/profile");
    expect(profile.status).toBe(302);
    expect(profile.headers.location).toMatch(/^\/login/);
  });

  it("support cannot do admin actions", async () => {
    const support = await logIn("support");
    const m = await createMember();
    const page = await get(support, `/staff/members/${m.user.id}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('data-testid="credits-form"');
    const grant = await post(support, `/staff/members/${m.user.id}`, {
      intent: "credits",
      amount: "500",
      reason: "support tries",
      key: `k${unique()}`.padEnd(10, "x"),
    });
    expect(grant.status).toBe(403);
    expect(grant.html).toContain(en.errors.adminOnly);
    const refund = await post(support, `/staff/members/${m.user.id}`, { intent: "refund", payment: "1" });
    expect(refund.status).toBe(403);
    expect((await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).credits).toBe(0);
    // the page view is logged (member.view); nothing the refused actions would have changed is
    expect(await db().staffAuditEntry.count({ where: { userId: m.user.id, action: { not: "member.view" } } })).toBe(0);
  });

  it("refuses a staff post from another site's page", async () => {
    const admin = await logIn("admin");
    const m = await createMember();
    const res = await postForm(
      server,
      `/staff/members/${m.user.id}`,
      { intent: "revoke-sessions" },
      { host: admin.host, headers: { ...EN, cookie: admin.jar.header, origin: "http://evil.example" } },
    );
    // refused before the action runs (React Router's own origin check answers 400, ours 403)
    expect([400, 403]).toContain(res.status);
    // the page view is logged (member.view); nothing the refused actions would have changed is
    expect(await db().staffAuditEntry.count({ where: { userId: m.user.id, action: { not: "member.view" } } })).toBe(0);
  });
});

describe("audit log", () => {
  it("refuses UPDATE, DELETE and TRUNCATE in PostgreSQL", async () => {
    const staff = await newStaff("admin");
    const entry = await db().staffAuditEntry.create({ data: { staffId: staff.id, staffEmail: staff.email, action: "test.entry", after: { a: 1 } } });
    await expect(db().$executeRaw`UPDATE staff_audit_log SET action = 'changed' WHERE id = ${entry.id}`).rejects.toThrow(/append-only/);
    await expect(db().$executeRaw`DELETE FROM staff_audit_log WHERE id = ${entry.id}`).rejects.toThrow(/append-only/);
    await expect(db().staffAuditEntry.update({ where: { id: entry.id }, data: { reason: "x" } })).rejects.toThrow();
    await expect(db().staffAuditEntry.deleteMany({})).rejects.toThrow();
    await expect(db().$executeRawUnsafe("TRUNCATE staff_audit_log")).rejects.toThrow(/append-only/);
    expect(await db().staffAuditEntry.findUniqueOrThrow({ where: { id: entry.id } })).toMatchObject({ action: "test.entry", reason: null });
  });

  it("is readable on a staff page, newest first", async () => {
    const support = await logIn("support");
    const res = await get(support, "/staff/audit");
    expect(res.status).toBe(200);
    expect(res.html).toContain(en.audit.title);
    expect(res.html).toContain(support.email);
    expect(res.html).toContain("staff.login");
  });
});

describe("lookups", () => {
  it("finds the company of mature.localhost by domain, with every domain of that company", async () => {
    const support = await logIn("support", "lovely.localhost");
    const res = await get(support, "/staff?q=mature.localhost");
    expect(res.status).toBe(200);
    for (const text of [
      "Nordlys Dating AB",
      "Sveavägen 44",
      "559123-4567",
      "Stockholm",
      "SE559123456701",
      "+46855512345",
      "25 %",
      "2024-03-15 10:00 UTC",
      "mature.localhost",
      "pride.localhost",
    ]) {
      expect(res.html, text).toContain(text);
    }
    expect(res.html).not.toContain("Lovely Media B.V.");
    // by kvk, company name and site key too
    expect((await get(support, "/staff?q=81234567")).html).toContain("Lovely Media B.V.");
    expect((await get(support, "/staff?q=nordlys")).html).toContain("559123-4567");
    expect((await get(support, "/staff?q=pride")).html).toContain("Nordlys Dating AB");
  });

  it("finds members by e-mail across sites, by member id, username and payment id", async () => {
    const support = await logIn("support");
    const a = await createMember({ site: "lovely", name: `Zed${unique()}` });
    const b = await db().user.create({ data: { siteKey: "mature", network: "rendezvous", email: a.email, status: "active" } });
    const byEmail = await get(support, `/staff?q=${encodeURIComponent(a.email.toUpperCase())}`);
    expect(byEmail.html).toContain(`/staff/members/${a.user.id}`);
    expect(byEmail.html).toContain(`/staff/members/${b.id}`);
    expect((await get(support, `/staff?q=${a.user.id}`)).html).toContain(`/staff/members/${a.user.id}`);
    expect((await get(support, `/staff?q=${a.profile.name.toLowerCase()}`)).html).toContain(`/staff/members/${a.user.id}`);
    const payment = await db().payment.create({
      data: {
        userId: a.user.id,
        siteKey: "lovely",
        credits: 50,
        method: "creditcard",
        amountCents: 999,
        currency: "EUR",
        country: "NL",
        idempotencyKey: `p${unique()}`,
      },
    });
    const byPayment = await get(support, `/staff?q=${payment.id}`);
    expect(byPayment.html).toContain(`/staff/members/${a.user.id}`);
    // no password hash or token ever reaches a page
    const page = await get(support, `/staff/members/${a.user.id}`);
    expect(page.body).not.toContain(a.user.passwordHash!);
    expect(page.body).not.toMatch(/\$argon2id\$/);
  });

  it("shows a member's ledger, payments, logins and sessions", async () => {
    const support = await logIn("support");
    const m = await memberSession("pride");
    await changeCredits(db(), { userId: m.user.id, delta: 120, reason: "purchase", idempotencyKey: `staff-test-${m.user.id}` });
    await db().payment.create({
      data: {
        userId: m.user.id,
        siteKey: "pride",
        credits: 120,
        method: "creditcard",
        amountCents: 2999,
        currency: "SEK",
        country: "SE",
        idempotencyKey: `p${unique()}`,
        status: "completed",
        completedAt: new Date(),
      },
    });
    const page = await get(support, `/staff/members/${m.user.id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(m.email);
    expect(page.html).toMatch(/data-testid="member-ledger"[\s\S]*\+120[\s\S]*purchase/);
    expect(page.html).toMatch(/data-testid="member-payments"[\s\S]*29\.99 SEK/);
    expect(page.html).toMatch(/data-testid="member-logins"[\s\S]*success/);
    expect(page.html).toMatch(/data-testid="member-sessions"[\s\S]*UTC/);
    expect((await get(support, "/staff/members/2147483647")).status).toBe(404);
  });

  it("writes who opened a member's page, and when, to the member's audit log, without what it showed", async () => {
    const [support, admin] = await Promise.all([logIn("support"), logIn("admin")]);
    const m = await memberSession("pride");
    const views = () => db().staffAuditEntry.findMany({ where: { userId: m.user.id, action: "member.view" }, orderBy: { id: "asc" } });
    const startedAt = new Date(Date.now() - 1000);
    expect((await get(support, `/staff/members/${m.user.id}`)).status).toBe(200);
    // a reload is a new view; the page's data request (client-side navigation) is one too
    expect((await get(support, `/staff/members/${m.user.id}`)).status).toBe(200);
    expect((await get(admin, `/staff/members/${m.user.id}.data`)).status).toBe(200);
    const written = await views();
    expect(written.map((e) => [e.staffEmail, e.siteKey, e.after])).toEqual([
      [support.email, "pride", { page: `/staff/members/${m.user.id}` }],
      [support.email, "pride", { page: `/staff/members/${m.user.id}` }],
      [admin.email, "pride", { page: `/staff/members/${m.user.id}` }],
    ]);
    for (const e of written) expect(e.createdAt.getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
    expect(JSON.stringify(written)).not.toContain(m.email);
    // an action's answer is the action's entry, not another view
    expect((await post(support, `/staff/members/${m.user.id}`, { intent: "revoke-sessions" })).status).toBe(200);
    expect(await views()).toHaveLength(3);
    // the console's audit view of the member lists them
    const log = await get(admin, `/staff/audit?member=${m.user.id}`);
    expect(log.html).toMatch(new RegExp(`data-testid="audit-log"[\\s\\S]*${support.email.replace(/[.]/g, "\\.")}[\\s\\S]*member\\.view`));
    expect((log.html.match(/member\.view/g) ?? []).length).toBeGreaterThanOrEqual(3);
  });
});

describe("actions", () => {
  async function lockOut(site: string, email: string) {
    for (let i = 0; i < 5; i++) await postForm(server, "/login", { email, password: "wrong password" }, { host: `${site}.localhost`, headers: EN });
    const res = await postForm(server, "/login", { email, password: PASSWORD }, { host: `${site}.localhost`, headers: EN });
    expect(res.status).toBe(429);
  }

  it("lifts a lockout of the member named, on that member's site only", async () => {
    const support = await logIn("support", "lovely.localhost");
    const onMature = await createMember({ site: "mature" });
    const onPride = await createMember({ site: "pride" });
    await db().user.update({ where: { id: onPride.user.id }, data: { email: onMature.email } });
    await lockOut("mature", onMature.email);
    await lockOut("pride", onMature.email);
    const page = await get(support, `/staff/members/${onMature.user.id}`);
    expect(page.html).toContain("locked until");
    // from the lovely host, for the mature member
    const res = await post(support, `/staff/members/${onMature.user.id}`, { intent: "lift-lockout" });
    expect(res.status).toBe(200);
    expect((await postForm(server, "/login", { email: onMature.email, password: PASSWORD }, { host: "mature.localhost" })).status).toBe(302);
    expect((await postForm(server, "/login", { email: onMature.email, password: PASSWORD }, { host: "pride.localhost" })).status).toBe(429);
    const entry = await db().staffAuditEntry.findFirstOrThrow({ where: { userId: onMature.user.id, action: "member.lift_lockout" } });
    expect(entry).toMatchObject({ staffEmail: support.email, siteKey: "mature" });
    expect(entry.before).toMatchObject({ failures: 5 });
  });

  it("revokes a member's sessions", async () => {
    const support = await logIn("support");
    const m = await memberSession();
    expect((await request(server, "/profile", { host: m.host, headers: { cookie: m.jar.header } })).status).toBe(200);
    const res = await post(support, `/staff/members/${m.user.id}`, { intent: "revoke-sessions" });
    expect(res.status).toBe(200);
    const after = await request(server, "/profile", { host: m.host, headers: { cookie: m.jar.header } });
    expect(after.status).toBe(302);
    expect(after.headers.location).toMatch(/^\/login/);
    expect(await db().staffAuditEntry.count({ where: { userId: m.user.id, action: "member.revoke_sessions" } })).toBe(1);
  });

  it("resends the activation mail through the mail queue, with the member's own site in the link", async () => {
    const support = await logIn("support", "lovely.localhost");
    const m = await createMember({ site: "mature" });
    await db().user.update({ where: { id: m.user.id }, data: { status: "not_confirmed", confirmedAt: null } });
    const res = await post(support, `/staff/members/${m.user.id}`, { intent: "resend-activation" });
    expect(res.status).toBe(200);
    const mail = await waitForMail(smtp.received, m.email);
    expect(mail.link).toMatch(/^http:\/\/mature\.localhost(:\d+)?\/activate\?token=/);
    expect(await db().staffAuditEntry.count({ where: { userId: m.user.id, action: "member.resend_activation" } })).toBe(1);
  });

  it("an admin grants credits with a reason once, however many parallel requests carry the same key", async () => {
    const admin = await logIn("admin");
    const m = await createMember();
    const key = `grant${unique()}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(admin, `/staff/members/${m.user.id}`, { intent: "credits", amount: "75", reason: "goodwill after a failed payment", key }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect((await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).credits).toBe(75);
    expect(await db().creditLedgerEntry.count({ where: { userId: m.user.id, reason: "adjustment" } })).toBe(1);
    const entries = await db().staffAuditEntry.findMany({ where: { userId: m.user.id } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "member.grant_credits",
      reason: "goodwill after a failed payment",
      before: { credits: 0 },
      after: { credits: 75, delta: 75 },
    });
    // a deduction needs a reason and cannot go below zero
    expect((await post(admin, `/staff/members/${m.user.id}`, { intent: "credits", amount: "-10", reason: "", key: `d${unique()}x` })).status).toBe(400);
    expect((await post(admin, `/staff/members/${m.user.id}`, { intent: "credits", amount: "-100", reason: "too much", key: `d${unique()}x` })).status).toBe(
      409,
    );
    expect((await post(admin, `/staff/members/${m.user.id}`, { intent: "credits", amount: "-25", reason: "double grant", key: `d${unique()}x` })).status).toBe(
      200,
    );
    expect((await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).credits).toBe(50);
    const audit = await get(admin, `/staff/audit?member=${m.user.id}`);
    expect(audit.html).toContain("goodwill after a failed payment");
    expect(audit.html).toContain("member.deduct_credits");
  });

  it("an admin refunds a payment through the provider, on the member's own site", async () => {
    const admin = await logIn("admin", "pride.localhost");
    const m = await createMember({ site: "lovely" });
    const reference = `tp_staff_${unique()}`;
    await db().testProviderPayment.create({
      data: {
        reference,
        siteKey: "lovely",
        amountCents: 1999,
        currency: "EUR",
        method: "creditcard",
        description: "test",
        status: "paid",
        redirectUrl: "http://x",
        webhookUrl: "http://x",
      },
    });
    const payment = await db().payment.create({
      data: {
        userId: m.user.id,
        siteKey: "lovely",
        credits: 120,
        method: "creditcard",
        amountCents: 1999,
        currency: "EUR",
        country: "NL",
        idempotencyKey: `p${unique()}`,
        status: "completed",
        completedAt: new Date(),
        providerReference: reference,
        provider: "test",
      },
    });
    await changeCredits(db(), { userId: m.user.id, delta: 120, reason: "purchase", idempotencyKey: `payment:${payment.id}` });
    const res = await post(admin, `/staff/members/${m.user.id}`, { intent: "refund", payment: String(payment.id) });
    expect(res.status).toBe(200);
    expect(await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      status: "refunded",
      refundedCredits: 120,
      refundedCents: 1999,
    });
    expect((await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).credits).toBe(0);
    expect((await db().testProviderPayment.findUniqueOrThrow({ where: { reference } })).refundedCents).toBe(1999);
    expect(await db().staffAuditEntry.count({ where: { userId: m.user.id, action: "member.refund_payment" } })).toBe(1);
    // twice is not refundable; another member's payment id through this member is not found
    expect((await post(admin, `/staff/members/${m.user.id}`, { intent: "refund", payment: String(payment.id) })).status).toBe(409);
    const other = await createMember({ site: "lovely" });
    expect((await post(admin, `/staff/members/${other.user.id}`, { intent: "refund", payment: String(payment.id) })).status).toBe(409);
  });
});

describe("refund period override", () => {
  it("refunds outside the site's refund_days only with the override and a reason, which the audit log keeps", async () => {
    const admin = await logIn("admin");
    const m = await createMember({ site: "lovely" });
    const reference = `tp_old_${unique()}`;
    const longAgo = new Date(Date.now() - (m.site.refund_days + 5) * 24 * 3600_000);
    await db().testProviderPayment.create({
      data: {
        reference,
        siteKey: "lovely",
        amountCents: 999,
        currency: "EUR",
        method: "creditcard",
        description: "test",
        status: "paid",
        redirectUrl: "http://x",
        webhookUrl: "http://x",
      },
    });
    const payment = await db().payment.create({
      data: {
        userId: m.user.id,
        siteKey: "lovely",
        credits: 50,
        method: "creditcard",
        amountCents: 999,
        currency: "EUR",
        country: "NL",
        idempotencyKey: `p${unique()}`,
        status: "completed",
        completedAt: longAgo,
        providerReference: reference,
        provider: "test",
      },
    });
    await changeCredits(db(), { userId: m.user.id, delta: 50, reason: "purchase", idempotencyKey: `payment:${payment.id}` });
    const refund = (fields: Record<string, string>) => post(admin, `/staff/members/${m.user.id}`, { intent: "refund", payment: String(payment.id), ...fields });
    expect((await refund({})).status).toBe(409);
    expect((await refund({ override: "1", reason: "" })).status).toBe(400);
    expect((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("completed");
    expect((await refund({ override: "1", reason: "charged twice by the bank" })).status).toBe(200);
    expect(await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: "refunded", refundedCredits: 50 });
    const entry = await db().staffAuditEntry.findFirstOrThrow({ where: { userId: m.user.id, action: "member.refund_payment" } });
    expect(entry).toMatchObject({ reason: "charged twice by the bank", after: { refundPeriodOverridden: true } });
  });
});

describe("conduct actions", () => {
  const memberPage = (m: { profile: { id: number } }, viewer: { jar: CookieJar; host: string }) =>
    request(server, `/members/${m.profile.id}`, { host: viewer.host, headers: { ...EN, cookie: viewer.jar.header } });

  it("support sends a password-reset mail with the member's own site in the link; a banned member gets none", async () => {
    const support = await logIn("support", "lovely.localhost");
    const m = await createMember({ site: "pride" });
    const res = await post(support, `/staff/members/${m.user.id}`, { intent: "password-reset" });
    expect(res.status).toBe(200);
    expect(res.html).toContain(en.done.resetSent);
    const mail = await waitForMail(smtp.received, m.email);
    expect(mail.link).toMatch(/^http:\/\/pride\.localhost(:\d+)?\/reset-password\/do\?token=/);
    expect(await db().staffAuditEntry.count({ where: { userId: m.user.id, action: "member.send_password_reset" } })).toBe(1);
    await db().user.update({ where: { id: m.user.id }, data: { status: "banned" } });
    expect((await post(support, `/staff/members/${m.user.id}`, { intent: "password-reset" })).status).toBe(409);
  });

  it("support can neither ban nor mark; an action without a reason changes nothing", async () => {
    const support = await logIn("support");
    const admin = await logIn("admin");
    const m = await createMember();
    for (const intent of ["ban", "hide-profile", "direct-debit-block", "fictional"]) {
      expect((await post(support, `/staff/members/${m.user.id}`, { intent, on: "1", reason: "spam" })).status).toBe(403);
      expect((await post(admin, `/staff/members/${m.user.id}`, { intent, on: "1", reason: " " })).status).toBe(400);
    }
    expect(await db().user.findUniqueOrThrow({ where: { id: m.user.id }, include: { profile: true, directDebitBlock: true } })).toMatchObject({
      status: "active",
      profile: { status: "active", fictional: false },
      directDebitBlock: null,
    });
  });

  it("a ban logs the member out, refuses login and hides the profile; lifting it restores the account, once under parallel clicks", async () => {
    const admin = await logIn("admin", "mature.localhost");
    const m = await memberSession("lovely");
    const viewer = await memberSession("lovely");
    expect((await memberPage(m, viewer)).status).toBe(200);
    const bans = await Promise.all(
      Array.from({ length: 4 }, () => post(admin, `/staff/members/${m.user.id}`, { intent: "ban", on: "1", reason: "scam messages" })),
    );
    expect(bans.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await db().staffAuditEntry.count({ where: { userId: m.user.id, action: "member.ban" } })).toBe(1);
    const profile = await request(server, "/profile", { host: m.host, headers: { cookie: m.jar.header } });
    expect(profile.status).toBe(302);
    expect((await postForm(server, "/login", { email: m.email, password: PASSWORD }, { host: m.host })).status).not.toBe(302);
    expect((await memberPage(m, viewer)).status).toBe(404);
    expect((await post(admin, `/staff/members/${m.user.id}`, { intent: "ban", on: "0", reason: "appeal accepted" })).status).toBe(200);
    expect((await postForm(server, "/login", { email: m.email, password: PASSWORD }, { host: m.host })).status).toBe(302);
    expect((await memberPage(m, viewer)).status).toBe(200);
    const entry = await db().staffAuditEntry.findFirstOrThrow({ where: { userId: m.user.id, action: "member.unban" } });
    expect(entry).toMatchObject({ reason: "appeal accepted", before: { status: "banned" }, after: { status: "active" } });
  });

  it("hides a profile from other members while the member keeps using the site", async () => {
    const admin = await logIn("admin");
    const m = await memberSession("lovely");
    const viewer = await memberSession("lovely");
    expect((await post(admin, `/staff/members/${m.user.id}`, { intent: "hide-profile", on: "1", reason: "offensive photo text" })).status).toBe(200);
    expect((await memberPage(m, viewer)).status).toBe(404);
    expect((await request(server, "/profile", { host: m.host, headers: { cookie: m.jar.header } })).status).toBe(200);
    expect((await post(admin, `/staff/members/${m.user.id}`, { intent: "hide-profile", on: "0", reason: "fixed by the member" })).status).toBe(200);
    expect((await memberPage(m, viewer)).status).toBe(200);
  });

  it("a direct-debit block refuses the member's next direct-debit order and shows on the console", async () => {
    const admin = await logIn("admin");
    const m = await createMember({ site: "lovely" });
    const res = await post(admin, `/staff/members/${m.user.id}`, { intent: "direct-debit-block", on: "1", reason: "returned debit" });
    expect(res.status).toBe(200);
    expect(await db().directDebitBlock.findUnique({ where: { userId: m.user.id } })).toMatchObject({ reason: "returned debit" });
    const gate = () => db().$transaction((tx) => directDebitGate(tx, { site: m.site, userId: m.user.id, amountCents: 1000, currency: "EUR" }));
    expect(await gate()).toEqual({ ok: false, error: "directdebit_blocked" });
    expect((await get(admin, `/staff/members/${m.user.id}`)).html).toContain(
      `${en.member.directDebit}</dt><dd class="break-words">${en.member.directDebitBlocked}</dd>`,
    );
    expect((await post(admin, `/staff/members/${m.user.id}`, { intent: "direct-debit-block", on: "1", reason: "again" })).status).toBe(409);
    expect((await post(admin, `/staff/members/${m.user.id}`, { intent: "direct-debit-block", on: "0", reason: "paid back" })).status).toBe(200);
    expect(await db().directDebitBlock.findUnique({ where: { userId: m.user.id } })).toBeNull();
    expect(await gate()).toEqual({ ok: true });
  });

  it("marks a profile as fictional, which its page then shows", async () => {
    const admin = await logIn("admin");
    const m = await createMember({ site: "lovely" });
    const viewer = await memberSession("lovely");
    expect((await post(admin, `/staff/members/${m.user.id}`, { intent: "fictional", on: "1", reason: "operator profile" })).status).toBe(200);
    expect((await db().profile.findUniqueOrThrow({ where: { id: m.profile.id } })).fictional).toBe(true);
    expect((await memberPage(m, viewer)).html).toContain('data-testid="fictional-icon"');
    expect(await db().staffAuditEntry.count({ where: { userId: m.user.id, action: "member.mark_fictional", reason: "operator profile" } })).toBe(1);
  });
});

describe("junk on staff routes", () => {
  it("never answers 5xx with a staff session", async () => {
    const admin = await logIn("admin");
    const m = await createMember();
    const JUNK = ["\0", "a\0b", "99999999999", "-1", "0", "abc", "1e400", "\r\nSet-Cookie: x=1", "x".repeat(5000), ""];
    const failures: string[] = [];
    const check = async (what: string, p: Promise<{ status: number }>) => {
      const res = await p;
      if (res.status >= 500) failures.push(`${res.status} ${what}`);
    };
    for (const value of JUNK) {
      const v = encodeURIComponent(value);
      for (const path of [`/staff?q=${v}`, `/staff/audit?before=${v}&member=${v}`, `/staff/members/${v}`, `/staff/login?redirectTo=${v}`])
        await check(path, get(admin, path));
      for (const intent of ["lift-lockout", "resend-activation", "revoke-sessions", "credits", "refund", value]) {
        await check(`POST ${intent}`, post(admin, `/staff/members/${m.user.id}`, { intent, amount: value, reason: value, key: value, payment: value }));
      }
      await check("POST login", postForm(server, "/staff/login", { email: value, password: value, code: value, redirectTo: value }));
    }
    await check(
      "POST json",
      request(server, `/staff/members/${m.user.id}`, {
        method: "POST",
        headers: { cookie: admin.jar.header, "content-type": "application/json" },
        body: "null",
      }),
    );
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("invitation requests", () => {
  it("lists a visitor's request; sending it mails their signup link once, on their site, and the link opens signup", async () => {
    const email = `invite-${unique()}@example.test`;
    expect((await postForm(server, "/signup", { intent: "invitation", email }, { host: CLOSED_HOST, headers: EN })).status).toBe(200);
    const staff = await logIn("support");
    expect((await get(staff, "/staff/invitations")).html).toContain(email);
    const { id } = await db().invitationRequest.findFirstOrThrow({ where: { email } });
    const [first, second] = await Promise.all([1, 2].map(() => post(staff, "/staff/invitations", { request: String(id) })));
    expect([first!.status, second!.status].sort()).toEqual([200, 409]);
    expect([first!.html, second!.html].join()).toContain(en.done.invitationSent.replace("{{email}}", email));

    const mail = await waitForMail(smtp.received, email);
    expect(mail.subject).toBe("Your invitation to Closed Circle");
    const link = new URL(/https?:\/\/[^\s"<>]+\/signup\?[^\s"<>]+/.exec(mail.decoded)![0].replace(/&amp;/g, "&"));
    expect(link.hostname).toBe(CLOSED_HOST);
    const signup = await request(server, link.pathname + link.search, { host: CLOSED_HOST, headers: EN });
    expect(signup.html).toContain('data-testid="signup-form"');
    expect(signup.html).not.toContain('data-testid="invitation-form"');

    expect((await get(staff, "/staff/invitations")).html).not.toContain(email);
    expect(await db().staffAuditEntry.count({ where: { staffId: staff.id, action: "invitation.send" } })).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });
});
