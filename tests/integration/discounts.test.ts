// Discounts: every refusal of a typed code, once-per-user under parallel orders that
// lock the member's row like the checkout does, the time bonus boundary (14,399 vs 14,400 s, paid
// members), the welcome discount after it, /api/discountcode.php (incl. cross-tenant), the time
// bonus on the members area's pages and the credits badge.
import { describe, expect, it } from "vitest";
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { PaymentMethod, PaymentStatus } from "#app/generated/prisma/enums.ts";
import { discountedCents, discountForOrder, redeemDiscount, timeBonus, type OrderQuestion } from "#app/payments/discounts.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { logIn } from "#tests/support/logged-in.ts";

const server = useTestServer();

const site = (key: string) => getSiteRegistry().byKey.get(key)!;
const HOUR = 3600_000;
let n = 0;
const uniqueCode = (prefix = "T") => `${prefix}${Date.now().toString(36).toUpperCase()}${n++}`;

async function freshMember(o: { site?: string; paidUser?: boolean; signedUpSecondsAgo?: number } = {}) {
  const m = await createMember({ site: o.site ?? "lovely", paidUser: o.paidUser });
  const signupDate = new Date(Date.now() - (o.signedUpSecondsAgo ?? 30 * 24 * 3600) * 1000);
  await getDb().user.update({ where: { id: m.user.id }, data: { signupDate } });
  return { ...m, user: { ...m.user, signupDate }, signupDate };
}

const question = (userId: number, o: Partial<OrderQuestion> = {}): OrderQuestion => ({
  site: site("lovely"),
  userId,
  priceCents: 2000,
  currency: "EUR",
  country: "NL",
  method: "ideal",
  ...o,
});

