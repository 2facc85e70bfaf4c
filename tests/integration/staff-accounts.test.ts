// Staff account management over HTTP against the real app and PostgreSQL: an admin creates an
// account whose secret is shown once and works for login; support is refused; disabling ends
// the account's sessions and refuses its login; no admin disables or demotes themselves;
// parallel creates make one account; the audit log never holds a secret or a hash; junk input
// never answers 5xx.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { currentTotp } from "#app/staff/totp.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { postForm, request, type TestResponse } from "#tests/support/http.ts";
import { CookieJar } from "#tests/support/session.ts";
import { useServerWithMail } from "#tests/support/mail-stack.ts";
import { loggedInStaff, type LoggedInStaff } from "#tests/support/logged-in.ts";

const en = JSON.parse(readFileSync("app/locales/en/common.json", "utf8")).staff;
const EN = { "accept-language": "en" };
const STAFF_PASSWORD = "staff password for tests";
const NEW_PASSWORD = "a new colleague's password";
const db = () => getDb();
const { server } = useServerWithMail();

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
const newEmail = () => `acc-${unique()}@staff.test`;

type Staff = LoggedInStaff;

const logIn = (role: "support" | "admin") => loggedInStaff(server, role);

const get = (s: Staff, path: string) => request(server, path, { host: s.host, headers: { ...EN, cookie: s.jar.header } });
const post = (s: Staff, fields: Record<string, string>) =>
  postForm(server, "/staff/accounts", fields, { host: s.host, headers: { ...EN, cookie: s.jar.header } });
