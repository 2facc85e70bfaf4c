// The offers console over HTTP against the real app and PostgreSQL, on a test site of its own
// ("offers", a copy of tests/fixtures/tenants/closed.json: no other test file sells or discounts
// there, so the whole suite can run beside it): support is refused; an
// admin adds a package and changes its price, each with its audit entry (before and after) while
// an order created before keeps its amount; a preview writes nothing; the message price may move
// neither below nor above the site's published minimum; a country keeps a package; codes cannot
// overlap and show their usage; the welcome and time-bonus rules become the site's own without
// touching the other sites; another site's ids are refused; junk never answers 5xx.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { activeDiscount, automaticRows, checkCode } from "#app/payments/discounts.server.ts";
import { loadSiteRegistry } from "#app/tenancy/site-registry.server.ts";
import { adoptSiteRegistry, getSiteRegistry, syncSites } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { postForm, request } from "#tests/support/http.ts";
import { loggedInStaff, type LoggedInStaff } from "#tests/support/logged-in.ts";
import { useTestServer } from "#tests/support/fixtures.ts";

const en = JSON.parse(readFileSync("app/locales/en/common.json", "utf8")).staff.offers;
const EN = { "accept-language": "en" };
const db = () => getDb();
const SITE = "offers";
const offersSite = () => getSiteRegistry().byKey.get(SITE)!;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.toUpperCase();

// the offers site (serveOffersSite, below) is in place before the server starts
beforeAll(() => serveOffersSite());
const server = useTestServer();
let admin: Staff;
let support: Staff;
/** the seeded cheapest package of its DE (8.25 EUR for 100 credits: 0.99 EUR a 12-credit message, as the site publishes) */
let cheapest: number;
let onlyAt: number;

type Staff = LoggedInStaff;

const logIn = (role: "support" | "admin") => loggedInStaff(server, role);

const get = (s: Staff, path: string) => request(server, path, { headers: { ...EN, cookie: s.jar.header } });
const post = (s: Staff, path: string, fields: Record<string, string>) => postForm(server, path, fields, { headers: { ...EN, cookie: s.jar.header } });
const packages = () => `/staff/offers?site=${SITE}&country=DE`;
const decode = (s: string) =>
  s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
const auditOf = (s: Staff) => db().staffAuditEntry.findMany({ where: { staffId: s.id, action: { startsWith: "offers." } }, orderBy: { id: "asc" } });

/** The demo sites and "offers" (12 credits a message; DE and AT publish 0.99 EUR), served by this file's server. */
async function serveOffersSite() {
  const dir = mkdtempSync(path.join(tmpdir(), "tenants-offers-"));
  cpSync("tenants", dir, { recursive: true });
  const closed = JSON.parse(readFileSync("tests/fixtures/tenants/closed.json", "utf8"));
  writeFileSync(
    path.join(dir, "offers.json"),
    JSON.stringify({ ...closed, key: SITE, name: "Offer Trial", domains: ["offers.localhost"], canonical_domain: "offers.localhost" }),
  );
  const registry = loadSiteRegistry(dir);
  await syncSites(getDb(), registry);
  resetSingleton("siteRegistry");
  adoptSiteRegistry(registry);
}

beforeAll(async () => {
  // the site's own packages (the demo seed knows only the demo sites)
  cheapest = (await db().creditPackage.create({ data: { siteKey: SITE, country: "DE", currency: "EUR", credits: 100, priceCents: 825, bestValue: true } })).id;
  onlyAt = (await db().creditPackage.create({ data: { siteKey: SITE, country: "AT", currency: "EUR", credits: 100, priceCents: 825 } })).id;
  [admin, support] = await Promise.all([logIn("admin"), logIn("support")]);
});

