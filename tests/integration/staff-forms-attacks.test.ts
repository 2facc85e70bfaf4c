// The staff console's campaign and fictional-inbox forms against what an attacker sends, over
// HTTP against the real app and PostgreSQL: another site's page making a staff browser post
// (Origin or Sec-Fetch-Site says so) is refused before anything is written; oversized, junk and
// wrongly typed input, ids that are no ids and a site that does not exist are answered with a
// 4xx and a message in the staff language, never a 5xx; a campaign of one site is not found,
// read or changed through another site's console.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { postForm, request, type TestResponse } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { loggedInMember } from "#tests/support/logged-in.ts";
import { loggedInStaff } from "#tests/support/logged-in.ts";

const en = JSON.parse(readFileSync("app/locales/en/common.json", "utf8"));
const EN = { "accept-language": "en" };
const HOST = "lovely.localhost";
const db = () => getDb();

const server = useTestServer();

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
const decode = (s: string) =>
  s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

const logIn = (role: "support" | "admin" | "marketing") => loggedInStaff(server, role);

type Staff = Awaited<ReturnType<typeof logIn>>;

const get = (s: Staff, path: string, host = HOST) => request(server, path, { host, headers: { ...EN, cookie: s.jar.header } });
const post = (s: Staff, path: string, fields: [string, string][], headers: Record<string, string> = {}, host = HOST) =>
  request(server, path, {
    host,
    method: "POST",
    headers: { ...EN, cookie: s.jar.header, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });

/** A whole campaign form for lovely (en nl de fr), with some fields replaced. */
const campaignFields = (over: Record<string, string> = {}): [string, string][] =>
  Object.entries({
    intent: "save",
    name: `Attack test ${unique()}`,
    kind: "news",
    paid: "all",
    scheduledAt: "2031-01-01T09:00",
    ...Object.fromEntries(
      ["en", "nl", "de", "fr"].flatMap((l) => [
        [`subject_${l}`, `Subject ${l}`],
        [`body_${l}`, `Body ${l}`],
      ]),
    ),
    ...over,
  });

const campaigns = () => db().campaign.count({ where: { siteKey: "lovely" } });
/** A 4xx with a message a person can read, never a 5xx. */
function refusedWith(res: TestResponse, status: number, message?: string) {
  expect(res.status, res.body.slice(0, 300)).toBe(status);
  if (message) expect(decode(res.body)).toContain(message);
}

async function draft(s: Staff) {
  const created = await post(s, "/staff/campaigns/new?site=lovely", campaignFields());
  expect(created.status).toBe(302);
  return Number(/\/staff\/campaigns\/(\d+)\?/.exec(created.headers.location as string)![1]);
}

/** A member's paid message to a lovely fictional profile: the inbox conversation's id. */
async function fictionalConversation() {
  const fictional = await createMember({ site: "lovely", fictional: true, gender: "female", seeking: "male" });
  const member = await loggedInMember(server, { site: "lovely", gender: "male", seeking: "female", credits: 50 });
  const res = await postForm(
    server,
    `/members/${fictional.profile.id}/chat`,
    { clientKey: `k${unique()}abcdefgh`, intent: "text", body: "Hello?" },
    { host: member.host, headers: { ...EN, cookie: member.jar.header } },
  );
  expect(res.status).toBeLessThan(400);
  const c = await db().conversation.findFirstOrThrow({ where: { participants: { some: { profileId: fictional.profile.id } } } });
  return { id: c.id, fictional };
}

describe("a post another site's page makes a staff browser send", () => {
  it("is refused on the campaign and fictional-inbox forms before anything is written", async () => {
    const [marketing, support] = await Promise.all([logIn("marketing"), logIn("support")]);
    const id = await draft(marketing);
    const { id: conversation, fictional } = await fictionalConversation();
    const before = await campaigns();
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      // another of our own sites is another origin too
      { origin: "http://pride.localhost" },
      { origin: "null" },
      // a browser that sends no Origin says where the post came from
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of foreign) {
      const what = JSON.stringify(headers);
      const answers = [
        await post(marketing, "/staff/campaigns/new?site=lovely", campaignFields(), headers),
        await post(marketing, `/staff/campaigns/${id}?site=lovely`, [["intent", "schedule"]], headers),
        await post(marketing, `/staff/campaigns/${id}?site=lovely`, campaignFields({ name: "Hijacked" }), headers),
        await post(
          support,
          `/staff/fictional/${conversation}?site=lovely`,
          [
            ["body", "Forged"],
            ["clientKey", `k${unique()}abcdefgh`],
          ],
          headers,
        ),
      ];
      // an Origin that is not this site's: React Router's own check answers 400 before our guard;
      // no Origin but Sec-Fetch-Site: our guard's 403 with its reason
      for (const res of answers)
        if ("origin" in headers) expect([400, 403], what).toContain(res.status);
        else refusedWith(res, 403, en.messages.crossSite);
      expect(await campaigns(), what).toBe(before);
    }
    expect(await db().campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "draft", name: expect.stringMatching(/^Attack test/) });
    expect(await db().message.count({ where: { senderId: fictional.profile.id } })).toBe(0);
    expect(
      await db().staffAuditEntry.count({
        where: { staffId: { in: [marketing.id, support.id] }, action: { in: ["campaigns.schedule", "campaigns.update", "fictional.reply"] } },
      }),
    ).toBe(0);

    // the console's own page (same origin) does what the forged posts could not
    expect((await post(marketing, `/staff/campaigns/${id}?site=lovely`, [["intent", "schedule"]], { origin: `http://${HOST}` })).status).toBe(200);
    expect((await db().campaign.findUniqueOrThrow({ where: { id } })).status).toBe("scheduled");
  });
});

