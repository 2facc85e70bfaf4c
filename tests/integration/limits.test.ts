// Limits under parallel requests, over HTTP against the real app: each burst is sent at once and
// the exact number that got through is asserted. Visitors are told apart by the loopback
// address their requests leave from (tests/support/visitor.ts), so no proxy header is involved.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { getDb } from "#app/utils/db.server.ts";
import { createMember, PASSWORD } from "#tests/support/factories.ts";
import { postForm, request, type TestResponse } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { CookieJar } from "#tests/support/session.ts";
import { randomLoopbackIp, visitorIp } from "#tests/support/visitor.ts";
import { logIn } from "#tests/support/logged-in.ts";
import { issueToken } from "#app/auth/tokens.server.ts";
import { LIMITS } from "#app/limits/rate-limits.server.ts";

const catalogue = (locale: string) => JSON.parse(readFileSync(`app/locales/${locale}/common.json`, "utf8"));
const en = catalogue("en");
const de = catalogue("de");
const fr = catalogue("fr");
const EN = { "accept-language": "en" };
const LOVELY = "lovely.localhost";

const server = useTestServer();
const LIMITS_PER_ADDRESS = LIMITS.login.perAccount;

let n = 0;
const unique = () => `limits${Date.now()}${n++}@example.test`;
const countOf = (responses: TestResponse[], status: number) => responses.filter((r) => r.status === status).length;

const logInOnLovely = (email: string) => logIn(server, email, LOVELY);

async function upload(path: string, jar: CookieJar, image: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("photo", new Blob([new Uint8Array(image)], { type: "image/png" }), "me.png");
  const body = new Response(form);
  return request(server, path, {
    host: LOVELY,
    method: "POST",
    headers: { cookie: jar.header, ...EN, "content-type": body.headers.get("content-type")! },
    body: Buffer.from(await body.arrayBuffer()),
  });
}

const photo = () =>
  sharp({ create: { width: 400, height: 500, channels: 3, background: "#3a6" } })
    .png()
    .toBuffer();
const mediaFiles = (profileId: number) => {
  try {
    return readdirSync(`${process.env.DATA_DIR}/media/${profileId}`);
  } catch {
    return [];
  }
};

const signupFields = (email: string) => ({
  name: `Limit${n++}`,
  email,
  password: "correct horse battery",
  date_of_birth: "1990-04-12",
  gender: "female",
  seeking: "male",
});

