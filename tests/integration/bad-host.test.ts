// A Host header that is no host name (a port above 65535, a broken IPv6 literal, a path or
// userinfo in it) is a plain 400 before any site or page code runs, in production and on the
// embedded default; an unknown but well-formed host stays the 404 page; loopback names in their
// IPv6 and upper-case spellings still reach the first site where the embedded default serves it.
import { describe, expect, it } from "vitest";
import { request, startTestServer } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";

const BAD_HOSTS = [
  "lovely.localhost:99999",
  "lovely.localhost:65536",
  "lovely.localhost:-1",
  "lovely.localhost:abc",
  "lovely.localhost:3000:3000",
  "[::1]x",
  "[::1]:99999",
  "[::1",
  "[::g]",
  "[]",
  "lovely.localhost/evil",
  "lovely.localhost\\evil",
  "evil@lovely.localhost",
  "lovely.localhost?x",
  "lovely.localhost#x",
  "lovely.localhost%2fx",
  "lo vely.localhost",
  ".",
  `${"a".repeat(400)}.localhost`,
];
const PATHS = ["/", "/login", "/members/1", "/api/settings.php", "/api/user.php"];
const BAD_HOST_ANSWER = "400 Bad Request: the Host header is not a host name.\n";

function expectBadHost(res: Awaited<ReturnType<typeof request>>, what: string) {
  expect(res.status, what).toBe(400);
  expect(res.headers["content-type"], what).toMatch(/^text\/plain/);
  expect(res.body, what).toBe(BAD_HOST_ANSWER);
}

const modes = {
  "production with DATABASE_URL": { NODE_ENV: "production" },
  "the embedded default (production, no DATABASE_URL)": { NODE_ENV: "production", DATABASE_URL: "" },
};

for (const [mode, env] of Object.entries(modes)) {
  describe(`a bad Host, ${mode}`, () => {
    const server = useTestServer(env);

    it("is a plain 400 on every kind of route, GET and POST", async () => {
      for (const host of BAD_HOSTS) {
        for (const path of PATHS) expectBadHost(await request(server, path, { host }), `${host} ${path}`);
        const post = await request(server, "/login", {
          host,
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "email=a%40b.example&password=x",
        });
        expectBadHost(post, `POST ${host}`);
      }
    });

    it("well-formed hosts answer as before: the site, or the unknown-host page", async () => {
      for (const host of ["lovely.localhost", "LOVELY.localhost:3000", "lovely.localhost:80", "lovely.localhost.", "www.lovely.localhost:65535"]) {
        const res = await request(server, "/login", { host });
        expect(res.status, host).toBe(200);
        expect(res.body, host).toContain("Lovely");
      }
      const unknown = await request(server, "/", { host: "evil.example:8080" });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toContain("There is no site at this address.");
    });
  });
}

describe("loopback hosts", () => {
  it("on the embedded default reach the first site in every spelling", async () => {
    const server = await startTestServer(modes["the embedded default (production, no DATABASE_URL)"]);
    try {
      for (const host of ["[::1]", "[::1]:3000", "[0:0:0:0:0:0:0:1]:3000", "localhost:3000", "127.0.0.1:3000", "LOCALHOST"]) {
        for (const path of ["/", "/login", "/api/settings.php"]) {
          const res = await request(server, path, { host });
          expect(res.status, `${host} ${path}`).toBe(200);
        }
      }
    } finally {
      await server.close();
    }
  });

  it("with a real database are unknown hosts", async () => {
    const server = await startTestServer(modes["production with DATABASE_URL"]);
    try {
      for (const host of ["[::1]", "[::1]:3000", "localhost:3000"]) expect((await request(server, "/", { host })).status, host).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe("behind a trusted proxy", () => {
  it("reads X-Forwarded-Host the same way", async () => {
    const server = await startTestServer({ NODE_ENV: "production", TRUST_PROXY: "1" });
    try {
      expectBadHost(await request(server, "/", { host: "lovely.localhost", headers: { "x-forwarded-host": "lovely.localhost:99999" } }), "forwarded");
      expect((await request(server, "/login", { host: "lovely.localhost", headers: { "x-forwarded-host": "pride.localhost:8443" } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
