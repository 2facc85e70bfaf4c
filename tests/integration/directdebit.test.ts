// Direct debit and transactions against the real app, PostgreSQL, queue and SMTP: IBAN checks,
// the one-time code (mail, wrong, expired, used, parallel guesses), the block and the limit (also
// with parallel orders), the transactions pages, the PDF receipt and cross-tenant 404s.
import { readFileSync } from "node:fs";
import http from "node:http";
import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { checkIban } from "#app/payments/direct-debit-form.ts";
import { directDebitGate, setDirectDebitBlocked } from "#app/payments/direct-debit-gate.server.ts";
import { issueCode, OTP_RULES, verifyCode } from "#app/payments/direct-debit-otp.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember, type MemberOptions } from "#tests/support/factories.ts";
import { postForm, request, type TestResponse } from "#tests/support/http.ts";
import { waitForMail } from "#tests/support/mailbox.ts";
import { CookieJar } from "#tests/support/session.ts";
import { loggedInMember } from "#tests/support/logged-in.ts";
import { useServerWithMail } from "#tests/support/mail-stack.ts";

const catalogue = (locale: string) => JSON.parse(readFileSync(`app/locales/${locale}/common.json`, "utf8"));
const en = catalogue("en");
const de = catalogue("de");
const EN = { "accept-language": "en" };
const DE = { "accept-language": "de" };
const site = (key: string) => getSiteRegistry().byKey.get(key)!;
/** apostrophes and ampersands come HTML-escaped in the markup */
const escaped = (s: string) => s.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");

const { server, smtp } = useServerWithMail({ workers: "all" });

interface Member extends Awaited<ReturnType<typeof createMember>> {
  jar: CookieJar;
  host: string;
}

const member = (o: MemberOptions = {}): Promise<Member> => loggedInMember(server, o);

/** Intl separates amount and currency with a no-break space; the assertions use plain spaces */
const plain = (res: TestResponse) => ({ ...res, html: res.html.replace(/[\u00a0\u202f]/g, " ") });
const get = async (m: Member, path: string, headers: Record<string, string> = EN) =>
  plain(await request(server, path, { host: m.host, headers: { ...headers, cookie: m.jar.header } }));
const post = (m: Member, path: string, fields: Record<string, string>, headers: Record<string, string> = EN) =>
  postForm(server, path, fields, { host: m.host, headers: { ...headers, cookie: m.jar.header } });

async function pkg(siteKey = "lovely", priceCents = 1999, currency = "EUR", credits = 100) {
  return getDb().creditPackage.create({ data: { siteKey, credits, priceCents, currency } });
}

const MANDATE = {
  accountHolder: "Anna de Vries",
  iban: "NL91 ABNA 0417 1643 00",
  street: "Keizersgracht",
  houseNumber: "12a",
  zip: "1015 CS",
  city: "Amsterdam",
  phone: "+31 6 12345678",
};
const mandate = (iban = "NL91ABNA0417164300") => ({ ...MANDATE, iban });

let paymentKeys = 0;
async function payment(
  userId: number,
  siteKey: string,
  o: { method?: "sdd" | "ideal"; status?: "pending" | "completed" | "failed"; amountCents?: number; costs?: number; createdAt?: Date } = {},
) {
  return getDb().payment.create({
    data: {
      userId,
      siteKey,
      credits: 100,
      method: o.method ?? "sdd",
      amountCents: o.amountCents ?? 1999,
      currency: "EUR",
      transactionCostsCents: o.costs ?? 0,
      country: "NL",
      status: o.status ?? "completed",
      idempotencyKey: `test-${Date.now()}-${paymentKeys++}`,
      createdAt: o.createdAt ?? new Date(),
      completedAt: o.status === "completed" || !o.status ? new Date() : null,
    },
  });
}

