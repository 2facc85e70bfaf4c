// What a hostile page or client tries against the HTTP surface: cross-site state changes,
// odd methods, a forged client address; and the headers every answer carries.
import { describe, expect, it, vi } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { getDatabaseUrl, setDatabaseUrl } from "#app/utils/env.server.ts";
import { postForm, request, startTestServer } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { createMember, PASSWORD } from "#tests/support/factories.ts";
import { loggedInMember, loggedInStaff } from "#tests/support/logged-in.ts";

const server = useTestServer();

const HOST = "lovely.localhost";
const EVIL = { origin: "https://evil.example", "accept-language": "en" };

const loggedIn = () => loggedInMember(server, { site: "lovely" });

describe("state changes from another site", () => {
  it("refuses the user API, push, alerts, activation mail and entry warning with a foreign Origin", async () => {
    const m = await loggedIn();
    const json = (body: unknown) => ({ "content-type": "application/json", cookie: m.jar.header, ...EVIL, body: JSON.stringify(body) });
    const attempts = [
      { path: "/api/user.php", method: "PUT", ...json({ language: "de" }) },
      { path: "/api/user.php?push=1", method: "POST", ...json({ endpoint: "https://push.example/abc", keys: { p256dh: "k", auth: "a" } }) },
      { path: "/api/alerts", method: "POST", "content-type": "application/x-www-form-urlencoded", cookie: m.jar.header, ...EVIL, body: "alert=photo" },
      { path: "/api/activation-mail", method: "POST", "content-type": "application/x-www-form-urlencoded", cookie: m.jar.header, ...EVIL, body: "" },
      { path: "/api/entry-warning", method: "POST", "content-type": "application/x-www-form-urlencoded", ...EVIL, body: "redirectTo=/" },
      { path: "/api/logout.php", method: "POST", cookie: m.jar.header, ...EVIL, body: "" },
    ];
    for (const { path, method, body, ...headers } of attempts) {
      const res = await request(server, path, { host: HOST, method, headers: headers as Record<string, string>, body });
      expect(res.status, path).toBe(403);
      expect(res.json().error).toBe("This request did not come from this site. Reload the page and try again.");
      expect(res.headers["set-cookie"], path).toBeUndefined();
    }
    const user = await getDb().user.findUniqueOrThrow({ where: { id: m.user.id }, select: { language: true, pushSubscriptions: true, alertDismissals: true } });
    expect(user.language).not.toBe("de");
    expect(user.pushSubscriptions).toEqual([]);
    expect(user.alertDismissals).toEqual([]);
    // still logged in: the forged logout did nothing
    expect((await request(server, "/api/user.php", { host: HOST, headers: { cookie: m.jar.header } })).json().user).not.toBeNull();
  });

  it("refuses a cross-site login post with 403 and the site's message in the member's language, also when the browser sends only Sec-Fetch-Site", async () => {
    const m = await createMember({ site: "lovely" });
    const form = { email: m.email, password: PASSWORD };
    // a refused forgery is a refusal, not a failed request: no error line for anyone to fill the log with
    const error = vi.spyOn(getLogger(), "error");
    const foreign = await postForm(server, "/login", form, { host: HOST, headers: { ...EVIL, "accept-language": "de" } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers["content-type"]).toMatch(/^text\/html/);
    expect(foreign.body).toContain("Diese Anfrage kam nicht von dieser Website. Lade die Seite neu und versuche es erneut.");
    expect(foreign.headers["set-cookie"]).toBeUndefined();
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
    // the same form sent by the page's script (a data request)
    const data = await postForm(server, "/login.data", form, { host: HOST, headers: EVIL });
    expect(data.status).toBe(403);
    expect(data.body).toContain("This request did not come from this site.");
    expect(data.headers["set-cookie"]).toBeUndefined();
    const fetchMeta = await postForm(server, "/login", form, { host: HOST, headers: { "sec-fetch-site": "cross-site" } });
    expect(fetchMeta.status).toBe(403);
    const sibling = await postForm(server, "/login", form, { host: HOST, headers: { origin: "http://pride.localhost" } });
    expect(sibling.status).toBe(403);
    expect(sibling.headers["set-cookie"]).toBeUndefined();
    // an Origin no browser sends (not a URL) is still refused, before any app code, and logged as a refusal
    const warn = vi.spyOn(getLogger(), "warn");
    const junk = await postForm(server, "/login", form, { host: HOST, headers: { origin: "not a url" } });
    expect(junk.status).toBe(400);
    expect(junk.headers["set-cookie"]).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ origin: "not a url" }), "cross-site post refused");
    warn.mockRestore();
  });

  it("accepts the same requests from the site's own pages", async () => {
    const m = await loggedIn();
    const own = { origin: `http://${HOST}`, "sec-fetch-site": "same-origin" };
    const put = await request(server, "/api/user.php", {
      host: HOST,
      method: "PUT",
      headers: { "content-type": "application/json", cookie: m.jar.header, ...own },
      body: JSON.stringify({ language: "de" }),
    });
    expect(put.status).toBe(200);
    expect(put.json().user.language).toBe("de");
    const login = await postForm(server, "/login", { email: m.email, password: PASSWORD }, { host: HOST, headers: own });
    expect(login.status).toBe(302);
  });
});