describe("photo limits", () => {
  it("10 parallel uploads by a free member store exactly 3 photos and leave no files behind", async () => {
    const member = await createMember();
    const jar = await logInOnLovely(member.email);
    const image = await photo();
    const responses = await Promise.all(Array.from({ length: 10 }, () => upload("/profile", jar, image, { intent: "photo-upload" })));
    expect(countOf(responses, 200)).toBe(3);
    expect(countOf(responses, 400)).toBe(7);
    for (const res of responses.filter((r) => r.status === 400)) expect(res.html).toContain("You can upload up to 3 photos.");
    const photos = await getDb().photo.findMany({ where: { profileId: member.profile.id }, orderBy: { position: "asc" } });
    expect(photos.map((p) => p.position)).toEqual([0, 1, 2]);
    expect(mediaFiles(member.profile.id).sort()).toEqual(photos.flatMap((p) => [p.filename, p.thumbFilename].map((f) => f.split("/")[1]!)).sort());
    expect((await getDb().profile.findUnique({ where: { id: member.profile.id } }))!.mainPhotoId).toBe(photos[0]!.id);
  });

  it("a premium member stops at exactly 25, also on the signup photo step", async () => {
    const premium = await createMember({ paidUser: true, photos: 22 });
    const jar = await logInOnLovely(premium.email);
    const image = await photo();
    const responses = await Promise.all(Array.from({ length: 6 }, () => upload("/profile", jar, image, { intent: "photo-upload" })));
    expect(countOf(responses, 200)).toBe(3);
    expect(await getDb().photo.count({ where: { profileId: premium.profile.id } })).toBe(25);

    const email = unique();
    const signupJar = new CookieJar();
    signupJar.take(await postForm(server, "/signup", signupFields(email), { host: LOVELY, headers: EN }));
    const steps = await Promise.all(Array.from({ length: 8 }, () => upload("/signup?step=photo", signupJar, image)));
    expect(steps.filter((r) => r.headers.location === "/signup?step=personal")).toHaveLength(3);
    expect(countOf(steps, 400)).toBe(5);
    const profile = await getDb().profile.findFirstOrThrow({ where: { user: { email, siteKey: "lovely" } } });
    expect(await getDb().photo.count({ where: { profileId: profile.id } })).toBe(3);
    expect(mediaFiles(profile.id)).toHaveLength(6);
  });

  it("refuses a 16000 x 16000 PNG from its header, with the photo message", async () => {
    const huge = await sharp({ create: { width: 16_000, height: 16_000, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(1_000_000);
    const member = await createMember();
    const jar = await logInOnLovely(member.email);
    const res = await upload("/profile", jar, huge, { intent: "photo-upload" });
    expect(res.status).toBe(400);
    expect(res.html).toContain(en.photo.tooManyPixels);
    expect(await getDb().photo.count({ where: { profileId: member.profile.id } })).toBe(0);
    expect(mediaFiles(member.profile.id)).toHaveLength(0);
  }, 60_000);
});

describe("login lockout", () => {
  const attemptFrom = (email: string, password: string, ip: string) => postForm(server, "/login", { email, password }, { host: LOVELY, headers: EN, ip });

  it("five wrong passwords from one client lock that client out, not the owner on another client, also when sent in parallel", async () => {
    const member = await createMember();
    const attacker = randomLoopbackIp();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => attemptFrom(member.email, `wrong password ${i}`, attacker)));
    expect(countOf(responses, 401)).toBe(4);
    expect(countOf(responses, 429)).toBe(16);
    expect(responses.find((r) => r.status === 429)!.html).toContain("Too many incorrect attempts, account blocked for 15 min.");
    expect(await getDb().loginAttempt.count({ where: { siteKey: "lovely", email: member.email } })).toBe(5);
    // the attacker's client stays locked, even with the right password
    const guessed = await attemptFrom(member.email, PASSWORD, attacker);
    expect(guessed.status).toBe(429);
    expect(guessed.headers["retry-after"]).toMatch(/^(8\d\d|900)$/);
    // the owner, on their own client, logs in while the attack goes on
    const [owner] = await Promise.all([attemptFrom(member.email, PASSWORD, randomLoopbackIp()), attemptFrom(member.email, "wrong again", attacker)]);
    expect(owner.status).toBe(302);
    expect(String(owner.headers["set-cookie"])).toContain("rdv_session=");
  });

  it("an unknown address is answered as a member's, the sixth attempt included", async () => {
    const member = await createMember();
    const unknown = unique();
    const answers = async (email: string) => {
      const ip = randomLoopbackIp();
      const out: { status: number; text: string }[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await attemptFrom(email, `wrong password ${i}`, ip);
        out.push({ status: res.status, text: res.html.replace(email, "ADDRESS").match(/(Login failed[^<]*|Too many[^<]*)/)?.[0] ?? "" });
      }
      return out;
    };
    const [known, stranger] = await Promise.all([answers(member.email), answers(unknown)]);
    expect(stranger).toEqual(known);
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it("60 wrong passwords from 60 clients in parallel: 30 are checked, the address is locked for an hour, and the reset mail's new password lifts it", async () => {
    const member = await createMember();
    const attempt = (password: string) => attemptFrom(member.email, password, randomLoopbackIp());
    const wrong = Array.from({ length: 60 }, (_, i) => attempt(`wrong password ${i}`));
    const right = attempt(PASSWORD); // sent last, while the wrong ones are still being answered
    const responses = await Promise.all([...wrong, right]);
    const rows = await getDb().loginAttempt.findMany({ where: { siteKey: "lovely", email: member.email } });
    const checked = rows.length;
    // the right one may have been checked before the address filled up; then it got in
    const gotIn = responses.filter((r) => r.status === 302).length;
    expect(checked).toBe(LIMITS_PER_ADDRESS + gotIn);
    expect(rows.filter((r) => !r.success)).toHaveLength(LIMITS_PER_ADDRESS);
    expect(countOf(responses, 429)).toBe(61 - checked + 1);

    const later = await attempt(PASSWORD);
    expect(later.status).toBe(429);
    expect(later.html).toContain("Too many incorrect attempts, account blocked for 60 min.");
    expect(later.headers["retry-after"]).toMatch(/^(3[45]\d\d|3600)$/);
    const api = await request(server, "/api/user.php", {
      host: LOVELY,
      method: "POST",
      ip: randomLoopbackIp(),
      headers: { "content-type": "application/json", "accept-language": "fr" },
      body: JSON.stringify({ email: member.email, password: PASSWORD }),
    });
    expect(api.status).toBe(429);
    expect(api.json().error).toBe(fr.messages.tooManyAttempts.replace("{{minutes}}", "60"));

    // the owner sets a new password through the link the reset mail carries
    const token = await issueToken(member.user.id, "password_reset");
    const reset = await postForm(
      server,
      `/reset-password/do?token=${token}`,
      { token, password: "a brand new password", password_repeat: "a brand new password" },
      { host: LOVELY, headers: EN },
    );
    expect(reset.headers.location).toBe("/login?notice=passwordChanged");
    expect((await attempt("a brand new password")).status).toBe(302);
  });

  it("20 failures from one IP address block it, for every account, and only it", async () => {
    const member = await createMember();
    const ip = visitorIp();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postForm(server, "/login", { email: `nobody${i}-${unique()}`, password: "guess" }, { host: LOVELY, headers: EN, ip }),
      ),
    );
    expect(await getDb().loginAttempt.count({ where: { ip } })).toBe(20);
    expect(countOf(responses, 401)).toBe(19);
    expect(countOf(responses, 429)).toBe(11);

    const blocked = await postForm(server, "/login", { email: member.email, password: PASSWORD }, { host: LOVELY, headers: EN, ip });
    expect(blocked.status).toBe(429);
    expect(blocked.html).toContain("Too many incorrect attempts, account blocked for 15 min.");
    const elsewhere = await postForm(server, "/login", { email: member.email, password: PASSWORD }, { host: LOVELY, headers: EN, ip: randomLoopbackIp() });
    expect(elsewhere.status).toBe(302);
  });

  it("refuses an overlong e-mail address with 400, on the form and on the JSON API", async () => {
    const huge = `${"a".repeat(1_000_000)}@example.test`;
    const form = await postForm(server, "/login", { email: huge, password: "whatever" }, { host: LOVELY, headers: EN });
    expect(form.status).toBe(400);
    expect(form.html).toContain(en.messages.loginFailed);
    const api = await request(server, "/api/user.php", {
      host: LOVELY,
      method: "POST",
      headers: { "content-type": "application/json", ...EN },
      body: JSON.stringify({ email: huge, password: "whatever" }),
    });
    expect(api.status).toBe(400);
    expect(api.json().error).toBe(en.messages.loginFailed);
  });
});

describe("mail limits", () => {
  it("activation: signup's mail plus exactly 4 of 10 parallel resends", async () => {
    const email = unique();
    const jar = new CookieJar();
    jar.take(await postForm(server, "/signup", signupFields(email), { host: LOVELY, headers: EN }));
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(server, "/api/activation-mail", {
          host: LOVELY,
          method: "POST",
          headers: { cookie: jar.header, "accept-language": "de", "content-type": "application/x-www-form-urlencoded" },
          body: "",
        }),
      ),
    );
    expect(responses.filter((r) => r.status === 200 && r.json().sent === true)).toHaveLength(4);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(6);
    expect(refused[0]!.json().error).toBe(de.messages.tooManyActivationMails);
    const user = await getDb().user.findUniqueOrThrow({ where: { siteKey_email: { siteKey: "lovely", email } } });
    expect(await getDb().userToken.count({ where: { userId: user.id, kind: "activation" } })).toBe(5);
  });

  it("activation resends: 20 an hour from one IP address, across accounts", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember({ status: "disabled" })));
    const jars = await Promise.all(members.map((m) => logInOnLovely(m.email)));
    const ip = randomLoopbackIp();
    const responses = await Promise.all(
      jars.flatMap((jar) =>
        Array.from({ length: 4 }, () =>
          request(server, "/api/activation-mail", {
            host: LOVELY,
            method: "POST",
            ip,
            headers: { cookie: jar.header, ...EN, "content-type": "application/x-www-form-urlencoded" },
            body: "",
          }),
        ),
      ),
    );
    expect(countOf(responses, 200)).toBe(20);
    expect(countOf(responses, 429)).toBe(4);
    expect(responses.find((r) => r.status === 429)!.json().error).toBe(en.messages.tooManyRequests.replace("{{minutes}}", "60"));
    expect(await getDb().userToken.count({ where: { userId: { in: members.map((m) => m.user.id) }, kind: "activation" } })).toBe(20);
  });

  it("password reset: exactly 3 of 10 parallel requests for one account are mailed", async () => {
    const member = await createMember();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postForm(server, "/reset-password", { email: member.email }, { host: LOVELY, headers: EN, ip: randomLoopbackIp() })),
    );
    expect(countOf(responses, 200)).toBe(3);
    expect(countOf(responses, 429)).toBe(7);
    expect(responses.find((r) => r.status === 429)!.html).toContain(en.messages.tooManyResets);
    expect(await getDb().userToken.count({ where: { userId: member.user.id, kind: "password_reset" } })).toBe(3);
  });

  it("password reset: 10 requests an hour from one IP address, unknown addresses included", async () => {
    const ip = visitorIp();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => postForm(server, "/reset-password", { email: unique() }, { host: LOVELY, headers: { "accept-language": "de" }, ip })),
    );
    expect(countOf(responses, 404)).toBe(10);
    expect(countOf(responses, 429)).toBe(2);
    expect(responses.find((r) => r.status === 429)!.html).toContain(de.messages.tooManyRequests.replace("{{minutes}}", "60"));
    const member = await createMember();
    expect((await postForm(server, "/reset-password", { email: member.email }, { host: LOVELY, headers: EN, ip })).status).toBe(429);
    expect((await postForm(server, "/reset-password", { email: member.email }, { host: LOVELY, headers: EN, ip: randomLoopbackIp() })).status).toBe(200);
  });
});

