// Staff login lockout (ADR 033): failures lock an e-mail address for the client (IP address) that
// made them, not for everyone, so an attacker cannot lock a colleague out; an address that is no
// staff account is answered exactly like one (status, page, time), so the answers do not tell
// staff addresses from others; the counters hold under parallel attempts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createStaffAccount } from "#app/staff/accounts.server.ts";
import { currentTotp } from "#app/staff/totp.server.ts";
import { postForm, type TestResponse } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { randomLoopbackIp } from "#tests/support/visitor.ts";

const server = useTestServer();

const HOST = "lovely.localhost";
const en = JSON.parse(readFileSync("app/locales/en/common.json", "utf8"));
const PASSWORD = "staff password for lock tests";
const EN = { "accept-language": "en" };
let n = 0;
const unique = (what: string) => `${what}-${Date.now().toString(36)}${n++}@staff.test`;

async function staff() {
  const account = await createStaffAccount({ email: unique("lock"), name: "Lock test", password: PASSWORD, role: "support" });
  return { ...account, code: () => currentTotp(account.totpSecret) };
}

const attempt = (email: string, ip: string, password = "not the password", code = "000000") =>
  postForm(server, "/staff/login", { email, password, code }, { host: HOST, ip, headers: EN });

/** The page as a reader compares it: this response's nonce and the address typed in taken out. */
const comparable = (res: TestResponse, email: string) => res.body.replace(/nonce(=|-)["']?[A-Za-z0-9+/=_-]+/g, "nonce").replaceAll(email, "EMAIL");

describe("staff login lockout", () => {
  it("answers a staff address and an unknown one alike, the sixth answer included", async () => {
    const account = await staff();
    const unknown = unique("nobody");
    const client = randomLoopbackIp();
    const known: TestResponse[] = [];
    const other: TestResponse[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await attempt(account.email, client));
      other.push(await attempt(unknown, client));
    }
    expect(known.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(other.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429]);
    for (let i = 0; i < 6; i++) expect(comparable(other[i]!, unknown), `answer ${i + 1}`).toBe(comparable(known[i]!, account.email));
    expect(known[0]!.html).toContain(en.staff.login.failed);
    expect(known[5]!.html).toContain(en.staff.login.locked);
  });

  it("takes as long for an unknown address as for a staff address (a password hash is checked either way)", async () => {
    const account = await staff();
    const unknown = unique("nobody");
    const timeOf = async (email: string) => {
      const started = performance.now();
      expect((await attempt(email, randomLoopbackIp())).status).toBe(401);
      return performance.now() - started;
    };
    await timeOf(account.email);
    await timeOf(unknown); // warm both paths
    const known: number[] = [];
    const other: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await timeOf(account.email));
      other.push(await timeOf(unknown));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(other) / median(known);
    // argon2id's verification is most of either answer; without it an unknown address answered in a tenth of the time
    expect(ratio, `unknown ${median(other).toFixed(0)} ms, staff ${median(known).toFixed(0)} ms`).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.7);
  });

  it("locks the address for the attacking client only: the staff member gets in from elsewhere", async () => {
    const account = await staff();
    const attacker = randomLoopbackIp();
    for (let i = 0; i < 5; i++) expect((await attempt(account.email, attacker)).status).toBe(401);
    // the attacker is locked out of this address, even with the right password and code
    expect((await attempt(account.email, attacker, PASSWORD, await account.code())).status).toBe(429);
    // the staff member, from their own client, logs in
    const own = await attempt(account.email, randomLoopbackIp(), PASSWORD, await account.code());
    expect(own.status).toBe(302);
    expect(String(own.headers["set-cookie"])).toMatch(/rdv_staff=/);
  });

  it("locks a client that tries many addresses", async () => {
    const client = randomLoopbackIp();
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await attempt(unique("spray"), client)).status);
    expect(answers.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(answers[20]).toBe(429);
    // another client is not affected
    expect((await attempt(unique("spray"), randomLoopbackIp())).status).toBe(401);
  }, 60_000);

  it("counts parallel attempts atomically: one client checks 5 passwords, never more", async () => {
    const account = await staff();
    const client = randomLoopbackIp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => attempt(account.email, client)));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(7);
    // the same burst from 12 clients locks none of them, and none of them locks the account
    const spread = await Promise.all(Array.from({ length: 12 }, () => attempt(account.email, randomLoopbackIp())));
    expect(spread.every((r) => r.status === 401)).toBe(true);
    expect((await attempt(account.email, randomLoopbackIp(), PASSWORD, await account.code())).status).toBe(302);
  });
});
