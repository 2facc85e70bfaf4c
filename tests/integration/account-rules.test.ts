// Account rules over HTTP on every path that sets them: the username may not be the e-mail
// address (signup and /profile), the password rules (signup, reset and change), the e-mail
// did-you-mean that asks once, and last activity kept up to date for search and the online badge.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { issueToken } from "#app/auth/tokens.server.ts";
import { verifyPassword } from "#app/auth/password.server.ts";
import { ACTIVITY_THROTTLE_MS, recordActivity } from "#app/profiles/activity.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { postForm, request, type TestResponse } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { createMember, PASSWORD } from "#tests/support/factories.ts";
import { logIn } from "#tests/support/logged-in.ts";

const server = useTestServer();

const EN = { "accept-language": "en" };
const de = JSON.parse(readFileSync("app/locales/de/common.json", "utf8"));
const host = "lovely.localhost";
let n = 0;

/** A member whose e-mail address is short enough to be a valid username (2 to 30 characters). */
async function memberWithShortEmail(name = `Rule${n++}`) {
  const m = await createMember({ name });
  const email = `r${m.user.id}@ex.io`;
  await getDb().user.update({ where: { id: m.user.id }, data: { email } });
  return { ...m, email };
}

const passwordHashOf = async (userId: number) => (await getDb().user.findUniqueOrThrow({ where: { id: userId } })).passwordHash;

describe("username", () => {
  it("may not be the e-mail address on /profile either", async () => {
    const m = await memberWithShortEmail();
    const jar = await logIn(server, m.email, host);
    const fields = { name: m.email.toUpperCase(), gender: "female", seeking: "male", sexuality: "hetero", country: "NL", region: "", city: "", aboutMe: "" };
    const post = (values: Record<string, string>, headers: Record<string, string>) =>
      postForm(server, "/profile", values, { host, headers: { ...headers, cookie: `${jar.header}; ${headers.cookie ?? ""}` } });
    const refused = await post(fields, EN);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Your username may not be your e-mail address");
    const german = await post(fields, { cookie: "lng=de" });
    expect(german.html).toContain(de.validation.usernameIsEmail);
    expect((await getDb().profile.findUniqueOrThrow({ where: { id: m.profile.id } })).name).toBe(m.profile.name);

    expect((await post({ ...fields, name: "Marieke" }, EN)).status).toBe(200);
    expect((await getDb().profile.findUniqueOrThrow({ where: { id: m.profile.id } })).name).toBe("Marieke");
  });
});

describe("password rules", () => {
  it("hold at /reset-password/do, and a refused password leaves the link usable", async () => {
    const m = await memberWithShortEmail("Resetter");
    const before = await passwordHashOf(m.user.id);
    const token = await issueToken(m.user.id, "password_reset");
    const reset = (password: string, repeat = password, headers: Record<string, string> = EN) =>
      postForm(server, `/reset-password/do?token=${token}`, { token, password, password_repeat: repeat }, { host, headers });

    for (const [password, message] of [
      [m.email, "Choose a password that differs from your e-mail address and username"],
      ["RESETTER", "Choose a password that differs from your e-mail address and username"],
      ["short", "Your password must be 8 to 128 characters long"],
      ["x".repeat(129), "Your password must be 8 to 128 characters long"],
    ] as const) {
      const res = await reset(password);
      expect(res.status, password).toBe(400);
      expect(res.html, password).toContain(message);
    }
    expect((await reset(m.email, m.email, { cookie: "lng=de" })).html).toContain(de.validation.passwordLikeName);
    expect((await reset("a new secret 1", "a new secret 2")).html).toContain("The entered passwords are not the same");
    expect(await passwordHashOf(m.user.id)).toBe(before);

    const done = await reset("a new secret 1");
    expect(done.headers.location).toBe("/login?notice=passwordChanged");
    expect(await verifyPassword(await passwordHashOf(m.user.id), "a new secret 1")).toBe(true);
    expect((await reset("another secret")).html).toContain("Link expired or invalid, request a new email");
  });

  it("hold when changing the password in /profile/settings", async () => {
    const m = await memberWithShortEmail("Changer1");
    const jar = await logIn(server, m.email, host);
    const before = await passwordHashOf(m.user.id);
    const change = (password: string, headers: Record<string, string> = EN) =>
      postForm(
        server,
        "/profile/settings",
        { intent: "password", old_password: PASSWORD, password, password_repeat: password },
        { host, headers: { ...headers, cookie: `${jar.header}; ${headers.cookie ?? ""}` } },
      );

    for (const [password, message] of [
      [m.email, "Choose a password that differs from your e-mail address and username"],
      ["changer1", "Choose a password that differs from your e-mail address and username"],
      ["short", "Your password must be 8 to 128 characters long"],
      ["y".repeat(129), "Your password must be 8 to 128 characters long"],
    ] as const) {
      const res = await change(password);
      expect(res.status, password).toBe(400);
      expect(res.html, password).toContain(message);
    }
    expect((await change("CHANGER1", { cookie: "lng=de" })).html).toContain(de.validation.passwordLikeName);
    expect(await passwordHashOf(m.user.id)).toBe(before);

    const ok = await change("a brand new secret");
    expect(ok.status).toBe(200);
    expect(ok.html).toContain("Your password has been changed");
    expect(await verifyPassword(await passwordHashOf(m.user.id), "a brand new secret")).toBe(true);
  });
});