describe("the offers console", () => {
  it("is for admins: support gets 403 on the pages and the posts, and no menu entry", async () => {
    for (const path of ["/staff/offers", "/staff/offers/codes", "/staff/offers/rules"]) {
      expect((await get(support, `${path}?site=${SITE}`)).status, path).toBe(403);
      expect((await post(support, `${path}?site=${SITE}`, { intent: "price", id: String(cheapest), price: "1.00", step: "save" })).status, path).toBe(403);
    }
    expect((await get(support, "/staff")).html).not.toContain('href="/staff/offers"');
    const page = await get(admin, `/staff/offers?site=${SITE}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('href="/staff/offers"');
    expect(page.headers["cache-control"]).toMatch(/no-store/);
  });

  it("adds a package and changes its price with before and after in the audit log; an order made before keeps its amount", async () => {
    const added = await post(admin, packages(), { intent: "add", country: "DE", credits: "40", price: "9,90", step: "save" });
    expect(added.status).toBe(200);
    expect(decode(added.html)).toContain(en.done.added.replace("{{credits}}", "40"));
    const pkg = await db().creditPackage.findFirstOrThrow({ where: { siteKey: SITE, country: "DE", credits: 40 } });
    expect(pkg).toMatchObject({ priceCents: 990, currency: "EUR", active: true, style: "p1" });

    // an order of it before the change
    const member = await db().user.findFirstOrThrow({ where: { siteKey: "lovely" }, select: { id: true } });
    const order = await db().payment.create({
      data: {
        userId: member.id,
        siteKey: SITE,
        packageId: pkg.id,
        credits: 40,
        method: "creditcard",
        amountCents: 990,
        currency: "EUR",
        country: "DE",
        idempotencyKey: `offers-${unique()}`,
      },
    });

    const changed = await post(admin, packages(), { intent: "price", id: String(pkg.id), price: "12.49", step: "save" });
    expect(changed.status).toBe(200);
    expect((await db().creditPackage.findUniqueOrThrow({ where: { id: pkg.id } })).priceCents).toBe(1249);
    expect((await db().payment.findUniqueOrThrow({ where: { id: order.id } })).amountCents).toBe(990);
    await db().payment.update({ where: { id: order.id }, data: { status: "failed" } });

    const entries = await auditOf(admin);
    expect(entries.map((e) => e.action)).toEqual(["offers.package_add", "offers.package_price"]);
    expect(entries[0]).toMatchObject({ siteKey: SITE, before: null, after: { packageId: pkg.id, credits: 40, priceCents: 990, country: "DE" } });
    expect(entries[1]).toMatchObject({ siteKey: SITE, before: { packageId: pkg.id, priceCents: 990 }, after: { packageId: pkg.id, priceCents: 1249 } });
    const log = await get(admin, "/staff/audit");
    expect(log.html).toContain("offers.package_price");

    // the page lists it at the new price
    expect((await get(admin, packages())).html).toContain("12.49 EUR");
  });

  it("previews a change without writing it", async () => {
    const before = await auditOf(admin);
    const res = await post(admin, packages(), { intent: "price", id: String(cheapest), price: "8.40", step: "preview" });
    expect(res.status).toBe(200);
    expect(res.html).toContain(en.preview.notSaved);
    expect(res.html).toContain('data-changed="true"');
    expect(res.html).toContain("€8.40");
    expect((await db().creditPackage.findUniqueOrThrow({ where: { id: cheapest } })).priceCents).toBe(825);
    expect(await auditOf(admin)).toHaveLength(before.length);
  });

  it("keeps the message price at the published minimum: not cheaper, not dearer, and a country keeps a package", async () => {
    const before = await auditOf(admin);
    const cheaper = await post(admin, packages(), { intent: "price", id: String(cheapest), price: "7.00", step: "save" });
    expect(cheaper.status).toBe(409);
    // 7.00 EUR for 100 credits: 0.84 EUR a message, below the published 0.99
    expect(decode(cheaper.html)).toContain("A message in DE would cost 0.84 EUR, less than the site's minimum of 0.99 EUR");
    const dearer = await post(admin, packages(), { intent: "price", id: String(cheapest), price: "9.00", step: "save" });
    expect(dearer.status).toBe(409);
    expect(decode(dearer.html)).toContain("would cost 1.08 EUR, more than the 0.99 EUR the site file allows");
    // disabling the cheapest package makes a message dearer too
    expect((await post(admin, packages(), { intent: "disable", id: String(cheapest), step: "save" })).status).toBe(409);
    const last = await post(admin, packages(), { intent: "disable", id: String(onlyAt), step: "save" });
    expect(last.status).toBe(409);
    expect(decode(last.html)).toContain("AT would have no package left");
    // a price that leaves the message price where it is passes (8.25 → 8.20: still 0.99 a message, rounded up to the cent)
    expect((await post(admin, packages(), { intent: "price", id: String(cheapest), price: "8.20", step: "save" })).status).toBe(200);
    expect(await db().creditPackage.findUniqueOrThrow({ where: { id: cheapest } })).toMatchObject({ priceCents: 820, active: true });
    expect((await auditOf(admin)).length).toBe(before.length + 1);
  });

  it("refuses another site's package and junk, in the staff member's language, never with a 5xx", async () => {
    const lovely = await db().creditPackage.findFirstOrThrow({ where: { siteKey: "lovely" } });
    const foreign = await post(admin, packages(), { intent: "price", id: String(lovely.id), price: "1.00", step: "save" });
    expect(foreign.status).toBe(404);
    expect(foreign.html).toContain(en.errors.packageNotFound);
    expect((await db().creditPackage.findUniqueOrThrow({ where: { id: lovely.id } })).priceCents).toBe(lovely.priceCents);
    const junk: Record<string, string>[] = [
      { intent: "price", id: String(cheapest), price: "abc" },
      { intent: "price", id: String(cheapest), price: "-1" },
      { intent: "price", id: String(cheapest), price: "1.999" },
      { intent: "price", id: String(cheapest), price: "0" },
      { intent: "price", id: String(cheapest), price: "99999999" },
      { intent: "price", id: "x", price: "1.00" },
      { intent: "add", country: "NL", credits: "10", price: "5.00" },
      { intent: "add", country: "DE", credits: "0", price: "5.00" },
      { intent: "add", country: "DE", credits: "100", price: "9.00" },
      { intent: "nope" },
      {},
    ];
    for (const fields of junk) {
      const res = await post(admin, packages(), { ...fields, step: "save" });
      expect(res.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(fields)).toBeLessThan(500);
    }
    expect((await post(admin, packages(), { intent: "price", id: String(cheapest), price: "abc", step: "save" })).html).toContain(en.errors.price);
    expect((await post(admin, packages(), { intent: "add", country: "NL", credits: "10", price: "5.00", step: "save" })).html).toContain(
      "Choose one of the site&#x27;s countries.",
    );
    expect((await get(admin, "/staff/offers?site=nope")).status).toBe(404);
  });

  it("creates, edits and disables codes with their usage; no overlapping code; another site's code is refused", async () => {
    const text = `SPRING${unique()}`;
    const codes = `/staff/offers/codes?site=${SITE}`;
    const made = await post(admin, codes, {
      intent: "create",
      code: text.toLowerCase(),
      percentage: "15",
      validity: "once_per_user",
      startsAt: "2027-03-01T00:00",
      expires: "2027-04-01T00:00",
    });
    expect(made.status).toBe(200);
    const row = await db().discountCode.findFirstOrThrow({ where: { code: text, siteKey: SITE } });
    expect(row).toMatchObject({
      kind: "code",
      valuePercentage: 15,
      validity: "once_per_user",
      startsAt: new Date("2027-03-01T00:00:00Z"),
      expires: new Date("2027-04-01T00:00:00Z"),
    });
    // not yet valid: the checkout's rules read the window
    const member = { id: -1, paidUser: false, signupDate: new Date() };
    expect(await checkCode(db(), offersSite(), member, text, {})).toEqual({ ok: false, reason: "not_started" });

    // the same text again on the site, in any case
    const again = await post(admin, codes, { intent: "create", code: text, percentage: "10", validity: "once", expires: "2027-12-01T00:00" });
    expect(again.status).toBe(409);
    expect(decode(again.html)).toContain(`This site has a code ${text} already`);
    // a code for every site with the same text in an overlapping window
    const shared = `SHARED${unique()}`;
    await db().discountCode.create({
      data: { code: shared, siteKey: null, valuePercentage: 5, startsAt: new Date("2027-01-01Z"), expires: new Date("2027-02-01Z") },
    });
    const overlapping = await post(admin, codes, {
      intent: "create",
      code: shared,
      percentage: "10",
      validity: "unlimited",
      startsAt: "2027-01-15T00:00",
      expires: "2027-03-01T00:00",
    });
    expect(overlapping.status).toBe(409);
    expect(decode(overlapping.html)).toContain(`${shared} is a code for every site in an overlapping period`);
    expect((await post(admin, codes, { intent: "create", code: shared, percentage: "10", validity: "unlimited", startsAt: "2027-02-01T00:00" })).status).toBe(
      200,
    );

    // edit, then usage: one paid order with it
    expect(
      (
        await post(admin, codes, {
          intent: "update",
          id: String(row.id),
          code: text,
          percentage: "20",
          validity: "once_per_user",
          startsAt: "",
          expires: "2027-04-01T00:00",
        })
      ).status,
    ).toBe(200);
    const user = await db().user.findFirstOrThrow({ where: { siteKey: "lovely" }, select: { id: true } });
    const paid = await db().payment.create({
      data: {
        userId: user.id,
        siteKey: SITE,
        credits: 40,
        method: "creditcard",
        amountCents: 800,
        currency: "EUR",
        country: "DE",
        status: "completed",
        idempotencyKey: `offers-${unique()}`,
      },
    });
    await db().discountRedemption.create({ data: { codeId: row.id, userId: user.id, paymentId: paid.id } });
    const list = await get(admin, codes);
    expect(list.html).toContain(text);
    expect(list.html).toMatch(new RegExp(`${text}[\\s\\S]*?20 %[\\s\\S]*?1 \\(1 paid\\)`));
    expect((await post(admin, codes, { intent: "disable", id: String(row.id) })).status).toBe(200);
    expect((await db().discountCode.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("disabled");

    const entries = (await auditOf(admin)).filter((e) => e.action.startsWith("offers.code"));
    expect(entries.map((e) => e.action)).toEqual(["offers.code_create", "offers.code_create", "offers.code_update", "offers.code_disable"]);
    expect(entries[2]).toMatchObject({ siteKey: SITE, before: { code: text, percentage: 15 }, after: { code: text, percentage: 20, startsAt: null } });

    // another site's code is not this site's to change
    const lovelyCode = await db().discountCode.create({ data: { code: `LOVELY${unique()}`, siteKey: "lovely", valuePercentage: 10 } });
    expect((await post(admin, codes, { intent: "disable", id: String(lovelyCode.id) })).status).toBe(404);
    expect(
      (
        await post(admin, `/staff/offers/codes?site=${SITE}`, {
          intent: "update",
          id: String(lovelyCode.id),
          code: lovelyCode.code,
          percentage: "50",
          validity: "once",
        })
      ).status,
    ).toBe(404);
    expect((await db().discountCode.findUniqueOrThrow({ where: { id: lovelyCode.id } })).valuePercentage).toBe(10);

    const junk: Record<string, string>[] = [
      { intent: "create", code: "ab", percentage: "10", validity: "once" },
      { intent: "create", code: `X${unique()}`, percentage: "0", validity: "once" },
      { intent: "create", code: `X${unique()}`, percentage: "95", validity: "once" },
      { intent: "create", code: `X${unique()}`, percentage: "10", validity: "always" },
      { intent: "create", code: `X${unique()}`, percentage: "10", validity: "once", startsAt: "2027-05-01T00:00", expires: "2027-04-01T00:00" },
      { intent: "create", code: `X${unique()}`, percentage: "10", validity: "once", expires: "2099-01-01T00:00" },
      { intent: "create", code: `X${unique()}`, percentage: "10", validity: "once", expires: "tomorrow" },
      { intent: "create", code: `X${unique()}`, percentage: "10", validity: "once", country: "NL" },
      { intent: "update", id: "0", code: "ABC", percentage: "10", validity: "once" },
    ];
    for (const fields of junk) {
      const res = await post(admin, codes, fields);
      expect(res.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(fields)).toBeLessThan(500);
    }
    expect((await post(admin, codes, { intent: "create", code: `X${unique()}`, percentage: "95", validity: "once" })).html).toContain(en.errors.percentage);
  });

  it("makes the welcome and time-bonus rules the site's own, leaving the other sites' alone", async () => {
    const rules = `/staff/offers/rules?site=${SITE}`;
    const sharedBefore = await db().discountCode.findMany({ where: { siteKey: null, kind: { in: ["time_bonus", "welcome"] } }, orderBy: { id: "asc" } });
    const page = await get(admin, rules);
    expect(page.status).toBe(200);
    expect(page.html).toContain("TIMEBONUS25");

    expect((await post(admin, rules, { kind: "time_bonus", percentage: "30", hours: "2", active: "on" })).status).toBe(200);
    // the welcome discount switched off for this site only (no "active" field: the checkbox is off)
    expect((await post(admin, rules, { kind: "welcome", percentage: "25", hours: "168" })).status).toBe(200);
    expect((await post(admin, rules, { kind: "welcome", percentage: "25", hours: "168" })).status).toBe(409);

    const own = await db().discountCode.findMany({ where: { siteKey: SITE, kind: { in: ["time_bonus", "welcome"] } }, orderBy: { kind: "asc" } });
    expect(own.map((r) => [r.kind, r.code, r.valuePercentage, r.signupWindowSeconds, r.status])).toEqual([
      ["time_bonus", "TIMEBONUS25", 30, 7200, "active"],
      ["welcome", "WELCOME25", 25, 604800, "disabled"],
    ]);
    expect(await db().discountCode.findMany({ where: { siteKey: null, kind: { in: ["time_bonus", "welcome"] } }, orderBy: { id: "asc" } })).toEqual(
      sharedBefore,
    );

    // what the checkout asks: the site's own rows replace the shared ones, a disabled one too
    expect(await automaticRows(db(), offersSite(), "welcome")).toEqual([]);
    const fresh = { id: -1, paidUser: false, signupDate: new Date() };
    expect(await activeDiscount(db(), offersSite(), fresh)).toMatchObject({ code: "TIMEBONUS25", percentage: 30 });
    // after this site's 2-hour time bonus and after the shared 4-hour one
    const late = { ...fresh, signupDate: new Date(Date.now() - 5 * 3600 * 1000) };
    expect(await activeDiscount(db(), offersSite(), late)).toBeNull();
    const mature = getSiteRegistry().byKey.get("mature")!;
    expect(await activeDiscount(db(), mature, late)).toMatchObject({ code: "WELCOME25" });

    const entries = (await auditOf(admin)).filter((e) => e.action === "offers.rule_change");
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      siteKey: SITE,
      before: { siteKey: null, percentage: 25, signupWindowSeconds: 14400 },
      after: { siteKey: SITE, percentage: 30 },
    });

    const junk: Record<string, string>[] = [
      { kind: "time_bonus", percentage: "91", hours: "2" },
      { kind: "time_bonus", percentage: "10", hours: "0" },
      { kind: "time_bonus", percentage: "10", hours: "9999" },
      { kind: "retention", percentage: "10", hours: "2" },
      {},
    ];
    for (const fields of junk) {
      const res = await post(admin, rules, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
    }
  });
  it("holds its rules under parallel posts: one code of a text, and a country never left without a package", async () => {
    // a second AT package at the same price per credit (the message price stays where it is)
    const twin = (await db().creditPackage.create({ data: { siteKey: SITE, country: "AT", currency: "EUR", credits: 200, priceCents: 1650 } })).id;
    const disables = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(admin, packages(), { intent: "disable", id: String(i % 2 ? twin : onlyAt), step: "save" })),
    );
    expect(disables.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await db().creditPackage.count({ where: { siteKey: SITE, country: "AT", active: true } })).toBeGreaterThanOrEqual(1);

    const text = `PAR${unique()}`;
    const codes = `/staff/offers/codes?site=${SITE}`;
    const creates = await Promise.all(
      Array.from({ length: 12 }, () => post(admin, codes, { intent: "create", code: text, percentage: "10", validity: "once", expires: "2027-12-01T00:00" })),
    );
    expect(creates.filter((r) => r.status === 200)).toHaveLength(1);
    expect(creates.filter((r) => r.status === 409)).toHaveLength(11);
    expect(await db().discountCode.count({ where: { siteKey: SITE, code: { equals: text, mode: "insensitive" } } })).toBe(1);
    expect(await db().staffAuditEntry.count({ where: { staffId: admin.id, action: "offers.code_create", after: { path: ["code"], equals: text } } })).toBe(1);
  });
});