describe("the origin is the scheme, the host and the port", () => {
  /** A staff change (lifting a member's lockout, which writes an audit entry) sent with an Origin. */
  const liftLockout = async (target: Awaited<ReturnType<typeof startTestServer>>, origin: string, headers: Record<string, string> = {}) => {
    const staff = await loggedInStaff(target, "support");
    const m = await createMember({ site: "lovely" });
    const res = await postForm(
      target,
      `/staff/members/${m.user.id}`,
      { intent: "lift-lockout" },
      { host: HOST, headers: { cookie: staff.jar.header, origin, ...headers } },
    );
    const written = await getDb().staffAuditEntry.count({ where: { staffId: staff.id, action: "member.lift_lockout" } });
    return { status: res.status, written };
  };

  it("refuses on a plain http site a post whose Origin is its https (or another port's) address", async () => {
    for (const origin of ["https://lovely.localhost", `https://lovely.localhost:${server.port}`, "http://lovely.localhost:3500"]) {
      const login = await postForm(server, "/login", { email: "nobody@lovely.localhost", password: "x" }, { host: HOST, headers: { origin } });
      expect([400, 403], origin).toContain(login.status);
      const staff = await liftLockout(server, origin);
      expect([400, 403], origin).toContain(staff.status);
      expect(staff.written, origin).toBe(0);
    }
    // its own address, with http's default port spelled out or not, is this site
    for (const origin of ["http://lovely.localhost", "http://lovely.localhost:80"]) expect((await liftLockout(server, origin)).status, origin).toBe(200);
  });

  it("refuses on an HTTPS site (HTTPS=1 behind a trusted proxy) a post whose Origin is its http address", async () => {
    process.env.HTTPS = "1";
    resetSingleton("env");
    const https = await startTestServer({ TRUST_PROXY: "1" });
    try {
      for (const origin of ["http://lovely.localhost", "http://lovely.localhost:443", "https://lovely.localhost:80"]) {
        const staff = await liftLockout(https, origin, { "x-forwarded-proto": "https" });
        expect([400, 403], origin).toContain(staff.status);
        expect(staff.written, origin).toBe(0);
      }
      for (const origin of ["https://lovely.localhost", "https://lovely.localhost:443"])
        expect((await liftLockout(https, origin, { "x-forwarded-proto": "https" })).status, origin).toBe(200);
    } finally {
      delete process.env.HTTPS;
      resetSingleton("env");
      await https.close();
    }
  });

  it("believes the trusted proxy's https without HTTPS=1, and only from a trusted proxy", async () => {
    const proxied = await startTestServer({ TRUST_PROXY: "1" });
    try {
      const forged = await liftLockout(proxied, "http://lovely.localhost", { "x-forwarded-proto": "https" });
      expect([400, 403]).toContain(forged.status);
      expect((await liftLockout(proxied, "https://lovely.localhost", { "x-forwarded-proto": "https" })).status).toBe(200);
    } finally {
      await proxied.close();
    }
    // a server that trusts no proxy ignores the header: the request came over http
    const direct = await liftLockout(server, "https://lovely.localhost", { "x-forwarded-proto": "https" });
    expect([400, 403]).toContain(direct.status);
  });
});

