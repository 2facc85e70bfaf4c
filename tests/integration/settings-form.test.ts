// /profile/settings is one form with one Save for the ordinary settings: notifications,
// invisible mode, location and language go to the server together, are validated by one zod
// schema, and are written together or not at all; the result is a toast in the member's language.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { CookieJar } from "#tests/support/session.ts";
import { createMember } from "#tests/support/factories.ts";
import { logIn } from "#tests/support/logged-in.ts";

const server = useTestServer();

const EN = { "accept-language": "en" };
const de = JSON.parse(readFileSync("app/locales/de/common.json", "utf8"));
const HOST = "lovely.localhost";

/** A browser's post of the form: repeated names (the checked notification boxes) included. */
const post = (jar: CookieJar, fields: [string, string][], headers: Record<string, string> = EN) =>
  request(server, "/profile/settings", {
    host: HOST,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers, cookie: jar.header },
    body: new URLSearchParams(fields).toString(),
  });

const stateOf = async (userId: number) => {
  const user = await getDb().user.findUniqueOrThrow({
    where: { id: userId },
    select: { notificationsOff: true, language: true, profile: { select: { invisible: true, country: true, region: true, city: true } } },
  });
  return { notificationsOff: [...user.notificationsOff].sort(), language: user.language, ...user.profile };
};

describe("/profile/settings: one form, one Save", () => {
  it("shows the ordinary settings in one form with one Save, and password, e-mail, export and deletion apart", async () => {
    const m = await createMember({ site: "lovely", country: "NL", region: "Utrecht" });
    const jar = await logIn(server, m.email, HOST);
    const page = await request(server, "/profile/settings", { host: HOST, headers: { ...EN, cookie: jar.header } });
    expect(page.status).toBe(200);
    const start = page.html.indexOf('data-testid="settings-form"');
    const form = page.html.slice(start, page.html.indexOf("</form>", start));
    for (const part of ["settings-invisible", "settings-location", "settings-language"]) expect(form, part).toContain(`data-testid="${part}"`);
    expect(form.match(/type="submit"/g), "one Save").toHaveLength(1);
    for (const own of ["settings-password", "settings-email", "settings-export"]) {
      expect(page.html).toContain(`data-testid="${own}"`);
      expect(form).not.toContain(`data-testid="${own}"`);
    }
    // every box of the form has its label
    const boxes = [...form.matchAll(/<input[^>]*\stype="checkbox"[^>]*>/g)].map((x) => /\sid="([^"]+)"/.exec(x[0])?.[1]);
    expect(boxes.length).toBeGreaterThan(0);
    for (const id of boxes) expect(form, id).toContain(`for="${id}"`);
    // notifications have one place: settings links to it and repeats none of its switches
    expect(page.html).not.toMatch(/name="enabled"/);
    expect(page.html).toMatch(/data-testid="settings-notifications"[\s\S]*?href="\/notifications"/);
  });

  it("saves every field in one post, answers with a toast in the language just chosen, and writes nothing when one field is refused", async () => {
    const m = await createMember({ site: "lovely", country: "NL", region: "Utrecht" });
    const jar = await logIn(server, m.email, HOST);
    const before = await stateOf(m.user.id);

    // a region of another country: refused with the field's error in the member's language, nothing written
    const refused = await post(
      jar,
      [
        ["intent", "settings"],
        ["invisible", "on"],
        ["country", "DE"],
        ["region", "Utrecht"],
        ["city", "Köln"],
        ["language", "de"],
      ],
      { "accept-language": "de" },
    );
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(de.validation.region);
    expect(refused.html).toContain(de.settings.notSaved);
    // the refused page shows what was sent, not what is stored
    expect(refused.html).toMatch(/<input[^>]*name="invisible"[^>]*checked=""/);
    expect(await stateOf(m.user.id)).toEqual(before);

    // an unknown language is refused as a field error too
    const badLanguage = await post(jar, [
      ["intent", "settings"],
      ["country", "NL"],
      ["region", "Utrecht"],
      ["language", "xx"],
    ]);
    expect(badLanguage.status).toBe(400);
    expect(await stateOf(m.user.id)).toEqual(before);

    const saved = jar.take(
      await post(jar, [
        ["intent", "settings"],
        ["invisible", "on"],
        ["country", "DE"],
        ["region", "Bayern"],
        ["city", "München"],
        ["language", "de"],
      ]),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe("/profile/settings");
    expect(await stateOf(m.user.id)).toEqual({
      notificationsOff: before.notificationsOff,
      language: "de",
      invisible: true,
      country: "DE",
      region: "Bayern",
      city: "München",
    });

    // the page the browser lands on says so once, in German (the language just chosen)
    const landed = jar.take(await request(server, "/profile/settings", { host: HOST, headers: { ...EN, cookie: jar.header } }));
    expect(landed.html).toMatch(new RegExp(`data-testid="toast"[^>]*>[\\s\\S]*${de.settings.saved}`));
    expect(landed.html).toMatch(/<input[^>]*name="invisible"[^>]*checked=""/);
    expect((await request(server, "/profile/settings", { host: HOST, headers: { ...EN, cookie: jar.header } })).html).not.toContain('data-testid="toast"');

    // a box left empty switches off: visible again; the notifications are not this form's
    jar.take(
      await post(jar, [
        ["intent", "settings"],
        ["country", "DE"],
        ["region", "Bayern"],
        ["city", ""],
        ["language", "en"],
      ]),
    );
    expect(await stateOf(m.user.id)).toMatchObject({ notificationsOff: before.notificationsOff, invisible: false, city: null, language: "en" });
  });
});
