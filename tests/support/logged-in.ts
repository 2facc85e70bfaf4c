// A fixture member logged in over HTTP on their own site, and the page text a reader sees.
import { expect } from "vitest";
import { createMember, PASSWORD, type MemberOptions } from "./factories.ts";
import { postForm, type TestServer } from "./http.ts";
import { CookieJar } from "./session.ts";

export async function loggedInMember(server: TestServer, o: MemberOptions = {}) {
  const m = await createMember(o);
  const jar = new CookieJar();
  const host = `${m.site.key}.localhost`;
  expect(jar.take(await postForm(server, "/login", { email: m.email, password: PASSWORD }, { host })).status).toBe(302);
  return { ...m, jar, host };
}
export type LoggedInMember = Awaited<ReturnType<typeof loggedInMember>>;

/** Rendered HTML with React's text separators and the common entities undone. */
export const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