describe("junk sent to the campaign forms", () => {
  it("is a 4xx with the form's message, never a 5xx, and writes nothing", async () => {
    const marketing = await logIn("marketing");
    const before = await campaigns();
    const e = en.staff.campaigns.errors;
    const cases: [string, [string, string][], string][] = [
      ["a subject over 150 characters", campaignFields({ subject_de: "S".repeat(151) }), e.subject],
      ["a text over 10000 characters", campaignFields({ body_nl: "B".repeat(10_001) }), e.body],
      ["a name over 100 characters", campaignFields({ name: "N".repeat(101) }), e.name],
      ["a kind that is none", campaignFields({ kind: "spam" }), e.kind],
      ["who paid, as a number", campaignFields({ paid: "1" }), e.paid],
      ["a time that is no time", campaignFields({ scheduledAt: "2026-13-45T99:99" }), e.time],
      ["a year far away", campaignFields({ scheduledAt: "99999-01-01T09:00" }), e.time],
      ["another site's country", [...campaignFields(), ["countries", "SE"]], e.country],
      ["a gender that is none", [...campaignFields(), ["genders", "robot"]], e.gender],
      ["the name twice", [...campaignFields(), ["name", "Second name"]], e.name],
      ["a language version missing", campaignFields().filter(([k]) => k !== "body_fr"), e.body],
    ];
    for (const [what, fields, message] of cases) {
      const res = await post(marketing, "/staff/campaigns/new?site=lovely", fields);
      expect(res.status, what).toBe(400);
      expect(decode(res.html), what).toContain(message);
    }
    // not a form, a NUL byte, a body over the size limit
    const json = await request(server, "/staff/campaigns/new?site=lovely", {
      method: "POST",
      headers: { ...EN, cookie: marketing.jar.header, "content-type": "application/json" },
      body: JSON.stringify({ name: "JSON" }),
    });
    expect(json.status).toBe(415);
    refusedWith(await post(marketing, "/staff/campaigns/new?site=lovely", campaignFields({ name: "Nul\0byte" })), 400, en.messages.invalidInput);
    const huge = new URLSearchParams(campaignFields({ body_en: "B".repeat(1_100_000) })).toString();
    const tooLarge = await request(server, "/staff/campaigns/new?site=lovely", {
      method: "POST",
      headers: { ...EN, cookie: marketing.jar.header, "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(huge)) },
      body: huge,
    });
    expect(tooLarge.status).toBe(413);
    expect(await campaigns()).toBe(before);

    // a long text within the limit is kept whole, not cut to what the form echoes back
    const long = "Long text. ".repeat(900).trim();
    expect(long.length).toBeGreaterThan(4000);
    const created = await post(marketing, "/staff/campaigns/new?site=lovely", campaignFields({ body_en: long }));
    expect(created.status).toBe(302);
    const id = Number(/\/staff\/campaigns\/(\d+)\?/.exec(created.headers.location as string)![1]);
    const versions = (await db().campaign.findUniqueOrThrow({ where: { id } })).versions as Record<string, { body: string }>;
    expect(versions.en!.body).toBe(long);

    // a step that is none, and a save with junk: 400, the campaign unchanged
    refusedWith(await post(marketing, `/staff/campaigns/${id}?site=lovely`, [["intent", "delete"]]), 400, en.messages.invalidInput);
    refusedWith(await post(marketing, `/staff/campaigns/${id}?site=lovely`, campaignFields({ subject_en: "S".repeat(5000) })), 400, e.subject);
    expect((await db().campaign.findUniqueOrThrow({ where: { id } })).versions).toEqual(versions);
  });

  it("answers ids that are no ids, and a site that does not exist, with a 404 and its message", async () => {
    const marketing = await logIn("marketing");
    const id = await draft(marketing);
    for (const bad of ["abc", "0", "-1", "1.5", "1e3", "99999999999999999999", "%20", "2147483648"]) {
      refusedWith(await get(marketing, `/staff/campaigns/${bad}?site=lovely`), 404);
      refusedWith(await get(marketing, `/staff/campaigns/${bad}/report?site=lovely`), 404);
      const step = await post(marketing, `/staff/campaigns/${bad}?site=lovely`, [["intent", "cancel"]]);
      expect([400, 404], bad).toContain(step.status);
    }
    // a language the site does not have: the preview in the site's own
    expect((await get(marketing, `/staff/campaigns/${id}?site=lovely&lang=xx`)).status).toBe(200);
    for (const site of ["nope", "<script>", "x".repeat(5000), "LOVELY"]) {
      const q = encodeURIComponent(site);
      refusedWith(await get(marketing, `/staff/campaigns?site=${q}`), 404, en.staff.offers.errors.siteNotFound);
      refusedWith(await get(marketing, `/staff/campaigns/new?site=${q}`), 404, en.staff.offers.errors.siteNotFound);
      refusedWith(await get(marketing, `/staff/campaigns/${id}?site=${q}`), 404, en.staff.offers.errors.siteNotFound);
      refusedWith(await post(marketing, `/staff/campaigns/new?site=${q}`, campaignFields()), 404, en.staff.offers.errors.siteNotFound);
      refusedWith(await post(marketing, `/staff/campaigns/${id}?site=${q}`, [["intent", "schedule"]]), 404, en.staff.offers.errors.siteNotFound);
    }
    refusedWith(await get(marketing, "/staff/campaigns?site=%00"), 400);
    expect((await db().campaign.findUniqueOrThrow({ where: { id } })).status).toBe("draft");
  });
});

describe("another site's campaign", () => {
  it("is not found, read or changed by marketing staff working on another site", async () => {
    const [marketing, other] = await Promise.all([logIn("marketing"), logIn("marketing")]);
    const id = await draft(marketing);
    const row = await db().campaign.findUniqueOrThrow({ where: { id } });
    const notFound = en.staff.campaigns.errors.notFound;
    for (const s of [marketing, other]) {
      refusedWith(await get(s, `/staff/campaigns/${id}?site=pride`), 404, notFound);
      refusedWith(await get(s, `/staff/campaigns/${id}/report?site=pride`), 404, notFound);
      // the console opened on pride's host, no site named: pride's console
      refusedWith(await get(s, `/staff/campaigns/${id}`, "pride.localhost"), 404, notFound);
      expect((await get(s, "/staff/campaigns?site=pride")).html).not.toContain(`/staff/campaigns/${id}?`);
      for (const intent of ["schedule", "cancel", "unschedule"])
        refusedWith(await post(s, `/staff/campaigns/${id}?site=pride`, [["intent", intent]]), 404, notFound);
      const pride = ["sv", "nb", "da", "fi", "pl", "es", "it", "fr", "en"].flatMap((l): [string, string][] => [
        [`subject_${l}`, "Hijacked"],
        [`body_${l}`, "Hijacked"],
      ]);
      const save: [string, string][] = [["intent", "save"], ["name", "Hijacked"], ["kind", "promotions"], ["paid", "all"], ...pride];
      refusedWith(await post(s, `/staff/campaigns/${id}?site=pride`, save), 404, notFound);
    }
    expect(await db().campaign.findUniqueOrThrow({ where: { id } })).toEqual(row);
    expect(await db().staffAuditEntry.count({ where: { staffId: other.id, action: { startsWith: "campaigns." } } })).toBe(0);
  });
});

describe("junk sent to the fictional inbox", () => {
  it("is a 4xx with a message, never a 5xx, and stores no reply", async () => {
    const support = await logIn("support");
    const { id, fictional } = await fictionalConversation();
    const reply = (fields: [string, string][], path = `/staff/fictional/${id}?site=lovely`) => post(support, path, fields);
    const key = () => `k${unique()}abcdefgh`;
    const invalid = en.staff.fictional.replyInvalid;
    refusedWith(
      await reply([
        ["body", ""],
        ["clientKey", key()],
      ]),
      400,
      invalid,
    );
    refusedWith(
      await reply([
        ["body", "x".repeat(4001)],
        ["clientKey", key()],
      ]),
      400,
      invalid,
    );
    refusedWith(await reply([["body", "Hi"]]), 400, en.messages.invalidInput);
    refusedWith(
      await reply([
        ["body", "Hi"],
        ["clientKey", "short"],
      ]),
      400,
      en.messages.invalidInput,
    );
    refusedWith(
      await reply([
        ["body", "Hi\0"],
        ["clientKey", key()],
      ]),
      400,
      en.messages.invalidInput,
    );
    // within the form's bound but over the site's message length (lovely: 600)
    expect(
      (
        await reply([
          ["body", "y".repeat(601)],
          ["clientKey", key()],
        ])
      ).status,
    ).toBe(400);
    for (const bad of ["abc", "0", "99999999999999999999", "1.5"]) {
      refusedWith(await get(support, `/staff/fictional/${bad}?site=lovely`), 404, en.staff.fictional.notFound);
      refusedWith(
        await reply(
          [
            ["body", "Hi"],
            ["clientKey", key()],
          ],
          `/staff/fictional/${bad}?site=lovely`,
        ),
        404,
        en.staff.fictional.notFound,
      );
    }
    refusedWith(await get(support, `/staff/fictional/${id}?site=nope`), 404, en.staff.offers.errors.siteNotFound);
    refusedWith(
      await reply(
        [
          ["body", "Hi"],
          ["clientKey", key()],
        ],
        `/staff/fictional/${id}?site=nope`,
      ),
      404,
      en.staff.offers.errors.siteNotFound,
    );
    refusedWith(
      await reply(
        [
          ["body", "Hi"],
          ["clientKey", key()],
        ],
        `/staff/fictional/${id}?site=pride`,
      ),
      404,
      en.staff.fictional.notFound,
    );
    expect(await db().message.count({ where: { senderId: fictional.profile.id } })).toBe(0);
  });
});