/** What the checkout does: lock the member's row, ask, create the payment, redeem. */
async function order(q: OrderQuestion, status: PaymentStatus = "pending", o: { createdAt?: Date; method?: PaymentMethod } = {}) {
  return getDb().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${q.userId} FOR UPDATE`;
    const answer = await discountForOrder(tx, q);
    if (!answer.ok) return answer;
    const payment = await tx.payment.create({
      data: {
        userId: q.userId,
        siteKey: q.site.key,
        credits: 100,
        method: o.method ?? q.method,
        amountCents: discountedCents(q.priceCents, answer.discount),
        currency: q.currency,
        country: q.country,
        status,
        idempotencyKey: `test-${uniqueCode("K")}`,
        createdAt: o.createdAt,
      },
    });
    if (answer.discount) await redeemDiscount(tx, answer.discount, q.userId, payment.id);
    return { ...answer, paymentId: payment.id, amountCents: payment.amountCents };
  });
}

async function code(data: Partial<Prisma.DiscountCodeUncheckedCreateInput> = {}) {
  return getDb().discountCode.create({ data: { code: uniqueCode(), siteKey: "lovely", valuePercentage: 10, validity: "unlimited", ...data } });
}

describe("typed discount codes", () => {
  it("applies a valid code (any case, spaces around) and rounds the price to whole cents", async () => {
    const m = await freshMember();
    const c = await code({ valuePercentage: 15 });
    const answer = await order(question(m.user.id, { code: `  ${c.code.toLowerCase()} `, priceCents: 1999 }));
    expect(answer).toMatchObject({ ok: true, discount: { codeId: c.id, percentage: 15 }, amountCents: 1699 });
  });

  it("answers code_invalid for every refusal", async () => {
    const m = await freshMember();
    const other = await freshMember();
    const cases: [string, Partial<Prisma.DiscountCodeUncheckedCreateInput> | null, Partial<OrderQuestion>][] = [
      ["not found", null, { code: "NO-SUCH-CODE" }],
      ["expired", { expires: new Date(Date.now() - 1000) }, {}],
      ["disabled", { status: "disabled" }, {}],
      ["used (status)", { status: "used" }, {}],
      ["below minimum", { minimumOrderValueCents: 2001 }, {}],
      ["wrong currency", { currency: "GBP" }, {}],
      ["wrong country", { country: "BE" }, {}],
      ["wrong method", { paymentMethods: ["paypal", "creditcard"] }, {}],
      ["another member's", { userId: other.user.id }, {}],
      ["another site's", { siteKey: "mature" }, {}],
    ];
    for (const [label, fields, q] of cases) {
      const c = fields ? await code(fields) : null;
      const answer = await order(question(m.user.id, { code: c?.code, ...q }));
      expect(answer, label).toEqual({ ok: false, error: "code_invalid" });
    }
    // the same rules pass when the order fits them
    const fits = await code({
      minimumOrderValueCents: 2000,
      currency: "EUR",
      country: "NL",
      paymentMethods: ["ideal"],
      userId: m.user.id,
      expires: new Date(Date.now() + HOUR),
    });
    expect(await order(question(m.user.id, { code: fits.code }))).toMatchObject({ ok: true, discount: { codeId: fits.id } });
    expect(await getDb().discountRedemption.count({ where: { userId: m.user.id } })).toBe(1);
  });

  it("a shared code (no site) works on every site; a site's own row wins over the shared one", async () => {
    const text = uniqueCode("S");
    const shared = await code({ code: text, siteKey: null, valuePercentage: 5 });
    const own = await code({ code: text, siteKey: "mature", valuePercentage: 30 });
    const onLovely = await freshMember({ site: "lovely" });
    const onMature = await freshMember({ site: "mature" });
    expect(await order(question(onLovely.user.id, { code: text }))).toMatchObject({ ok: true, discount: { codeId: shared.id, percentage: 5 } });
    expect(await order(question(onMature.user.id, { site: site("mature"), code: text, country: "DE" }))).toMatchObject({
      ok: true,
      discount: { codeId: own.id, percentage: 30 },
    });
    // a member of another site cannot order on lovely with a mature code
    const matureOnly = await code({ siteKey: "mature" });
    expect(await order(question(onLovely.user.id, { code: matureOnly.code }))).toEqual({ ok: false, error: "code_invalid" });
  });

  it("once per user: used by completed, refunded and pending payments (however old); free again after a failed or cancelled one", async () => {
    const c = await code({ validity: "once_per_user" });
    for (const [status, createdAt, usable] of [
      ["failed", undefined, true],
      ["cancelled", undefined, true],
      ["pending", new Date(Date.now() - 2 * HOUR), false],
      ["pending", undefined, false],
      ["completed", undefined, false],
      ["refunded", undefined, false],
    ] as const) {
      const m = await freshMember();
      expect(await order(question(m.user.id, { code: c.code }), status, { createdAt })).toMatchObject({ ok: true });
      const again = await order(question(m.user.id, { code: c.code }));
      expect(again.ok, `after a ${status} payment${createdAt ? " 2 h old" : ""}`).toBe(usable);
    }
    // a pending direct debit holds the code however old it is
    const m = await freshMember();
    await order(question(m.user.id, { code: c.code, method: "sdd" }), "pending", { createdAt: new Date(Date.now() - 5 * 24 * HOUR) });
    expect(await order(question(m.user.id, { code: c.code }))).toEqual({ ok: false, error: "code_invalid" });
    // another member is not affected
    expect((await order(question((await freshMember()).user.id, { code: c.code }))).ok).toBe(true);
  });

  it("once per user holds under parallel orders of one member (row lock as in the checkout)", async () => {
    const c = await code({ validity: "once_per_user" });
    const m = await freshMember();
    const answers = await Promise.all(Array.from({ length: 6 }, () => order(question(m.user.id, { code: c.code }))));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(await getDb().discountRedemption.count({ where: { codeId: c.id } })).toBe(1);
  });

  it("once (anyone) holds under parallel orders of different members", async () => {
    const c = await code({ validity: "once" });
    const members = await Promise.all(Array.from({ length: 5 }, () => freshMember()));
    const answers = await Promise.all(members.map((m) => order(question(m.user.id, { code: c.code }))));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(await getDb().discountRedemption.count({ where: { codeId: c.id } })).toBe(1);
  });

  it("unlimited codes can be used again and again", async () => {
    const c = await code({ validity: "unlimited" });
    const m = await freshMember();
    for (let i = 0; i < 3; i++) expect(await order(question(m.user.id, { code: c.code }), "completed")).toMatchObject({ ok: true });
  });
});

describe("the time bonus and the welcome discount", () => {
  it("the time bonus applies at 14,399 s after signup and not at 14,400 s; the welcome discount follows", async () => {
    const m = await freshMember({ signedUpSecondsAgo: 60 });
    const at = (s: number) => new Date(m.signupDate.getTime() + s * 1000);
    const db = getDb();
    expect(await timeBonus(db, site("lovely"), m.user, at(14_399))).toMatchObject({ secondsLeft: 1, percentage: 25, code: "TIMEBONUS25" });
    expect(await timeBonus(db, site("lovely"), m.user, at(14_400))).toBeNull();
    const before = await db.$transaction((tx) => discountForOrder(tx, question(m.user.id, { now: at(14_399) })));
    expect(before).toMatchObject({ ok: true, discount: { code: "TIMEBONUS25", percentage: 25, kind: "time_bonus" } });
    const after = await db.$transaction((tx) => discountForOrder(tx, question(m.user.id, { now: at(14_400) })));
    expect(after).toMatchObject({ ok: true, discount: { code: "WELCOME25", kind: "welcome" } });
    // typing the code after the window does not help
    const typed = await db.$transaction((tx) => discountForOrder(tx, question(m.user.id, { code: "timebonus25", now: at(14_400) })));
    expect(typed).toEqual({ ok: false, error: "code_invalid" });
    // the welcome discount ends 7 days after signup
    const late = await db.$transaction((tx) => discountForOrder(tx, question(m.user.id, { now: at(7 * 24 * 3600) })));
    expect(late).toEqual({ ok: true, discount: null });
  });

  it("is absent for paid members (no automatic discount, the typed code refused)", async () => {
    const m = await freshMember({ paidUser: true, signedUpSecondsAgo: 60 });
    expect(await timeBonus(getDb(), site("lovely"), m.user)).toBeNull();
    expect(await order(question(m.user.id))).toMatchObject({ ok: true, discount: null, amountCents: 2000 });
    expect(await order(question(m.user.id, { code: "TIMEBONUS25" }))).toEqual({ ok: false, error: "code_invalid" });
  });

  it("is one first-purchase discount: once used (pending) neither the time bonus nor the welcome discount applies; a failed payment frees it", async () => {
    const m = await freshMember({ signedUpSecondsAgo: 600 });
    const first = await order(question(m.user.id), "pending");
    expect(first).toMatchObject({ ok: true, discount: { code: "TIMEBONUS25" }, amountCents: 1500 });
    expect(await order(question(m.user.id))).toMatchObject({ ok: true, discount: null, amountCents: 2000 });
    expect(await order(question(m.user.id, { code: "WELCOME25" }))).toEqual({ ok: false, error: "code_invalid" });
    await getDb().payment.updateMany({ where: { userId: m.user.id }, data: { status: "failed" } });
    expect(await order(question(m.user.id))).toMatchObject({ ok: true, discount: { code: "TIMEBONUS25" } });
  });

  it("parallel orders without a code: only one gets the time bonus", async () => {
    const m = await freshMember({ signedUpSecondsAgo: 600 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => order(question(m.user.id))));
    expect(answers.filter((a) => a.ok && a.discount)).toHaveLength(1);
  });
});

describe("GET /api/discountcode.php", () => {
  async function login(m: Awaited<ReturnType<typeof freshMember>>) {
    const jar = await logIn(server, m.email, `${m.site.key}.localhost`);
    return (path: string, lang = "en") => request(server, path, { host: `${m.site.key}.localhost`, headers: { cookie: jar.header, "accept-language": lang } });
  }

  it("answers the discount, or Code invalid in the member's language; logged in only", async () => {
    const m = await freshMember();
    const get = await login(m);
    const c = await code({ valuePercentage: 20, currency: "EUR", minimumOrderValueCents: 1000 });
    const ok = await get(`/api/discountcode.php?code=${c.code}&price=2500&currency=eur&country=NL&method=ideal`);
    expect(ok.status).toBe(200);
    expect(ok.json()).toMatchObject({ code: c.code, value_percentage: 20, price_cents: 2500, discounted_cents: 2000, currency: "EUR" });
    const low = await get(`/api/discountcode.php?code=${c.code}&price=999&currency=EUR`);
    expect(low.status).toBe(404);
    expect(low.json()).toEqual({ error: "Code invalid" });
    await getDb().user.update({ where: { id: m.user.id }, data: { language: "de" } });
    expect((await get(`/api/discountcode.php?code=NOPE`, "de")).json()).toEqual({ error: "Code ungültig" });
    const visitor = await request(server, `/api/discountcode.php?code=${c.code}`, { host: "lovely.localhost" });
    expect(visitor.status).toBe(403);
    expect(visitor.json()).toEqual({ authentication_required: true });
  });

  it("refuses junk with 400, never 5xx", async () => {
    const get = await login(await freshMember());
    for (const q of [
      "",
      "?code=",
      `?code=${"A".repeat(65)}`,
      "?code=X&price=-1",
      "?code=X&price=abc",
      "?code=X&currency=EURO",
      "?code=X&method=bitcoin",
      "?code=X&package=0",
      "?code=X&package=99999999999",
      "?code=X%00",
    ]) {
      const res = await get(`/api/discountcode.php${q}`);
      expect(res.status, q).toBe(400);
    }
  });

  it("cross-tenant: a site's code and a site's package do not work on another site", async () => {
    const onPride = await freshMember({ site: "pride" });
    const get = await login(onPride);
    const lovelyCode = await code({ siteKey: "lovely" });
    expect((await get(`/api/discountcode.php?code=${lovelyCode.code}`)).json()).toEqual({ error: "Code invalid" });
    const prideCode = await code({ siteKey: "pride", valuePercentage: 40 });
    expect((await get(`/api/discountcode.php?code=${prideCode.code}`)).json()).toMatchObject({ value_percentage: 40 });
    const lovelyPackage = await getDb().creditPackage.create({ data: { siteKey: "lovely", credits: 100, priceCents: 1999, currency: "EUR" } });
    expect((await get(`/api/discountcode.php?code=${prideCode.code}&package=${lovelyPackage.id}`)).status).toBe(400);
    const pridePackage = await getDb().creditPackage.create({ data: { siteKey: "pride", credits: 100, priceCents: 19900, currency: "SEK" } });
    expect((await get(`/api/discountcode.php?code=${prideCode.code}&package=${pridePackage.id}`)).json()).toMatchObject({
      price_cents: 19900,
      discounted_cents: 11940,
      currency: "SEK",
    });
  });

  it("welcome=true answers the welcome discount for a new free member only", async () => {
    const fresh = await login(await freshMember({ signedUpSecondsAgo: 600 }));
    const welcome = await fresh("/api/discountcode.php?welcome=true");
    expect(welcome.json()).toMatchObject({ code: "WELCOME25", value_percentage: 25, kind: "welcome" });
    const paid = await login(await freshMember({ paidUser: true, signedUpSecondsAgo: 600 }));
    expect((await paid("/api/discountcode.php?welcome=true")).status).toBe(404);
    const old = await login(await freshMember({ signedUpSecondsAgo: 8 * 24 * 3600 }));
    expect((await old("/api/discountcode.php?welcome=true")).status).toBe(404);
  });
});

/** The opening tag of the link with this test id. */
const linkTag = (html: string, testId: string) => new RegExp(`<a [^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0];

describe("pages", () => {
  async function page(m: Awaited<ReturnType<typeof freshMember>>, path: string) {
    const jar = await logIn(server, m.email, `${m.site.key}.localhost`);
    return request(server, path, { host: `${m.site.key}.localhost`, headers: { cookie: jar.header, "accept-language": "en" } });
  }

  it("the members area shows the time bonus banner with the server's remainder; not to paid or older members, not outside the area", async () => {
    const fresh = await freshMember({ signedUpSecondsAgo: 3600 });
    const members = await page(fresh, "/members");
    expect(members.html).toContain('data-testid="time-bonus-banner"');
    const shown = /data-testid="time-bonus-countdown"[^>]*>(\d\d):(\d\d):(\d\d)</.exec(members.html);
    expect(shown).not.toBeNull();
    const seconds = Number(shown![1]) * 3600 + Number(shown![2]) * 60 + Number(shown![3]);
    expect(seconds).toBeGreaterThan(14_400 - 3600 - 120);
    expect(seconds).toBeLessThanOrEqual(14_400 - 3600);
    // its Buy credits comes back to the page it was pressed on
    expect(linkTag(members.html, "time-bonus-buy")).toContain('href="/credits?back=%2Fmembers"');
    expect((await page(fresh, "/premium")).html).toContain('data-testid="time-bonus-banner"');
    expect((await page(fresh, "/profile/settings")).html).not.toContain('data-testid="time-bonus-banner"');
    expect((await page(await freshMember({ paidUser: true, signedUpSecondsAgo: 60 }), "/members")).html).not.toContain("time-bonus-banner");
    expect((await page(await freshMember({ signedUpSecondsAgo: 14_400 }), "/members")).html).not.toContain("time-bonus-banner");
  });

  it("/premium and /pricing show the premium rules, the +46% claim, refund days and the link to /credits in the member's language", async () => {
    const m = await freshMember({ signedUpSecondsAgo: 600 });
    const premium = await page(m, "/premium");
    expect(premium.status).toBe(200);
    expect(premium.html).toContain("+46%");
    expect(premium.html).toContain('href="/credits"');
    expect(premium.html).toMatch(/Buy credits with 25% off/);
    expect(premium.html).toMatch(/within 14 days/);
    const de = await request(server, "/premium", { host: "mature.localhost", headers: { "accept-language": "de" } });
    expect(de.html).toContain("mehr Match-Chancen");
    const pricing = await request(server, "/pricing", { host: "pride.localhost", headers: { "accept-language": "sv", "cf-ipcountry": "SE" } });
    expect(pricing.html).toContain("Premium ökar dina matchchanser med 46 procent.");
    expect(pricing.html).toContain('href="/premium"');
  });

  it("the top bar: the balance always (the warning badge at 10 credits or fewer, danger at 0), Buy credits for free members", async () => {
    const m = await freshMember();
    const tone = async (credits: number, paidUser: boolean) => {
      await getDb().user.update({ where: { id: m.user.id }, data: { credits, paidUser } });
      const html = (await page(m, "/profile/settings")).html;
      const balance = /data-testid="(?:credits-badge|nav-credits)"[^>]*>([^<]+)</.exec(html)?.[1] ?? null;
      return {
        tone: /data-testid="credits-badge" data-tone="(\w+)"/.exec(html)?.[1] ?? null,
        buy: html.includes('data-testid="buy-credits"'),
        balance,
      };
    };
    expect(await tone(0, false)).toEqual({ tone: "danger", buy: true, balance: "0 credits" });
    expect(await tone(10, false)).toEqual({ tone: "warning", buy: true, balance: "10 credits" });
    // a free member with more than 10 credits saw no balance at all
    expect(await tone(11, false)).toEqual({ tone: null, buy: true, balance: "11 credits" });
    expect(await tone(11, true)).toEqual({ tone: null, buy: false, balance: "11 credits" });
    expect(await tone(1, true)).toEqual({ tone: "warning", buy: false, balance: "1 credit" });
    // the balance and Buy credits lead to the packages with the way back to the page they were pressed on
    await getDb().user.update({ where: { id: m.user.id }, data: { credits: 0, paidUser: false } });
    const html = (await page(m, "/profile/settings")).html;
    expect(linkTag(html, "credits-badge")).toContain('href="/credits?back=%2Fprofile%2Fsettings"');
    expect(linkTag(html, "buy-credits")).toContain('href="/credits?back=%2Fprofile%2Fsettings"');
  });
});