describe("IBAN validation", () => {
  it("accepts valid IBANs of SEPA countries in any spacing and case, and says what is wrong with the others", () => {
    expect(checkIban("nl91 abna 0417 1643 00")).toEqual({ ok: true, iban: "NL91ABNA0417164300" });
    expect(checkIban("DE89 3704 0044 0532 0130 00")).toEqual({ ok: true, iban: "DE89370400440532013000" });
    expect(checkIban("")).toEqual({ ok: false, problem: "ibanMissing" });
    expect(checkIban("NL91ABNA0417164301")).toEqual({ ok: false, problem: "ibanInvalid" }); // checksum
    expect(checkIban("NL91ABNA04171643")).toEqual({ ok: false, problem: "ibanLength" });
    expect(checkIban("XX91ABNA0417164300")).toEqual({ ok: false, problem: "ibanCountry" });
    // Brazil: a valid IBAN, but not a SEPA country
    expect(checkIban("BR1800360305000010009795493C1")).toEqual({ ok: false, problem: "ibanCountry" });
  });

  it("shows every field's error in the member's language, keeps what was typed and sends no code", async () => {
    const m = await member();
    const p = await pkg();
    const res = await post(m, `/directdebit?package=${p.id}`, { intent: "details", ...MANDATE, iban: "NL91ABNA0417164301", zip: "", phone: "abc" }, DE);
    expect(res.status).toBe(400);
    expect(res.html).toContain(escaped(de.directdebit.errors.ibanInvalid));
    expect(res.html).toContain(escaped(de.directdebit.errors.zip));
    expect(res.html).toContain(escaped(de.directdebit.errors.phone));
    expect(res.html).toContain('value="Anna de Vries"');
    expect(await getDb().directDebitCode.count({ where: { userId: m.user.id } })).toBe(0);
  });

  it("refuses junk without a 5xx: unknown package, huge fields, no package", async () => {
    const m = await member();
    const p = await pkg();
    expect((await get(m, "/directdebit")).status).toBe(404);
    expect((await get(m, "/directdebit?package=99999999999")).status).toBe(404);
    const other = await pkg("pride", 19900, "SEK");
    expect((await get(m, `/directdebit?package=${other.id}`)).status).toBe(404);
    const res = await post(m, `/directdebit?package=${p.id}`, { intent: "details", ...MANDATE, accountHolder: "x".repeat(5000), iban: "N".repeat(10_000) });
    expect(res.status).toBe(400);
    expect(res.html).toContain(escaped(en.directdebit.errors.accountHolder));
  });
});