const shownSecret = (res: TestResponse) => /data-testid="new-secret-value">([A-Z2-7]+)</.exec(res.html)?.[1];
const decode = (s: string) =>
  s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("staff accounts", () => {
  it("an admin creates a support account; its secret is shown once and logs in with the password", async () => {
    const admin = await logIn("admin");
    const email = newEmail();
    const res = await post(admin, { intent: "create", email, name: "New Colleague", role: "support", password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toMatch(/no-store/);
    const secret = shownSecret(res);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(decode(res.html)).toContain(`otpauth://totp/`);
    expect(res.html).not.toContain(NEW_PASSWORD);
    const row = await db().staffAccount.findUniqueOrThrow({ where: { email }, select: { role: true, disabled: true, lastLoginAt: true } });
    expect(row).toEqual({ role: "support", disabled: false, lastLoginAt: null });

    // never shown again: not on the list, not in the audit log page
    const list = await get(admin, "/staff/accounts");
    expect(list.status).toBe(200);
    expect(list.html).toContain(email);
    expect(list.body).not.toContain(secret);
    expect((await get(admin, "/staff/audit")).body).not.toContain(secret);

    const jar = new CookieJar();
    const login = jar.take(await postForm(server, "/staff/login", { email, password: NEW_PASSWORD, code: await currentTotp(secret!) }, { headers: EN }));
    expect(login.status).toBe(302);
    const page = await request(server, "/staff", { headers: { ...EN, cookie: jar.header } });
    expect(page.status).toBe(200);
    expect(page.html).toContain("New Colleague");
    // a support session has no accounts link; the admin's has
    expect(page.html).not.toContain(en.nav.accounts);
    expect((await get(admin, "/staff")).html).toContain(en.nav.accounts);
    expect((await db().staffAccount.findUniqueOrThrow({ where: { email } })).lastLoginAt).not.toBeNull();
  });

  it("support cannot open /staff/accounts or post to it", async () => {
    const support = await logIn("support");
    expect((await get(support, "/staff/accounts")).status).toBe(403);
    const email = newEmail();
    const res = await post(support, { intent: "create", email, name: "x", role: "admin", password: NEW_PASSWORD });
    expect(res.status).toBe(403);
    expect(await db().staffAccount.count({ where: { email } })).toBe(0);
    const res2 = await post(support, { intent: "role", id: String(support.id), role: "admin" });
    expect(res2.status).toBe(403);
    expect((await db().staffAccount.findUniqueOrThrow({ where: { id: support.id } })).role).toBe("support");
  });

  it("disabling ends the account's session and refuses its login; enabling lets it back in", async () => {
    const admin = await logIn("admin");
    const support = await logIn("support");
    expect((await get(support, "/staff")).status).toBe(200);
    const res = await post(admin, { intent: "disable", id: String(support.id) });
    expect(res.status).toBe(200);
    expect(await db().staffSession.count({ where: { staffId: support.id } })).toBe(0);
    const after = await get(support, "/staff");
    expect(after.status).toBe(302);
    expect(after.headers.location).toMatch(/^\/staff\/login/);
    const login = await postForm(
      server,
      "/staff/login",
      { email: support.email, password: STAFF_PASSWORD, code: await currentTotp(support.secret) },
      { headers: EN },
    );
    expect(login.status).toBe(401);
    expect(String(login.headers["set-cookie"] ?? "")).not.toMatch(/rdv_staff=[^;]/);
    // twice is refused, nothing changes
    expect((await post(admin, { intent: "disable", id: String(support.id) })).status).toBe(409);

    expect((await post(admin, { intent: "enable", id: String(support.id) })).status).toBe(200);
    // this time step's code is spent; a second-factor reset gives a new secret that logs in at once
    const reset = await post(admin, { intent: "reset-totp", id: String(support.id) });
    expect(reset.status).toBe(200);
    const secret = shownSecret(reset)!;
    expect(secret).not.toBe(support.secret);
    const ok = await postForm(server, "/staff/login", { email: support.email, password: STAFF_PASSWORD, code: await currentTotp(secret) }, { headers: EN });
    expect(ok.status).toBe(302);
    const actions = await db().staffAuditEntry.findMany({ where: { staffId: admin.id }, orderBy: { id: "asc" }, select: { action: true } });
    expect(actions.map((a) => a.action)).toEqual(["staff.login", "staff.disable", "staff.enable", "staff.reset_totp"]);
  });

  it("an admin cannot disable or demote themselves", async () => {
    const admin = await logIn("admin");
    const disable = await post(admin, { intent: "disable", id: String(admin.id) });
    expect(disable.status).toBe(409);
    expect(decode(disable.html)).toContain(en.accounts.errors.self);
    const demote = await post(admin, { intent: "role", id: String(admin.id), role: "support" });
    expect(demote.status).toBe(409);
    expect(await db().staffAccount.findUniqueOrThrow({ where: { id: admin.id }, select: { role: true, disabled: true } })).toEqual({
      role: "admin",
      disabled: false,
    });
    expect((await get(admin, "/staff/accounts")).status).toBe(200);
  });

  it("two admins demoting each other at once leave one admin", async () => {
    const a = await logIn("admin");
    const b = await logIn("admin");
    const [ra, rb] = await Promise.all([
      post(a, { intent: "role", id: String(b.id), role: "support" }),
      post(b, { intent: "role", id: String(a.id), role: "support" }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 403]);
    const roles = await db().staffAccount.findMany({ where: { id: { in: [a.id, b.id] } }, select: { role: true } });
    expect(roles.filter((r) => r.role === "admin")).toHaveLength(1);
  });

  it("a parallel double submit of the create form makes one account", async () => {
    const admin = await logIn("admin");
    const email = newEmail();
    const fields = { intent: "create", email, name: "Twice", role: "support", password: NEW_PASSWORD };
    const answers = await Promise.all([post(admin, fields), post(admin, fields), post(admin, fields)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await db().staffAccount.count({ where: { email } })).toBe(1);
    const created = await db().staffAuditEntry.findMany({ where: { staffId: admin.id, action: "staff.create" } });
    expect(created).toHaveLength(1);
  });

  it("no secret, password or hash reaches the audit log", async () => {
    const admin = await logIn("admin");
    const email = newEmail();
    const created = await post(admin, { intent: "create", email, name: "Audited", role: "admin", password: NEW_PASSWORD });
    const first = shownSecret(created)!;
    const id = (await db().staffAccount.findUniqueOrThrow({ where: { email } })).id;
    const reset = await post(admin, { intent: "reset-totp", id: String(id) });
    const second = shownSecret(reset)!;
    await post(admin, { intent: "role", id: String(id), role: "support" });
    await post(admin, { intent: "disable", id: String(id) });
    const account = await db().staffAccount.findUniqueOrThrow({ where: { id }, select: { passwordHash: true, totpSecret: true } });
    expect(account.totpSecret).toBe(second);
    const entries = JSON.stringify(await db().staffAuditEntry.findMany({ where: { staffId: admin.id } }));
    expect(entries).toContain("staff.change_role");
    for (const secret of [first, second, NEW_PASSWORD, account.passwordHash, "argon2"]) expect(entries).not.toContain(secret);
    const page = await get(admin, "/staff/audit");
    for (const secret of [first, second, account.passwordHash]) expect(page.body).not.toContain(secret);
  });

  it("refuses bad create input without 5xx", async () => {
    const admin = await logIn("admin");
    const bad = await post(admin, { intent: "create", email: newEmail(), name: "Short", role: "support", password: "short" });
    expect(bad.status).toBe(400);
    expect(decode(bad.html)).toContain(en.accounts.errors.password);
    expect((await post(admin, { intent: "create", email: "not an address", name: "x", role: "support", password: NEW_PASSWORD })).status).toBe(400);
    expect((await post(admin, { intent: "create", email: newEmail(), name: "x", role: "owner", password: NEW_PASSWORD })).status).toBe(400);
    expect((await post(admin, { intent: "disable", id: "2147483647" })).status).toBe(404);
  });

  it("junk input never answers 5xx", async () => {
    const admin = await logIn("admin");
    const JUNK = ["\0", "a\0b", "99999999999", "-1", "0", "abc", "1e400", "\r\nSet-Cookie: x=1", "x".repeat(5000), ""];
    const failures: string[] = [];
    for (const value of JUNK) {
      for (const intent of ["create", "disable", "enable", "role", "reset-totp", value]) {
        const res = await post(admin, { intent, id: value, email: value, name: value, role: value, password: value });
        if (res.status >= 500) failures.push(`${res.status} ${intent} ${JSON.stringify(value.slice(0, 20))}`);
      }
      const page = await get(admin, `/staff/accounts?x=${encodeURIComponent(value)}`);
      if (page.status >= 500) failures.push(`${page.status} GET`);
    }
    const json = await request(server, "/staff/accounts", {
      method: "POST",
      headers: { cookie: admin.jar.header, "content-type": "application/json" },
      body: "null",
    });
    if (json.status >= 500) failures.push(`${json.status} json`);
    expect(failures).toEqual([]);
  }, 120_000);
});