describe("methods and headers", () => {
  it("answers TRACE and other unknown methods with 405", async () => {
    for (const method of ["TRACE", "PROPFIND", "CONNECT_X"]) {
      const res = await request(server, "/", { host: HOST, method });
      expect([405, 400]).toContain(res.status);
    }
    expect((await request(server, "/", { host: HOST, method: "TRACE" })).status).toBe(405);
  });

  it("sends a nonce-based CSP, no framing, no sniffing and a short referrer", async () => {
    const res = await request(server, "/", { host: HOST, headers: { "accept-language": "en" } });
    const csp = String(res.headers["content-security-policy"]);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    // every inline script of the page carries this response's nonce, and only that one
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) if (!/\bsrc=/.test(attrs)) expect(attrs).toContain(`nonce="${nonce}"`);
    const again = await request(server, "/", { host: HOST });
    expect(String(again.headers["content-security-policy"])).not.toContain(nonce);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("sends HSTS and Secure cookies when the public site is HTTPS", async () => {
    // cookies read the process's settings, as in production
    process.env.HTTPS = "1";
    resetSingleton("env");
    const https = await startTestServer();
    try {
      const res = await request(https, "/lang-config", {
        host: HOST,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "language=nl",
      });
      expect(String(res.headers["strict-transport-security"])).toContain("max-age=31536000");
      expect(String(res.headers["set-cookie"])).toMatch(/lng=nl;.*Secure/);
    } finally {
      delete process.env.HTTPS;
      resetSingleton("env");
      await https.close();
    }
  });

  it("keeps member pages out of shared caches", async () => {
    const m = await loggedIn();
    const member = await request(server, "/members", { host: HOST, headers: { cookie: m.jar.header } });
    expect(member.headers["cache-control"]).toBe("private, no-store");
    const visitor = await request(server, "/", { host: HOST });
    expect(visitor.headers["cache-control"]).toMatch(/^private/);
  });
});

describe("behind a proxy", () => {
  it("believes only the configured number of hops in X-Forwarded-For", async () => {
    const proxied = await startTestServer({ TRUST_PROXY: "1" });
    try {
      const m = await createMember({ site: "lovely" });
      // the client forged the left entry; the proxy appended the address it saw
      await postForm(proxied, "/login", { email: m.email, password: "wrong password" }, { host: HOST, headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.9" } });
      const attempt = await getDb().loginAttempt.findFirstOrThrow({ where: { email: m.email }, select: { ip: true } });
      expect(attempt.ip).toBe("203.0.113.9");
    } finally {
      await proxied.close();
    }
  });
});

describe("readiness", () => {
  it("answers 503 while the database is unreachable, 200 again once it is back", async () => {
    expect((await request(server, "/healthz", { host: "anything" })).json()).toEqual({ ok: true, database: "ok", queue: "ok" });
    const real = getDatabaseUrl();
    await getDb().$disconnect();
    resetSingleton("db");
    setDatabaseUrl("postgresql://postgres@127.0.0.1:9/unreachable");
    try {
      const down = await request(server, "/healthz", { host: "anything" });
      expect(down.status).toBe(503);
      expect(down.json()).toEqual({ ok: false, database: "unavailable", queue: "ok" });
    } finally {
      await getDb().$disconnect();
      resetSingleton("db");
      setDatabaseUrl(real);
    }
    expect((await request(server, "/healthz", { host: "anything" })).status).toBe(200);
  });
});