describe("one-time code", () => {
  it("mails a 6-digit code in the member's language, shows the IBAN masked, and a wrong code says Code invalid", async () => {
    const m = await member();
    const p = await pkg();
    const res = m.jar.take(await post(m, `/directdebit?package=${p.id}`, { intent: "details", ...MANDATE }, DE));
    expect(res.status).toBe(302);
    const next = res.headers.location!;
    expect(next).toMatch(/challenge=/);
    const mail = await waitForMail(smtp.received, m.email);
    const code = /data-otp="true"[^>]*>(\d{6})</.exec(mail.decoded)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const qp = Buffer.from(
      mail.decoded.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
    expect(qp).toContain(de.directdebit.mail.body.replace("{{siteName}}", "Lovely Dates").replace("{{minutes}}", "10"));
    // nothing readable at rest: the code only hashed, the IBAN only encrypted
    const row = await getDb().directDebitCode.findFirstOrThrow({ where: { userId: m.user.id } });
    expect(row.codeHash).not.toContain(code!);
    expect(row.ibanCipher).not.toContain("ABNA");
    expect(row.ibanMasked).not.toContain("0417");

    const page = await get(m, next, DE);
    expect(page.html).toContain(row.ibanMasked);
    expect(page.html).not.toContain("NL91ABNA0417164300");
    const token = new URL(next, "http://x").searchParams.get("challenge")!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const answer = await post(m, next, { intent: "verify", challenge: token, otp: wrong }, DE);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain(de.directdebit.codeInvalid);
    // a member who signed up just now has the 25 % time bonus: the page shows what will be debited
    expect(page.html).toMatch(/data-testid="dd-list-price">19,99 €</);
    expect(page.html).toContain("14,99 €");
    // the right code goes on to the checkout, which debits exactly that once; then the code is used up
    const right = await post(m, next, { intent: "verify", challenge: token, otp: code! }, DE);
    expect(right.status).toBe(302);
    const paymentId = Number(/^\/payments\/(\d+)/.exec(right.headers.location!)?.[1]);
    const paid = await getDb().payment.findUniqueOrThrow({ where: { id: paymentId } });
    expect(paid).toMatchObject({ userId: m.user.id, siteKey: "lovely", method: "sdd", amountCents: 1499, listPriceCents: 1999, credits: 100 });
    const again = await post(m, next, { intent: "verify", challenge: token, otp: code! }, DE);
    expect(again.status).toBe(400);
    expect(again.html).toContain(de.directdebit.codeInvalid);
    expect((await getDb().directDebitCode.findFirstOrThrow({ where: { userId: m.user.id } })).ibanCipher).toBeNull();
  });

  it("refuses an expired code, a used code and another member's or another site's challenge", async () => {
    const lovely = site("lovely");
    const m = await createMember();
    const stranger = await createMember();
    const p = await pkg();
    const old = await issueCode(
      getDb(),
      { site: lovely, userId: m.user.id, packageId: p.id, mandate: mandate() },
      new Date(Date.now() - (OTP_RULES.ttlMinutes * 60_000 + 1000)),
    );
    if (!old.ok) throw new Error("no code");
    expect(await verifyCode(getDb(), lovely, m.user.id, old.token, old.code)).toEqual({ ok: false, error: "code_invalid" });

    const fresh = await issueCode(getDb(), { site: lovely, userId: m.user.id, packageId: p.id, mandate: mandate() });
    if (!fresh.ok) throw new Error("no code");
    expect(await verifyCode(getDb(), lovely, stranger.user.id, fresh.token, fresh.code)).toEqual({ ok: false, error: "code_invalid" });
    expect(await verifyCode(getDb(), site("pride"), m.user.id, fresh.token, fresh.code)).toEqual({ ok: false, error: "code_invalid" });
    const ok = await verifyCode(getDb(), lovely, m.user.id, fresh.token, fresh.code);
    expect(ok).toMatchObject({ ok: true, packageId: p.id, mandate: { iban: "NL91ABNA0417164300", accountHolder: "Anna de Vries" } });
    expect(await verifyCode(getDb(), lovely, m.user.id, fresh.token, fresh.code)).toEqual({ ok: false, error: "code_invalid" });
  });

  it("checks at most 5 guesses even when 40 arrive at once, and then the right code no longer works", async () => {
    const lovely = site("lovely");
    const m = await createMember();
    const p = await pkg();
    const issued = await issueCode(getDb(), { site: lovely, userId: m.user.id, packageId: p.id, mandate: mandate() });
    if (!issued.ok) throw new Error("no code");
    const guesses = Array.from({ length: 40 }, (_, i) => String((Number(issued.code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const answers = await Promise.all(guesses.map((g) => verifyCode(getDb(), lovely, m.user.id, issued.token, g)));
    expect(answers.every((a) => !a.ok)).toBe(true);
    expect((await getDb().directDebitCode.findUniqueOrThrow({ where: { token: issued.token } })).attempts).toBe(OTP_RULES.maxAttempts);
    expect(await verifyCode(getDb(), lovely, m.user.id, issued.token, issued.code)).toEqual({ ok: false, error: "code_invalid" });
  });

  it("confirms one order when the right code is sent 10 times at once", async () => {
    const lovely = site("lovely");
    const m = await createMember();
    const p = await pkg();
    const issued = await issueCode(getDb(), { site: lovely, userId: m.user.id, packageId: p.id, mandate: mandate() });
    if (!issued.ok) throw new Error("no code");
    const answers = await Promise.all(Array.from({ length: 10 }, () => verifyCode(getDb(), lovely, m.user.id, issued.token, issued.code)));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
  });

  it("sends at most 5 codes an hour per member, also when asked in parallel", async () => {
    const lovely = site("lovely");
    const m = await createMember();
    const p = await pkg();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => issueCode(getDb(), { site: lovely, userId: m.user.id, packageId: p.id, mandate: mandate() })),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(OTP_RULES.codesPerHour);
    expect(await getDb().directDebitCode.count({ where: { userId: m.user.id } })).toBe(OTP_RULES.codesPerHour);
  });
});

describe("limits and blocking", () => {
  it("a blocked member gets the spec's message and no code", async () => {
    const m = await member();
    const p = await pkg();
    await getDb().$transaction((tx) => setDirectDebitBlocked(tx, m.user.id, true, "returned debit"));
    const res = await post(m, `/directdebit?package=${p.id}`, { intent: "details", ...MANDATE });
    expect(res.status).toBe(409);
    expect(res.html).toContain(en.directdebit.blocked);
    expect(res.html).toContain("Your account is blocked for direct debit payments.");
    expect(await getDb().directDebitCode.count({ where: { userId: m.user.id } })).toBe(0);
    const inGerman = await post(m, `/directdebit?package=${p.id}`, { intent: "details", ...MANDATE }, DE);
    expect(inGerman.html).toContain(de.directdebit.blocked);
  });

  it("a member over the limit gets the spec's message; failed and old payments do not count", async () => {
    const m = await member();
    const p = await pkg();
    const rules = site("lovely").direct_debit;
    for (let i = 0; i < rules.max_payments - 1; i++) await payment(m.user.id, "lovely", { status: i % 2 ? "pending" : "completed" });
    await payment(m.user.id, "lovely", { status: "failed" });
    await payment(m.user.id, "lovely", { createdAt: new Date(Date.now() - (rules.window_days + 1) * 24 * 3600_000) });
    await payment(m.user.id, "lovely", { method: "ideal" });
    const allowed = await post(m, `/directdebit?package=${p.id}`, { intent: "details", ...MANDATE });
    expect(allowed.status).toBe(302);
    await payment(m.user.id, "lovely");
    const res = await post(m, `/directdebit?package=${p.id}`, { intent: "details", ...MANDATE });
    expect(res.status).toBe(409);
    expect(res.html).toContain(en.directdebit.limit);
    expect(en.directdebit.limit).toBe("Your limit for direct debit payments has been reached. Please try later, a cheaper package or another payment method.");
  });

  it("the amount limit counts the order itself: a cheaper package still passes", async () => {
    const lovely = site("lovely");
    const m = await createMember();
    const max = lovely.direct_debit.max_amount_cents.EUR!;
    await payment(m.user.id, "lovely", { amountCents: max - 1000 });
    const gate = (amountCents: number) => getDb().$transaction((tx) => directDebitGate(tx, { site: lovely, userId: m.user.id, amountCents, currency: "EUR" }));
    expect(await gate(1001)).toEqual({ ok: false, error: "directdebit_limit" });
    expect(await gate(1000)).toEqual({ ok: true });
  });

  it("parallel orders that lock the member's row like the checkout cannot pass the limit together", async () => {
    const lovely = site("lovely");
    const m = await createMember();
    await payment(m.user.id, "lovely");
    const order = () =>
      getDb().$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT id FROM users WHERE id = ${m.user.id} FOR UPDATE`;
          const gate = await directDebitGate(tx, { site: lovely, userId: m.user.id, amountCents: 1999, currency: "EUR" });
          if (gate.ok)
            await tx.payment.create({
              data: {
                userId: m.user.id,
                siteKey: "lovely",
                credits: 100,
                method: "sdd",
                amountCents: 1999,
                currency: "EUR",
                country: "NL",
                idempotencyKey: `par-${Math.random()}`,
              },
            });
          return gate;
        },
        { timeout: 20_000, maxWait: 20_000 },
      );
    const answers = await Promise.all(Array.from({ length: 8 }, order));
    expect(answers.filter((a) => a.ok)).toHaveLength(lovely.direct_debit.max_payments - 1);
    expect(await getDb().payment.count({ where: { userId: m.user.id, method: "sdd" } })).toBe(lovely.direct_debit.max_payments);
  });
});

describe("transactions and receipts", () => {
  it("lists the member's payments of this site with id, credits, method, amount, status and date in the member's format; the provider's fee stays off", async () => {
    const m = await member({ name: "Łucja" });
    const a = await payment(m.user.id, "lovely", { amountCents: 123456, costs: 35 });
    const b = await payment(m.user.id, "lovely", { method: "ideal", status: "pending" });
    const list = await get(m, "/transactions", DE);
    expect(list.status).toBe(200);
    expect(list.html).toContain(`#${a.id}`);
    expect(list.html).toContain(`#${b.id}`);
    expect(list.html).toContain("1.234,56 €"); // in German format; the provider's 0.35 fee is the company's, not the member's
    expect(list.html).not.toContain("1.234,91 €");
    expect(list.html).toContain(de.transactions.statuses.pending);
    const detail = await get(m, `/transactions/${a.id}`, DE);
    expect(detail.status).toBe(200);
    expect(detail.html).not.toContain(de.transactions.costs);
    expect(detail.html).not.toContain("0,35 €");
    for (const text of ["1.234,56 €", de.transactions.methods.sdd, de.transactions.statuses.completed, de.transactions.receipt.download])
      expect(detail.html).toContain(text);
    expect(detail.html).toContain(`/transactions/${a.id}/receipt.pdf`);
    expect((await get(m, "/transactions/?refund=done")).status).toBe(200);
    expect((await get(m, `/transactions/${a.id}?refund=failed`)).html).toContain(escaped(en.transactions.refund.failed));
  });

  it("makes a PDF receipt with company, site, member and payment lines in the member's language, without the provider's fee", async () => {
    const m = await member({ name: "Łucja" });
    const a = await payment(m.user.id, "lovely", { amountCents: 4999, costs: 50 });
    const res = await request(server, `/transactions/${a.id}/receipt.pdf`, { host: m.host, headers: { ...DE, cookie: m.jar.header } });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    // the request helper decodes bodies as UTF-8; the parser needs the raw bytes
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(
          { host: "127.0.0.1", port: server.port, path: `/transactions/${a.id}/receipt.pdf`, headers: { host: m.host, ...DE, cookie: m.jar.header } },
          (r) => {
            const chunks: Buffer[] = [];
            r.on("data", (c: Buffer) => chunks.push(c));
            r.on("end", () => resolve(Buffer.concat(chunks)));
          },
        )
        .on("error", reject);
    });
    const text = (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text.replace(/\s+/g, " ");
    const company = await getDb().company.findUniqueOrThrow({ where: { id: site("lovely").company_id } });
    for (const expected of [
      "Lovely Dates",
      company.name,
      company.kvk,
      ...company.vatNumbers,
      "Łucja",
      m.email,
      de.transactions.receipt.title.replace("{{id}}", String(a.id)),
      de.transactions.methods.sdd,
      "49,99 €",
    ])
      expect(text).toContain(expected);
    // the provider's fee is the company's cost: not on the member's receipt
    for (const absent of ["0,50 €", "50,49 €", de.transactions.costs]) expect(text).not.toContain(absent);
  });

  it("answers 404 for another member's, another site's or a missing payment, page and receipt alike", async () => {
    const m = await member();
    const other = await member();
    const pride = await member({ site: "pride", country: "SE" });
    const theirs = await payment(other.user.id, "lovely");
    const foreign = await payment(pride.user.id, "pride");
    for (const path of [
      `/transactions/${theirs.id}`,
      `/transactions/${theirs.id}/receipt.pdf`,
      `/transactions/${foreign.id}`,
      `/transactions/${foreign.id}/receipt.pdf`,
      "/transactions/2147483647",
      "/transactions/abc",
      "/transactions/0/receipt.pdf",
    ]) {
      expect((await get(m, path)).status, path).toBe(404);
    }
    const mine = await get(m, "/transactions");
    expect(mine.html).not.toContain(`#${theirs.id}`);
    expect(mine.html).not.toContain(`#${foreign.id}`);
    // a payment of the pride member stored against lovely (never happens, but the site filter holds)
    const crossed = await payment(pride.user.id, "lovely");
    expect((await get(pride, `/transactions/${crossed.id}`)).status).toBe(404);
    expect((await get(pride, `/transactions/${foreign.id}`)).status).toBe(200);
  });

  it("answers junk on these routes with a 4xx, never a 5xx", async () => {
    const m = await member();
    const p = await pkg();
    const junk = ["\0", "a\0b", "99999999999", "-1", "0", "abc", "1e400", "x".repeat(5000), "%E0%A4%A"];
    for (const j of junk) {
      const e = encodeURIComponent(j);
      for (const path of [
        `/transactions/${e}`,
        `/transactions/${e}/receipt.pdf`,
        `/directdebit?package=${e}`,
        `/directdebit?package=${p.id}&challenge=${e}&code=${e}`,
      ]) {
        expect((await get(m, path)).status, path).toBeLessThan(500);
      }
      const forms: Record<string, string>[] = [{ intent: "verify", challenge: j, otp: j }, { intent: "details", iban: j, accountHolder: j }, { intent: j }];
      for (const fields of forms) {
        const res = await post(m, `/directdebit?package=${p.id}`, fields);
        expect(res.status, JSON.stringify(fields).slice(0, 80)).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    }
    const json = await request(server, `/directdebit?package=${p.id}`, {
      host: m.host,
      method: "POST",
      headers: { ...EN, cookie: m.jar.header, "content-type": "application/json" },
      body: "null",
    });
    expect(json.status).toBe(415);
  });

  it("sends visitors to the login page", async () => {
    const res = await request(server, "/transactions", { host: "lovely.localhost" });
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/^\/login\?redirectTo=/);
    expect((await request(server, "/directdebit?package=1", { host: "lovely.localhost" })).status).toBe(302);
  });
});
