// Accounts end to end over HTTP: signup, activation mail through the real queue and SMTP,
// login with lockout, the user API, password reset, settings, deletion and reactivation.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { getDb } from "#app/utils/db.server.ts";
import { purgeDeletedAccounts } from "#app/accounts/account.server.ts";
import { postForm, request } from "#tests/support/http.ts";
import { CookieJar } from "#tests/support/session.ts";
import { waitForMail } from "#tests/support/mailbox.ts";
import { useServerWithMail } from "#tests/support/mail-stack.ts";

const de = JSON.parse(readFileSync("app/locales/de/common.json", "utf8"));
const deMail = () => JSON.parse(readFileSync("app/locales/de/mail.json", "utf8"));
/** Subjects with non-ASCII letters arrive MIME-encoded (=?UTF-8?Q?...?=). */
const decodeMimeWords = (s: string) =>
  s.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
const { server, smtp } = useServerWithMail({ workers: "all" });
let n = 0;
const unique = (site = "example.test") => `member${Date.now()}${n++}@${site}`;
const EN = { "accept-language": "en" };

const adult = "1990-04-12";
function signupFields(email: string, extra: Record<string, string> = {}) {
  return { name: `Anna${n}`, email, password: "correct horse battery", date_of_birth: adult, gender: "female", seeking: "male", ...extra };
}

async function signUp(host: string, email: string, jar = new CookieJar(), extra: Record<string, string> = {}) {
  const res = jar.take(await postForm(server, "/signup", signupFields(email, extra), { host, headers: { ...EN, cookie: jar.header } }));
  return { res, jar };
}

async function logIn(host: string, email: string, password: string, jar = new CookieJar(), headers: Record<string, string> = EN) {
  const res = jar.take(await postForm(server, "/login", { email, password }, { host, headers: { ...headers, cookie: jar.header } }));
  return { res, jar };
}

const userOf = (email: string, siteKey = "lovely") =>
  getDb().user.findUnique({ where: { siteKey_email: { siteKey, email } }, include: { profile: true, ledger: true } });

