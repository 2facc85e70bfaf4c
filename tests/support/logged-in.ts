// A fixture member logged in over HTTP on their own site, and the page text a reader sees.
import { expect } from "vitest";
import { changeCredits } from "#app/credits/ledger.server.ts";
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

/** Rendered HTML with React's text separators and the common entities undone. */
export const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