describe("signup limits", () => {
  it("10 signups an hour from one IP address", async () => {
    const ip = visitorIp();
    const emails = Array.from({ length: 13 }, () => unique());
    const responses = await Promise.all(
      emails.map((email) => postForm(server, "/signup", signupFields(email), { host: LOVELY, headers: { "accept-language": "de" }, ip })),
    );
    expect(countOf(responses, 302)).toBe(10);
    expect(countOf(responses, 429)).toBe(3);
    expect(responses.find((r) => r.status === 429)!.html).toContain(de.messages.tooManyRequests.replace("{{minutes}}", "60"));
    expect(await getDb().user.count({ where: { siteKey: "lovely", email: { in: emails } } })).toBe(10);
    const other = await postForm(server, "/signup", signupFields(unique()), { host: LOVELY, headers: EN, ip: randomLoopbackIp() });
    expect(other.status).toBe(302);
  });

  it("5 signup attempts an hour for one address, from anywhere", async () => {
    const email = unique();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => postForm(server, "/signup", signupFields(email), { host: LOVELY, headers: EN, ip: randomLoopbackIp() })),
    );
    expect(countOf(responses, 302)).toBe(1);
    expect(countOf(responses, 400)).toBe(4); // the address exists by then
    expect(countOf(responses, 429)).toBe(3);
  });
});
