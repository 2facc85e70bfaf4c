// Every "come back afterwards" input over HTTP (GET and POST /login, /lang-config,
// /api/entry-warning, the `back` field of /members/{id}/like, GET and POST /staff/login) against
// a list of known open-redirect spellings: the Location a browser follows stays on the site.
// Legitimate paths keep their query string and fragment.
import { describe, expect, it } from "vitest";
import { createStaffAccount } from "#app/staff/accounts.server.ts";
import { currentTotp } from "#app/staff/totp.server.ts";
import { safeRedirectPath } from "#app/utils/redirect.ts";
import { createMember, PASSWORD } from "#tests/support/factories.ts";
import { postForm, request, type TestResponse } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { loggedInMember } from "#tests/support/logged-in.ts";
import { CookieJar } from "#tests/support/session.ts";
import { newVisitor } from "#tests/support/visitor.ts";
import { BYPASSES } from "#tests/support/redirect-bypasses.ts";

const server = useTestServer();

const HOST = "lovely.localhost";
const ORIGIN = `http://${HOST}`;
const STAFF_PASSWORD = "staff password for redirect tests";

/** Where a browser goes when it follows this answer from a page of the site. */
function followed(res: TestResponse, from: string) {
  expect([301, 302, 303, 307, 308], `${from}: status`).toContain(res.status);
  const location = String(res.headers.location);
  expect(location, from).not.toMatch(/[\r\n\t\0]/);
  return { location, url: new URL(location, `${ORIGIN}/login`) };
}

function expectOnSite(res: TestResponse, target: string, input: string) {
  const { location, url } = followed(res, `${input} ${JSON.stringify(target)}`);
  expect(url.origin, `${input} ${JSON.stringify(target)} → ${location}`).toBe(ORIGIN);
  expect(location, `${input} ${JSON.stringify(target)}`).toMatch(/^\/(?![/\\])/);
}

let staffN = 0;
async function staffAccount() {
  const email = `redirects-${Date.now().toString(36)}${staffN++}@staff.test`;
  return createStaffAccount({ email, name: "Redirect test", password: STAFF_PASSWORD, role: "support" });
}

/** Each return-path input of the product, as a function of the target. */
async function inputs() {
  const m = await loggedInMember(server, { site: "lovely", gender: "male" });
  const her = await createMember({ site: "lovely", gender: "female" });
  const account = await staffAccount();
  const staffJar = new CookieJar();
  const code = await currentTotp(account.totpSecret);
  expect(staffJar.take(await postForm(server, "/staff/login", { email: account.email, password: STAFF_PASSWORD, code }, { host: HOST })).status).toBe(302);
  return {
    "POST /login": async (target: string) => {
      newVisitor(); // many logins in a row: each from a visitor of its own
      return postForm(server, "/login", { email: m.email, password: PASSWORD, redirectTo: target }, { host: HOST });
    },
    "GET /login (logged in)": (target: string) =>
      request(server, `/login?redirectTo=${encodeURIComponent(target)}`, { host: HOST, headers: { cookie: m.jar.header } }),
    "POST /lang-config": (target: string) => postForm(server, "/lang-config", { language: "en", redirectTo: target }, { host: HOST }),
    "POST /api/entry-warning": (target: string) => postForm(server, "/api/entry-warning", { redirectTo: target }, { host: HOST }),
    "POST /members/{id}/like back": (target: string) =>
      postForm(server, `/members/${her.profile.id}/like`, { intent: "unlike", back: target }, { host: HOST, headers: { cookie: m.jar.header } }),
    "GET /staff/login (logged in)": (target: string) =>
      request(server, `/staff/login?redirectTo=${encodeURIComponent(target)}`, { host: HOST, headers: { cookie: staffJar.header } }),
    "POST /staff/login": async (target: string) => {
      // a TOTP code logs in once: a fresh account for each attempt
      const other = await staffAccount();
      const fields = { email: other.email, password: STAFF_PASSWORD, code: await currentTotp(other.totpSecret), redirectTo: target };
      return postForm(server, "/staff/login", fields, { host: HOST });
    },
  };
}

describe("return paths", () => {
  it("the reported spelling no longer leaves the site", async () => {
    const m = await loggedInMember(server, { site: "lovely" });
    const res = await request(server, "/login?redirectTo=%2F.%2F%2Fevil.example%2Fphish", { host: HOST, headers: { cookie: m.jar.header } });
    expectOnSite(res, "/.//evil.example/phish", "GET /login");
  });

  it("one function: every bypass spelling resolves on the site's origin, as a path that comes back to it", () => {
    const req = new Request(`${ORIGIN}/login`);
    for (const target of BYPASSES) {
      const path = safeRedirectPath(target, req, "/fallback");
      expect(new URL(path, `${ORIGIN}/x/y`).origin, JSON.stringify(target)).toBe(ORIGIN);
      expect(path, JSON.stringify(target)).toMatch(/^\/(?![/\\])/);
      expect(path, JSON.stringify(target)).not.toMatch(/[\r\n\t\0]/);
    }
    expect(safeRedirectPath("/members?gender=female&age=30#top", req)).toBe("/members?gender=female&age=30#top");
    expect(safeRedirectPath(`${ORIGIN}/chats/12?x=1`, req)).toBe("/chats/12?x=1");
    expect(safeRedirectPath("/a/../members", req)).toBe("/members");
    expect(safeRedirectPath("", req, "/fallback")).toBe("/fallback");
    expect(safeRedirectPath(`/${"a".repeat(3000)}`, req, "/fallback")).toBe("/fallback");
  });

  it("every return-path input keeps every bypass spelling on the site", async () => {
    const all = await inputs();
    for (const [input, send] of Object.entries(all)) {
      for (const target of BYPASSES) expectOnSite(await send(target), target, input);
    }
  }, 180_000);

  it("legitimate paths with a query string and fragment come through every input", async () => {
    const all = await inputs();
    const member = "/members?gender=female&age_min=30#results";
    const staff = "/staff/members?q=anna&page=2";
    for (const [input, send] of Object.entries(all)) {
      const target = input.includes("staff") ? staff : member;
      const { location } = followed(await send(target), input);
      expect(location, input).toBe(target);
      const absolute = followed(await send(`${ORIGIN}${target}`), input).location;
      expect(absolute, `${input} absolute`).toBe(target);
    }
  }, 60_000);
});