describe("e-mail did-you-mean", () => {
  const signupFields = (email: string) => ({
    name: `Anna${n++}`,
    email,
    password: "correct horse battery",
    date_of_birth: "1990-04-12",
    gender: "female",
    seeking: "male",
  });
  const userOf = (email: string) => getDb().user.findUnique({ where: { siteKey_email: { siteKey: "lovely", email } } });
  const hidden = (res: TestResponse, name: string) => new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(res.html)?.[1];

  it("answers an otherwise valid signup once with the suggestion; submitting again keeps the spelling", async () => {
    const email = `anna${Date.now()}${n++}@gmial.com`;
    const fields = signupFields(email);
    const asked = await postForm(server, "/signup", fields, { host, headers: EN });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain(`Did you mean ${email.replace("gmial.com", "gmail.com")}?`);
    expect(asked.html).toContain("Use this address");
    expect(hidden(asked, "email_checked")).toBe(email);
    expect(asked.html).not.toContain('role="alert"');
    expect(await userOf(email)).toBeNull();

    const german = await postForm(server, "/signup", fields, { host, headers: { cookie: "lng=de" } });
    expect(german.html).toContain(de.validation.didYouMean.replace("{{suggestion}}", email.replace("gmial.com", "gmail.com")));

    const kept = await postForm(server, "/signup", { ...fields, email_checked: hidden(asked, "email_checked")! }, { host, headers: EN });
    expect(kept.status).toBe(302);
    expect(await userOf(email)).not.toBeNull();
  });

  it("takes the suggestion with the Use button", async () => {
    const email = `bea${Date.now()}${n++}@hotmial.com`;
    const fixed = email.replace("hotmial.com", "hotmail.com");
    const res = await postForm(server, "/signup", { ...signupFields(email), use_suggestion: fixed }, { host, headers: EN });
    expect(res.status).toBe(302);
    expect(await userOf(fixed)).not.toBeNull();
    expect(await userOf(email)).toBeNull();
  });

  it("asks once before an e-mail change goes to a likely typo", async () => {
    const m = await createMember();
    const jar = await logIn(server, m.email, host);
    const newEmail = `new${Date.now()}${n++}@yahooo.com`;
    const tokens = () => getDb().userToken.count({ where: { userId: m.user.id, kind: "email_change" } });
    const asked = await postForm(server, "/profile/settings", { intent: "email", email: newEmail }, { host, headers: { ...EN, cookie: jar.header } });
    expect(asked.status).toBe(200);
    expect(asked.html).toMatch(/Did you mean new\d+@yahoo\.com\?/);
    expect(hidden(asked, "email_checked")).toBe(newEmail);
    expect(await tokens()).toBe(0);
    const sent = await postForm(
      server,
      "/profile/settings",
      { intent: "email", email: newEmail, email_checked: newEmail },
      { host, headers: { ...EN, cookie: jar.header } },
    );
    expect(sent.status).toBe(200);
    expect(await tokens()).toBe(1);
  });
});

describe("last activity", () => {
  const cards = (html: string) => html.split('data-testid="profile-card"').slice(1);
  const cardOf = (html: string, profileId: number) => cards(html).find((c) => c.includes(`data-profile-id="${profileId}"`));
  const order = (html: string, ids: number[]) =>
    cards(html)
      .map((c) => Number(/data-profile-id="(\d+)"/.exec(c)?.[1]))
      .filter((id) => ids.includes(id));

  it("is updated by a member's requests: search puts the active one first and shows them online", async () => {
    const hours = (h: number) => new Date(Date.now() - h * 3600_000);
    const earlier = await createMember({ gender: "female", country: "IE", region: "Mayo", age: 93, lastActiveAt: hours(2) });
    const later = await createMember({ gender: "female", country: "IE", region: "Mayo", age: 93, lastActiveAt: hours(3) });
    const ids = [earlier.profile.id, later.profile.id];
    const search = () => request(server, "/members?gender=female&country=IE&countryregion=Mayo&min_age=93&max_age=93", { host, headers: EN });

    const before = await search();
    expect(order(before.html, ids)).toEqual([earlier.profile.id, later.profile.id]);
    expect(cardOf(before.html, later.profile.id)).not.toContain(">Online<");

    const jar = await logIn(server, later.email, host);
    expect((await request(server, "/api/user.php", { host, headers: { cookie: jar.header } })).status).toBe(200);
    const after = await search();
    expect(order(after.html, ids)).toEqual([later.profile.id, earlier.profile.id]);
    expect(cardOf(after.html, later.profile.id)).toContain(">Online<");
    expect(cardOf(after.html, earlier.profile.id)).not.toContain(">Online<");
  });

  it("is written at most once per five minutes, once for concurrent requests", async () => {
    const m = await createMember({ lastActiveAt: new Date(Date.now() - 60_000) });
    const jar = await logIn(server, m.email, host);
    const lastActive = async () => (await getDb().profile.findUniqueOrThrow({ where: { id: m.profile.id } })).lastActiveAt.getTime();
    const seen = await lastActive();
    await request(server, "/api/user.php", { host, headers: { cookie: jar.header } });
    expect(await lastActive()).toBe(seen); // a minute ago: within the throttle, no write

    await getDb().profile.update({ where: { id: m.profile.id }, data: { lastActiveAt: new Date(Date.now() - ACTIVITY_THROTTLE_MS - 1000) } });
    const writes = await Promise.all(Array.from({ length: 10 }, () => recordActivity(m.user.id)));
    expect(writes.filter(Boolean)).toHaveLength(1);
    expect(Date.now() - (await lastActive())).toBeLessThan(5_000);
  });
});