describe("signup", () => {
  it("explains each invalid field in the member's language and stores nothing", async () => {
    const email = unique("gmial.com");
    const res = await postForm(
      server,
      "/signup",
      { ...signupFields(email), name: "@anna", date_of_birth: "2015-01-01", password: "short" },
      { host: "lovely.localhost", headers: EN },
    );
    expect(res.status).toBe(400);
    expect(res.html).toContain("Your username may not start with @");
    expect(res.html).toContain("Enter your date of birth with the minimum age");
    expect(res.html).toContain("Your password must be 8 to 128 characters long");
    expect(res.html).toContain(`Did you mean ${email.replace("gmial.com", "gmail.com")}?`);
    // without JavaScript the answer keeps what was typed, except the password
    expect(res.html).toContain('value="@anna"');
    expect(res.html).toContain(`value="${email}"`);
    expect(res.html).not.toContain('value="short"');
    expect(await userOf(email)).toBeNull();

    const bad = await postForm(
      server,
      "/signup",
      { ...signupFields("not-an-email"), name: "not-an-email" },
      { host: "lovely.localhost", headers: { cookie: "lng=de" } },
    );
    expect(bad.html).toContain(de.validation.invalidEmail);
  });

  it("takes the date of birth as the form's day, month and year, and refuses a day that does not exist", async () => {
    const parts = (day: string, month: string, year: string) => {
      const { date_of_birth: _, ...fields } = signupFields(unique());
      return { ...fields, dob_day: day, dob_month: month, dob_year: year };
    };
    const impossible = await postForm(server, "/signup", parts("31", "2", "1990"), { host: "lovely.localhost", headers: EN });
    expect(impossible.status).toBe(400);
    expect(impossible.html).toContain("Enter your date of birth with the minimum age");
    const junk = await postForm(server, "/signup", parts("1", "x", "1990"), { host: "lovely.localhost", headers: EN });
    expect(junk.status).toBe(400);
    const fields = parts("4", "3", "1990");
    const res = await postForm(server, "/signup", fields, { host: "lovely.localhost", headers: EN });
    expect(res.status).toBe(302);
    expect((await userOf(fields.email))!.profile!.dateOfBirth.toISOString().slice(0, 10)).toBe("1990-03-04");
  });

  it("refuses a username equal to the e-mail address", async () => {
    const email = `u${n++}${Date.now() % 100000}@ex.io`;
    const res = await postForm(server, "/signup", { ...signupFields(email), name: email }, { host: "lovely.localhost", headers: EN });
    expect(res.html).toContain("Your username may not be your e-mail address");
  });

  it("creates an unconfirmed account with signup credits and mails the activation link in the site's brand", async () => {
    const email = unique();
    const { res, jar } = await signUp("lovely.localhost", email);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/signup?step=photo");
    expect(jar.has("rdv_session")).toBe(true);
    expect(String(res.headers["set-cookie"])).toMatch(/rdv_session=.*HttpOnly.*SameSite=Lax/i);

    const user = await userOf(email);
    expect(user).toMatchObject({ status: "not_confirmed", credits: 20, language: "en" });
    expect(user!.profile).toMatchObject({ status: "disabled", gender: "female", seeking: "male" });
    expect(user!.ledger).toEqual([expect.objectContaining({ delta: 20, balanceAfter: 20, reason: "signup_bonus" })]);

    const home = await request(server, "/members", { host: "lovely.localhost", headers: { ...EN, cookie: jar.header } });
    expect(home.html).toContain('data-testid="activation-reminder"');
    expect(home.html).not.toContain('data-testid="entry-warning"');
    const afterSignup = await request(server, "/members?api_signup_complete=1", { host: "lovely.localhost", headers: { ...EN, cookie: jar.header } });
    expect(afterSignup.html).toMatch(/role="dialog" data-testid="activation-reminder"/); // a modal on phones

    const mail = await waitForMail(smtp.received, email);
    expect(mail.subject).toBe("Confirm your e-mail address for Lovely Dates");
    expect(mail.raw).toMatch(/^From: Lovely Dates <noreply@lovely\.localhost>/m);
    expect(mail.decoded).toContain("Lovely Media B.V.");
    expect(mail.link).toMatch(/^http:\/\/lovely\.localhost(:\d+)?\/activate\?token=/);

    const path = new URL(mail.link!).pathname + new URL(mail.link!).search;
    const activated = await request(server, path, { host: "lovely.localhost" });
    expect(activated.headers.location).toBe("/activate/done");
    expect(await userOf(email)).toMatchObject({ status: "active", profile: expect.objectContaining({ status: "active" }) });

    const again = await request(server, path, { host: "lovely.localhost" });
    expect(again.headers.location).toBe("/activate/error");
    const errorPage = await request(server, "/activate/error", { host: "lovely.localhost", headers: EN });
    expect(errorPage.html).toContain("Activation failed");
  });

  it("writes the activation mail in the site's language", async () => {
    const email = unique();
    const jar = new CookieJar();
    jar.take(await request(server, "/?ref=partner42&sub1=spring", { host: "mature.localhost" }));
    const { res } = await signUp("mature.localhost", email, jar);
    expect(res.status).toBe(302);
    const mail = await waitForMail(smtp.received, email);
    const subject = deMail().activation.subject.replace("{{siteName}}", "Mature Moments");
    expect(decodeMimeWords(mail.subject)).toBe(subject);
    const user = await userOf(email, "mature");
    const tracking = await getDb().tracking.findFirst({ where: { userId: user!.id } });
    expect(tracking).toMatchObject({ siteKey: "mature", ref: "partner42", sub1: "spring" });
  });

  it("allows one e-mail address once per site", async () => {
    const email = unique();
    await signUp("lovely.localhost", email);
    const twice = await postForm(server, "/signup", signupFields(email), { host: "lovely.localhost", headers: EN });
    expect(twice.status).toBe(400);
    expect(twice.html).toContain("An account with this e-mail address already exists");
    const otherSite = await signUp("pride.localhost", email);
    expect(otherSite.res.status).toBe(302);
  });

  it("saves skippable profile steps and strips photo metadata", async () => {
    const email = unique();
    const { jar } = await signUp("lovely.localhost", email);
    const skip = await postForm(server, "/signup?step=personal", { intent: "skip" }, { host: "lovely.localhost", headers: { cookie: jar.header } });
    expect(skip.headers.location).toBe("/signup?step=about");
    const about = await postForm(
      server,
      "/signup?step=location",
      { country: "BE", region: "Antwerpen", city: "Mechelen" },
      { host: "lovely.localhost", headers: { cookie: jar.header } },
    );
    expect(about.headers.location).toBe("/signup?step=confirm");
    expect((await userOf(email))!.profile).toMatchObject({ country: "BE", region: "Antwerpen", city: "Mechelen" });

    const jpeg = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#c33" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-exif-marker" } } })
      .toBuffer();
    expect(jpeg.toString("latin1")).toContain("secret-exif-marker");
    for (let i = 0; i < 4; i++) {
      const form = new FormData();
      form.append("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "me.jpg");
      const body = new Response(form);
      const res = await request(server, "/signup?step=photo", {
        host: "lovely.localhost",
        method: "POST",
        headers: { cookie: jar.header, ...EN, "content-type": body.headers.get("content-type")! },
        body: Buffer.from(await body.arrayBuffer()),
      });
      if (i < 3) expect(res.headers.location).toBe("/signup?step=personal");
      else expect(res.html).toContain("You can upload up to 3 photos");
    }
    const photos = await getDb().photo.findMany({ where: { profile: { user: { email, siteKey: "lovely" } } } });
    expect(photos).toHaveLength(3);
    const stored = readFileSync(`${process.env.DATA_DIR}/media/${photos[0]!.filename}`);
    expect(stored.toString("latin1")).not.toContain("secret-exif-marker");
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });
});

describe("login", () => {
  it("logs in, and is blocked after too many failures", async () => {
    const email = unique();
    await signUp("pride.localhost", email);
    const wrong = await logIn("pride.localhost", email, "wrong password");
    expect(wrong.res.status).toBe(401);
    expect(wrong.res.html).toContain("Login failed, please try again");
    for (let i = 0; i < 3; i++) await logIn("pride.localhost", email, "wrong password");
    const fifth = await logIn("pride.localhost", email, "wrong password");
    expect(fifth.res.html).toContain("Too many incorrect attempts, account blocked for 15 min.");
    const right = await logIn("pride.localhost", email, "correct horse battery");
    expect(right.res.status).toBe(429);
    expect(right.jar.has("rdv_session")).toBe(false);
  });

  it("answers in the member's language", async () => {
    const res = await postForm(server, "/login", { email: "nobody@example.test", password: "x" }, { host: "mature.localhost" });
    expect(res.html).toContain(de.messages.loginFailed);
  });

  it("a session of one site is worthless on another", async () => {
    const email = unique();
    const { jar } = await signUp("lovely.localhost", email);
    const own = await request(server, "/api/user.php", { host: "lovely.localhost", headers: { cookie: jar.header } });
    expect(own.json().user).toMatchObject({ status: "not_confirmed", credits: 20 });
    const other = await request(server, "/api/user.php", { host: "pride.localhost", headers: { cookie: jar.header } });
    expect(other.json().user).toBeNull();
  });
});

describe("/api/user.php", () => {
  it("logs in with JSON, sets the language, and logs out", async () => {
    const email = unique();
    await signUp("lovely.localhost", email);
    const jar = new CookieJar();
    const login = jar.take(
      await request(server, "/api/user.php", {
        host: "lovely.localhost",
        method: "POST",
        headers: { "content-type": "application/json", "x-request-type": "client", ...EN },
        body: JSON.stringify({ email, password: "correct horse battery" }),
      }),
    );
    expect(login.status).toBe(200);
    expect(login.json().user).toMatchObject({ status: "not_confirmed", paid_user: false, credits: 20, fictional_icon: "🎭" });

    const put = jar.take(
      await request(server, "/api/user.php", {
        host: "lovely.localhost",
        method: "PUT",
        headers: { "content-type": "application/json", cookie: jar.header },
        body: JSON.stringify({ language: "nl" }),
      }),
    );
    expect(put.json().user.language).toBe("nl");
    expect(String(put.headers["set-cookie"])).toContain("lng=nl");

    const badLogin = await request(server, "/api/user.php", {
      host: "lovely.localhost",
      method: "POST",
      headers: { "content-type": "application/json", ...EN },
      body: JSON.stringify({ email, password: "nope" }),
    });
    expect(badLogin.status).toBe(401);
    expect(badLogin.json().error).toBe("Login failed, please try again");

    // a GET that no page of this site sent (an <img> on any page) changes nothing (logout-get.test.ts)
    const get = await request(server, "/api/logout.php", { host: "lovely.localhost", headers: { cookie: jar.header, ...EN } });
    expect(get.status).toBe(403);
    expect((await request(server, "/api/user.php", { host: "lovely.localhost", headers: { cookie: jar.header } })).json().user).not.toBeNull();
    jar.take(
      await request(server, "/api/logout.php", { host: "lovely.localhost", method: "POST", headers: { cookie: jar.header, accept: "application/json" } }),
    );
    const after = await request(server, "/api/user.php", { host: "lovely.localhost", headers: { cookie: jar.header } });
    expect(after.json().user).toBeNull();
  });
});

describe("password reset", () => {
  it("mails a one-time link, checks the repeat, and signs out other sessions", async () => {
    const unknown = await postForm(server, "/reset-password", { email: unique() }, { host: "lovely.localhost", headers: EN });
    expect(unknown.html).toContain("E-mail address not found");

    const email = unique();
    const { jar: oldSession } = await signUp("lovely.localhost", email);
    await waitForMail(smtp.received, email); // activation
    const sent = await postForm(server, "/reset-password", { email }, { host: "lovely.localhost", headers: EN });
    expect(sent.status).toBe(200);
    const mail = await waitForMail(smtp.received, email, 2);
    expect(mail.subject).toBe("Choose a new password for Lovely Dates");
    const token = new URL(mail.link!).searchParams.get("token")!;

    const differ = await postForm(
      server,
      `/reset-password/do?token=${token}`,
      { token, password: "new password 1", password_repeat: "new password 2" },
      { host: "lovely.localhost", headers: EN },
    );
    expect(differ.html).toContain("The entered passwords are not the same");
    const done = await postForm(
      server,
      `/reset-password/do?token=${token}`,
      { token, password: "new password 1", password_repeat: "new password 1" },
      { host: "lovely.localhost", headers: EN },
    );
    expect(done.headers.location).toBe("/login?notice=passwordChanged");
    const reused = await postForm(
      server,
      `/reset-password/do?token=${token}`,
      { token, password: "new password 3", password_repeat: "new password 3" },
      { host: "lovely.localhost", headers: EN },
    );
    expect(reused.html).toContain("Link expired or invalid, request a new email");

    const stale = await request(server, "/api/user.php", { host: "lovely.localhost", headers: { cookie: oldSession.header } });
    expect(stale.json().user).toBeNull();
    expect((await logIn("lovely.localhost", email, "new password 1")).res.status).toBe(302);

    await postForm(server, "/reset-password", { email }, { host: "lovely.localhost", headers: EN });
    await postForm(server, "/reset-password", { email }, { host: "lovely.localhost", headers: EN });
    const limited = await postForm(server, "/reset-password", { email }, { host: "lovely.localhost", headers: EN });
    expect(limited.html).toContain("Too many password reset emails sent, please try again tomorrow.");
    // refused as a whole, no field at fault: the address is not shown green as if it were the answer
    expect(/<input[^>]*name="email"[^>]*>/.exec(limited.html)?.[0]).toContain('data-state="idle"');
  });
});

describe("settings", () => {
  it("checks the old password and confirms a new e-mail address by link", async () => {
    const email = unique();
    const { jar } = await signUp("lovely.localhost", email);
    const wrongOld = await postForm(
      server,
      "/profile/settings",
      { intent: "password", old_password: "nope", password: "another secret", password_repeat: "another secret" },
      { host: "lovely.localhost", headers: { ...EN, cookie: jar.header } },
    );
    expect(wrongOld.html).toContain("Please check your old password");

    const newEmail = unique();
    const change = await postForm(
      server,
      "/profile/settings",
      { intent: "email", email: newEmail },
      { host: "lovely.localhost", headers: { ...EN, cookie: jar.header } },
    );
    expect(change.status).toBe(200);
    const mail = await waitForMail(smtp.received, newEmail);
    const link = new URL(mail.link!);
    const confirmed = await request(server, link.pathname + link.search, { host: "lovely.localhost", headers: EN });
    expect(confirmed.html).toContain('data-testid="mail-change-done"');
    expect(await userOf(newEmail)).not.toBeNull();
    expect(await userOf(email)).toBeNull();

    // the notifications' one place: every type left unchecked is off
    const off = await postForm(server, "/notifications", { enabled: "like" }, { host: "lovely.localhost", headers: { ...EN, cookie: jar.header } });
    expect(off.status).toBe(200);
    expect((await userOf(newEmail))!.notificationsOff).toHaveLength(7);
  });

  it("sends visitors to the login page", async () => {
    const res = await request(server, "/profile/settings", { host: "lovely.localhost" });
    expect(res.headers.location).toBe("/login?redirectTo=%2Fprofile%2Fsettings");
  });
});

describe("account deletion", () => {
  it("hides the account, offers reactivation for 14 days, then anonymises it", async () => {
    const email = unique();
    const { jar } = await signUp("lovely.localhost", email);
    const solutions = await request(server, "/profile/delete?reason=too_expensive", { host: "lovely.localhost", headers: { ...EN, cookie: jar.header } });
    expect(solutions.html).toContain("30% off"); // Lovely Media's delete_discount
    const deleted = jar.take(
      await postForm(
        server,
        "/profile/delete",
        { intent: "delete", reason: "too_expensive", password: "correct horse battery" },
        { host: "lovely.localhost", headers: { cookie: jar.header } },
      ),
    );
    expect(deleted.headers.location).toBe("/account-deleted");
    expect(await userOf(email)).toMatchObject({ status: "pending_deletion", profile: expect.objectContaining({ status: "disabled" }) });
    expect((await request(server, "/api/user.php", { host: "lovely.localhost", headers: { cookie: jar.header } })).json().user).toBeNull();

    const pending = await logIn("lovely.localhost", email, "correct horse battery");
    expect(pending.res.html).toContain("You&#x27;re account is still pending deletion");
    const mail = await waitForMail(smtp.received, email, 2);
    expect(mail.subject).toBe("Your Lovely Dates account will be deleted in 14 days");
    const link = new URL(mail.link!);
    const back = await request(server, link.pathname + link.search, { host: "lovely.localhost" });
    expect(back.headers.location).toBe("/login?notice=reactivated");
    expect((await logIn("lovely.localhost", email, "correct horse battery")).res.status).toBe(302);

    const { jar: again } = await logIn("lovely.localhost", email, "correct horse battery");
    await postForm(
      server,
      "/profile/delete",
      { intent: "delete", reason: "privacy", password: "correct horse battery" },
      { host: "lovely.localhost", headers: { cookie: again.header } },
    );
    const user = await userOf(email);
    await getDb().user.update({ where: { id: user!.id }, data: { deletionRequestedAt: new Date(Date.now() - 15 * 24 * 3600_000) } });
    expect(await purgeDeletedAccounts()).toBeGreaterThanOrEqual(1);
    const purged = await getDb().user.findUnique({ where: { id: user!.id }, include: { profile: true } });
    expect(purged).toMatchObject({ status: "deleted", passwordHash: null, email: `deleted-${user!.id}@deleted.invalid` });
    expect(purged!.profile!.name).not.toBe(user!.profile!.name);
  });
});

describe("starting a deletion", () => {
  it("asks for the member's password, in their language, and starts only with it and only by POST", async () => {
    const email = unique();
    const { jar } = await signUp("lovely.localhost", email);
    const headers = { cookie: jar.header, "accept-language": "de" };
    const send = (method: string, fields: Record<string, string>) => {
      const body = new URLSearchParams(fields).toString();
      // Node's client sends a DELETE's body without a length unless told
      const length = { "content-length": String(Buffer.byteLength(body)) };
      // the page's form posts to its own address, reason included
      return request(server, "/profile/delete?reason=privacy", {
        host: "lovely.localhost",
        method,
        headers: { ...headers, ...length, "content-type": "application/x-www-form-urlencoded" },
        body,
      });
    };
    const page = await request(server, "/profile/delete?reason=privacy", { host: "lovely.localhost", headers });
    expect(page.html).toContain(de.deletion.password);
    expect(page.html).toMatch(/type="password"[^>]*name="password"|name="password"[^>]*type="password"/);

    // what used to start it: any other method, a post without intent or password, a wrong password
    for (const method of ["PATCH", "PUT", "DELETE"]) {
      const res = await send(method, { x: "1", intent: "delete", reason: "privacy", password: "correct horse battery" });
      expect(res.status, `${method} ${res.body.slice(0, 300)}`).toBe(405);
    }
    expect((await send("POST", { x: "1" })).status).toBe(400);
    expect((await send("POST", { reason: "privacy" })).status).toBe(400);
    const none = await send("POST", { intent: "delete", reason: "privacy" });
    expect(none.status).toBe(400);
    expect(none.html).toContain(de.deletion.passwordRequired);
    const wrong = await send("POST", { intent: "delete", reason: "privacy", password: "not my password" });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain(de.deletion.passwordWrong);
    expect(wrong.html).not.toContain("not my password");
    expect((await userOf(email))!.status).not.toBe("pending_deletion");
    expect((await request(server, "/api/user.php", { host: "lovely.localhost", headers })).json().user).not.toBeNull();

    const right = await send("POST", { intent: "delete", reason: "privacy", password: "correct horse battery" });
    expect(right.headers.location).toBe("/account-deleted");
    expect(await userOf(email)).toMatchObject({ status: "pending_deletion", deletionReason: "privacy" });
  });
});

describe("the signup's date of birth", () => {
  const order = async (host: string, headers: Record<string, string>) => {
    const html = (await request(server, "/signup", { host, headers })).html;
    return [...html.matchAll(/<select name="dob_(day|month|year)"/g)].map((m) => m[1]);
  };
  it("follows the language's order (day, month, year in Europe), not the browser's mm/dd/yyyy", async () => {
    expect(await order("lovely.localhost", { "accept-language": "en", "cf-ipcountry": "GB" })).toEqual(["day", "month", "year"]);
    expect(await order("lovely.localhost", { "accept-language": "nl", "cf-ipcountry": "NL" })).toEqual(["day", "month", "year"]);
    expect(await order("pride.localhost", { "accept-language": "sv", "cf-ipcountry": "SE" })).toEqual(["day", "month", "year"]);
    expect(await order("pride.localhost", { "accept-language": "pl", "cf-ipcountry": "PL" })).toEqual(["day", "month", "year"]);
    // English in the United States is written month first
    expect(await order("lovely.localhost", { "accept-language": "en", "cf-ipcountry": "US" })).toEqual(["month", "day", "year"]);
  });
});
