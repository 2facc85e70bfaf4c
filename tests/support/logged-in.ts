// A fixture member logged in over HTTP on their own site, and the page text a reader sees.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { changeCredits } from "#app/credits/ledger.server.ts";
import { createStaffAccount } from "#app/staff/accounts.server.ts";
import { currentTotp } from "#app/staff/totp.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember, PASSWORD, type MemberOptions } from "./factories.ts";
import { postForm, type TestServer } from "./http.ts";
import { CookieJar } from "./session.ts";

/** A session of an existing fixture member (their password is PASSWORD) on a site's host. */
export async function logIn(server: TestServer, email: string, host: string) {
  const jar = new CookieJar();
  expect(jar.take(await postForm(server, "/login", { email, password: PASSWORD }, { host })).status).toBe(302);
  return jar;
}

/** A new member of a site (lovely unless told), with credits if asked, logged in on that site. */
export async function loggedInMember(server: TestServer, o: MemberOptions & { credits?: number } = {}) {
  const m = await createMember(o);
  if (o.credits) await changeCredits(getDb(), { userId: m.user.id, delta: o.credits, reason: "adjustment", idempotencyKey: `test-credits-${m.user.id}` });
  const host = `${m.site.key}.localhost`;
  return { ...m, jar: await logIn(server, m.email, host), host };
}
export type LoggedInMember = Awaited<ReturnType<typeof loggedInMember>>;

export const STAFF_PASSWORD = "staff password for tests";
export type StaffRole = "support" | "admin" | "marketing";

/** A new staff account of a role, logged in to the console with its password and current code (on lovely unless told). */
export async function loggedInStaff(server: TestServer, role: StaffRole, { host = "lovely.localhost" } = {}) {
  const email = `staff-${role}-${randomUUID().slice(0, 13)}@staff.test`; // test files run in parallel processes
  const name = `Test ${role}`;
  const account = await createStaffAccount({ email, name, password: STAFF_PASSWORD, role });
  const jar = new CookieJar();
  const res = jar.take(await postForm(server, "/staff/login", { email, password: STAFF_PASSWORD, code: await currentTotp(account.totpSecret) }, { host }));
  expect(res.status).toBe(302);
  return { id: account.id, email, name, role, secret: account.totpSecret, host, jar };
}
export type LoggedInStaff = Awaited<ReturnType<typeof loggedInStaff>>;

/** Rendered HTML with React's text separators and the common entities undone. */
export const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
