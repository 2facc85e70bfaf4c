// News and promotion campaigns against the real app, PostgreSQL, the mail queue and an SMTP
// server, on a test site of their own ("campaigns", a copy of tests/fixtures/tenants/closed.json:
// DE, AT and CH, English and German), so no other file's members are in its audiences.
// The console: for admins and marketing (support gets 403, marketing no support page), zod errors
// in the staff language, every change audited. The job (runCampaigns, called as the worker calls
// it, at a fixed noon unless a test is about the night): a campaign reaches exactly the consenting,
// active, real members of its site, once each and in their language; the unsubscribe link switches
// the kind off and is counted; a refused address is counted as bounced; parallel runs send once;
// night in the member's country and the daily cap defer.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createCampaign, setCampaignStatus, siteCampaign } from "#app/campaigns/campaigns.server.ts";
import { createWorker, getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { campaignsJob } from "#workers/campaigns.ts";
import { runCampaigns } from "#app/campaigns/sender.server.ts";
import { DAILY_CAP } from "#app/notifications/delivery.server.ts";
import type { StaffUser } from "#app/staff/session.server.ts";
import { loadSiteRegistry } from "#app/tenancy/site-registry.server.ts";
import { adoptSiteRegistry, getSiteRegistry, syncSites } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { createMember } from "#tests/support/factories.ts";
import { request } from "#tests/support/http.ts";
import { useServerWithMail } from "#tests/support/mail-stack.ts";
import { loggedInStaff, type LoggedInStaff, type StaffRole } from "#tests/support/logged-in.ts";

const SITE = "campaigns";
const HOST = "campaigns.localhost";
const EN = { "accept-language": "en" };
const en = JSON.parse(readFileSync("app/locales/en/common.json", "utf8")).staff.campaigns;
const db = () => getDb();
const site = () => getSiteRegistry().byKey.get(SITE)!;
/** noon in Germany, Austria and Switzerland: no quiet hours */
const NOON = new Date("2026-12-10T11:00:00Z");
const refused: string[] = [];
const MAIL_EVENTS_TOKEN = "campaign-mail-events-token-0123456789";

beforeAll(async () => {
  process.env.MAIL_EVENTS_TOKEN = MAIL_EVENTS_TOKEN;
  resetSingleton("env");
  const dir = mkdtempSync(path.join(tmpdir(), "tenants-campaigns-"));
  cpSync("tenants", dir, { recursive: true });
  const closed = JSON.parse(readFileSync("tests/fixtures/tenants/closed.json", "utf8"));
  writeFileSync(path.join(dir, `${SITE}.json`), JSON.stringify({ ...closed, key: SITE, name: "Campaign Trial", domains: [HOST], canonical_domain: HOST }));
  const registry = loadSiteRegistry(dir);
  await syncSites(getDb(), registry);
  resetSingleton("siteRegistry");
  adoptSiteRegistry(registry);
});
// after the site is in place: the server serves it
const { server, smtp } = useServerWithMail({ smtp: { refuseRecipients: refused } });

const decode = (s: string) =>
  s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

const logIn = (role: StaffRole) => loggedInStaff(server, role);
type Staff = LoggedInStaff;

const get = (s: Staff, p: string) => request(server, p, { headers: { ...EN, cookie: s.jar.header } });
const post = (s: Staff, p: string, fields: [string, string][]) =>
  request(server, p, {
    method: "POST",
    headers: { ...EN, cookie: s.jar.header, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const versions = (tag: string) => ({
  subject_en: `Winter offer ${tag}`,
  body_en: `Hello from the team ${tag}.\n\nA second paragraph.`,
  subject_de: `Winterangebot ${tag}`,
  body_de: `Hallo vom Team ${tag}.`,
});

/** A campaign made and scheduled through the domain functions (as the console does), due at `at`. */
async function scheduled(
  staff: StaffUser,
  input: { kind: "news" | "promotions"; countries: string[]; tag: string; at?: Date; genders?: ("male" | "female")[] },
) {
  const at = input.at ?? new Date(NOON.getTime() - 60_000);
  const made = await createCampaign(staff, site(), {
    name: `Campaign ${input.tag}`,
    kind: input.kind,
    countries: input.countries,
    genders: input.genders ?? [],
    paid: "all",
    scheduledAt: at,
    ...versions(input.tag),
  });
  if (!made.ok) throw new Error(made.message);
  const done = await setCampaignStatus(staff, site(), made.id, "scheduled", at);
  expect(done.ok).toBe(true);
  return made.id;
}

async function waitFor<T>(what: () => Promise<T> | T, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
const unfolded = (raw: string) => raw.replace(/\r?\n[ \t]+/g, " ");
const counts = async (id: number) => (await siteCampaign(site(), id))!.report;

describe("the campaign console", () => {
  it("is for admins and marketing; marketing opens no support page; junk is answered in the staff language; every step is audited", async () => {
    const [support, marketing, admin] = await Promise.all([logIn("support"), logIn("marketing"), logIn("admin")]);
    expect((await get(support, `/staff/campaigns?site=${SITE}`)).status).toBe(403);
    expect((await post(support, `/staff/campaigns/new?site=${SITE}`, [["name", "x"]])).status).toBe(403);
    expect((await get(admin, `/staff/campaigns?site=${SITE}`)).status).toBe(200);
    for (const page of ["/staff/cases", "/staff/photos", "/staff/audit", "/staff/invitations"]) expect((await get(marketing, page)).status, page).toBe(403);
    const start = await get(marketing, "/staff");
    expect(start.status).toBe(302);
    expect(start.headers.location).toBe("/staff/campaigns");
    const list = await get(marketing, `/staff/campaigns?site=${SITE}`);
    expect(list.status).toBe(200);
    expect(list.html).toContain('href="/staff/campaigns"');
    expect(list.html).not.toContain('href="/staff/cases"');

    // junk: a missing German version, a country the site does not have, a bad time → 400, the spec's words, nothing written
    const before = await db().campaign.count({ where: { siteKey: SITE } });
    const junk = await post(marketing, `/staff/campaigns/new?site=${SITE}`, [
      ["intent", "save"],
      ["name", "Junk"],
      ["kind", "promotions"],
      ["countries", "FR"],
      ["paid", "all"],
      ["scheduledAt", "tomorrow"],
      ["subject_en", "Hi"],
      ["body_en", "Text"],
    ]);
    expect(junk.status).toBe(400);
    const text = decode(junk.html);
    for (const message of [en.errors.country, en.errors.time, en.errors.subject, en.errors.body]) expect(text).toContain(message);
    expect(await db().campaign.count({ where: { siteKey: SITE } })).toBe(before);
    expect((await post(marketing, `/staff/campaigns/new?site=${SITE}`, [["kind", ["x".repeat(5000)].join()]])).status).toBe(400);

    // create (a draft), schedule far ahead, back to draft, cancel: each with its audit entry
    const fields = Object.entries({ intent: "save", name: "Winter news", kind: "news", paid: "all", scheduledAt: "2031-01-01T09:00", ...versions("console") });
    const created = await post(marketing, `/staff/campaigns/new?site=${SITE}`, [...fields, ["countries", "DE"], ["countries", "AT"]]);
    expect(created.status).toBe(302);
    const id = Number(/\/staff\/campaigns\/(\d+)\?/.exec(created.headers.location as string)![1]);
    const campaign = await db().campaign.findUniqueOrThrow({ where: { id } });
    expect(campaign).toMatchObject({
      siteKey: SITE,
      kind: "news",
      status: "draft",
      countries: ["DE", "AT"],
      genders: [],
      paidUser: null,
      createdBy: marketing.id,
    });
    expect(campaign.versions).toEqual({
      en: { subject: "Winter offer console", body: "Hello from the team console.\n\nA second paragraph." },
      de: { subject: "Winterangebot console", body: "Hallo vom Team console." },
    });

    const page = await get(marketing, `/staff/campaigns/${id}?site=${SITE}&lang=de`);
    expect(page.status).toBe(200);
    expect(decode(page.html)).toContain("Winterangebot console");
    // another site's id is not found
    expect((await get(marketing, `/staff/campaigns/${id}?site=lovely`)).status).toBe(404);

    expect((await post(marketing, `/staff/campaigns/${id}?site=${SITE}`, [["intent", "schedule"]])).status).toBe(200);
    expect((await db().campaign.findUniqueOrThrow({ where: { id } })).status).toBe("scheduled");
    expect((await post(marketing, `/staff/campaigns/${id}?site=${SITE}`, [["intent", "schedule"]])).status).toBe(409);
    expect((await post(marketing, `/staff/campaigns/${id}?site=${SITE}`, [["intent", "unschedule"]])).status).toBe(200);
    const edited = await post(marketing, `/staff/campaigns/${id}?site=${SITE}`, [
      ...fields.map(([k, v]): [string, string] => [k, k === "name" ? "Winter news 2" : v]),
    ]);
    expect(edited.status).toBe(200);
    expect(decode(edited.html)).toContain(en.done.saved);
    expect((await post(marketing, `/staff/campaigns/${id}?site=${SITE}`, [["intent", "cancel"]])).status).toBe(200);
    const cancelled = await db().campaign.findUniqueOrThrow({ where: { id } });
    expect(cancelled).toMatchObject({ status: "cancelled", name: "Winter news 2" });
    expect((await post(marketing, `/staff/campaigns/${id}?site=${SITE}`, [...fields])).status).toBe(409);

    const audit = await db().staffAuditEntry.findMany({ where: { staffId: marketing.id, action: { startsWith: "campaigns." } }, orderBy: { id: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["campaigns.create", "campaigns.schedule", "campaigns.unschedule", "campaigns.update", "campaigns.cancel"]);
    expect(audit[3]!.before).toMatchObject({ name: "Winter news" });
    expect(audit[3]!.after).toMatchObject({ name: "Winter news 2" });
    expect(audit.every((a) => a.siteKey === SITE)).toBe(true);

    const report = await get(marketing, `/staff/campaigns/${id}/report?site=${SITE}`);
    expect(report.status).toBe(200);
    expect(decode(report.html)).toContain(en.report.delivered);
  });
});

describe("sending a campaign", () => {
  let staff: StaffUser;
  beforeAll(async () => {
    staff = await logIn("marketing");
  });

  it("reaches the consenting members of its site exactly once, in their language; unsubscribes and bounces are counted", async () => {
    const consenting = await createMember({ site: SITE, country: "DE" });
    const german = await createMember({ site: SITE, country: "DE" });
    await db().user.update({ where: { id: german.user.id }, data: { language: "de" } });
    const bouncing = await createMember({ site: SITE, country: "DE" });
    refused.push(bouncing.email);
    const declined = await createMember({ site: SITE, country: "DE" });
    await db().user.update({ where: { id: declined.user.id }, data: { notificationsOff: ["promotions", "news", "weekly_updates"] } });
    const unconfirmed = await createMember({ site: SITE, country: "DE", status: "disabled" });
    const fictional = await createMember({ site: SITE, country: "DE", fictional: true });
    const suppressed = await createMember({ site: SITE, country: "DE" });
    await db().user.update({ where: { id: suppressed.user.id }, data: { notificationsDisabled: ["bounce"] } });
    const elsewhere = await createMember({ site: "lovely", country: "DE" });
    const outside = await createMember({ site: SITE, country: "CH" });

    const id = await scheduled(staff, { kind: "promotions", countries: ["DE"], tag: "one" });
    const run = await runCampaigns({ now: NOON });
    expect(run.started).toBe(1);

    const expected = [consenting.email, german.email, bouncing.email];
    await waitFor(counts.bind(null, id), (r) => r.delivered + r.bounced === 3);
    for (const address of [consenting.email, german.email]) expect(mailsTo(address), address).toHaveLength(1);
    for (const m of [bouncing, declined, unconfirmed, fictional, suppressed, elsewhere, outside]) expect(mailsTo(m.email), m.email).toHaveLength(0);
    const rows = await db().campaignDelivery.findMany({ where: { campaignId: id }, orderBy: { userId: "asc" } });
    expect(rows.map((r) => r.userId).sort()).toEqual([consenting, german, bouncing].map((m) => m.user.id).sort());
    expect(expected).toHaveLength(3);

    const [english] = mailsTo(consenting.email);
    const [deutsch] = mailsTo(german.email);
    expect(unfolded(english!.raw)).toMatch(/^Subject: Winter offer one$/m);
    expect(unfolded(deutsch!.raw)).toMatch(/^Subject: Winterangebot one$/m);
    const raw = unfolded(english!.raw);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = /^List-Unsubscribe: <([^>]+)>$/m.exec(raw)![1]!;
    expect(link).toContain(`c=${id}`);
    expect(link).toContain(`type=promotions`);

    // the bounce: the address is suppressed and the report counts it
    expect((await db().user.findUniqueOrThrow({ where: { id: bouncing.user.id } })).notificationsDisabled).toContain("bounce");
    expect(await counts(id)).toMatchObject({ audience: 3, sent: 3, delivered: 2, bounced: 1, unsubscribed: 0, waiting: 0 });
    expect((await db().campaign.findUniqueOrThrow({ where: { id } })).status).toBe("sent");

    // the mail client's one-click unsubscribe switches promotions off and the report counts it
    const url = new URL(link);
    const one = await request(server, url.pathname + url.search, {
      host: HOST,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(one.status).toBe(200);
    expect((await db().user.findUniqueOrThrow({ where: { id: consenting.user.id } })).notificationsOff).toContain("promotions");
    expect(await counts(id)).toMatchObject({ sent: 3, delivered: 1, bounced: 1, unsubscribed: 1 });
    // the link does not work on another site's host, nor with another campaign's number
    const forged = new URL(link);
    forged.searchParams.set("c", String(id + 1));
    expect(
      (
        await request(server, forged.pathname + forged.search, {
          host: HOST,
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        })
      ).status,
    ).toBe(400);

    // the link on another site's host is refused
    expect(
      (
        await request(server, url.pathname + url.search, {
          host: "lovely.localhost",
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        })
      ).status,
    ).toBe(400);

    // a hard bounce the mail provider reports later counts too
    const events = await request(server, "/api/mail-events", {
      host: HOST,
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${MAIL_EVENTS_TOKEN}` },
      body: JSON.stringify({ events: [{ type: "bounce", email: german.email }] }),
    });
    expect(events.status).toBe(200);
    expect(await counts(id)).toMatchObject({ sent: 3, delivered: 0, bounced: 2, unsubscribed: 1 });

    // running again sends nothing more
    await runCampaigns({ now: new Date(NOON.getTime() + 60_000) });
    await new Promise((r) => setTimeout(r, 500));
    for (const address of [consenting.email, german.email]) expect(mailsTo(address)).toHaveLength(1);
  });

  it("sends once to each member when four workers run the same campaign at the same time", async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => createMember({ site: SITE, country: "CH" })));
    const id = await scheduled(staff, { kind: "news", countries: ["CH"], tag: "parallel" });
    const runs = await Promise.all(Array.from({ length: 4 }, () => runCampaigns({ now: NOON, batchSize: 3 })));
    expect(runs.reduce((n, r) => n + r.started, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.queued, 0)).toBe(13); // 12 here and the CH member of the first test
    await waitFor(counts.bind(null, id), (r) => r.delivered === 13);
    for (const m of members) expect(mailsTo(m.email), m.email).toHaveLength(1);
    expect(await db().notificationSend.count({ where: { key: { startsWith: `campaign:${id}:` } } })).toBe(13);
    expect(await counts(id)).toMatchObject({ audience: 13, sent: 13, delivered: 13, waiting: 0 });
  });

  it("waits for the morning in the member's country, and for a member at the daily cap", async () => {
    const sleeper = await createMember({ site: SITE, country: "AT" });
    const busy = await createMember({ site: SITE, country: "AT" });
    const night = new Date("2026-12-11T23:30:00Z"); // 00:30 in Vienna
    await db().notificationSend.createMany({
      data: Array.from({ length: DAILY_CAP }, (_, i) => ({
        key: `cap-${busy.user.id}-${i}`,
        userId: busy.user.id,
        type: "like" as const,
        createdAt: new Date(night.getTime() + 6 * 3600_000),
      })),
    });
    const id = await scheduled(staff, { kind: "news", countries: ["AT"], tag: "night", at: new Date(night.getTime() - 60_000) });
    await runCampaigns({ now: night });
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(sleeper.email)).toHaveLength(0);
    const waiting = await db().campaignDelivery.findMany({ where: { campaignId: id } });
    expect(waiting.every((r) => r.status === "pending" && r.notBefore?.toISOString() === "2026-12-12T07:00:00.000Z")).toBe(true);
    expect(await counts(id)).toMatchObject({ audience: 2, waiting: 2, sent: 0 });

    // 08:05 in Vienna: the sleeper gets it; the busy member (5 mails in the last 24 hours) waits an hour
    const morning = new Date("2026-12-12T07:05:00Z");
    await runCampaigns({ now: morning });
    await waitFor(
      () => mailsTo(sleeper.email),
      (m) => m.length === 1,
    );
    expect(mailsTo(sleeper.email)).toHaveLength(1);
    expect(mailsTo(busy.email)).toHaveLength(0);
    const row = await db().campaignDelivery.findFirstOrThrow({ where: { campaignId: id, userId: busy.user.id } });
    expect(row).toMatchObject({ status: "pending", notBefore: new Date(morning.getTime() + 3600_000) });
    expect((await db().campaign.findUniqueOrThrow({ where: { id } })).status).toBe("sending");
  });

  it("goes out through the real campaigns queue, as the worker's schedule runs it", async () => {
    // now, not at a fixed noon: the night is switched off by configuration for this one
    process.env.NOTIFICATION_QUIET_HOURS = "0-0";
    resetSingleton("env");
    const worker = createWorker(QUEUE_NAMES.campaigns, campaignsJob, { concurrency: 1 });
    try {
      await worker.waitUntilReady();
      const man = await createMember({ site: SITE, country: "DE", gender: "male" });
      const id = await scheduled(staff, { kind: "news", countries: ["DE"], genders: ["male"], tag: "queue", at: new Date(Date.now() - 60_000) });
      await getQueue(QUEUE_NAMES.campaigns).add("campaigns-due", {});
      await waitFor(counts.bind(null, id), (r) => r.delivered === 1);
      expect(mailsTo(man.email)).toHaveLength(1);
      expect(await counts(id)).toMatchObject({ audience: 1, sent: 1, delivered: 1 });
      expect((await db().campaign.findUniqueOrThrow({ where: { id } })).status).toBe("sent");
    } finally {
      await worker.close();
      delete process.env.NOTIFICATION_QUIET_HOURS;
      resetSingleton("env");
    }
  });
});
