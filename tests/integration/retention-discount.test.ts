// The deletion flow's "stay and get 30% off": choosing to stay issues the company's
// delete_discount to the member once (also under parallel clicks), the order overview shows it,
// the checkout applies it to one order and never again; only the reasons it is offered for issue
// it, and with a first-purchase discount beside it a member still gets one discounted first order.
import { describe, expect, it } from "vitest";
import { chooseTestOutcome } from "#app/payments/providers/test.server.ts";
import { syncPayment } from "#app/payments/settle.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { postForm, request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { loggedInMember, textOf } from "#tests/support/logged-in.ts";

const db = () => getDb();
const server = useTestServer();

describe("the offer to stay", () => {
  it("is issued once, shown in the checkout and applied to one paid order", async () => {
    const m = await loggedInMember(server, { site: "lovely", country: "NL" });
    const headers = { cookie: m.jar.header, "accept-language": "en" };
    const stays = await Promise.all(
      Array.from({ length: 8 }, () => postForm(server, "/profile/delete", { intent: "stay", reason: "too_expensive" }, { host: m.host, headers })),
    );
    for (const res of stays) expect([res.status, res.headers.location]).toEqual([302, "/credits"]);
    const issued = await db().discountCode.findMany({ where: { userId: m.user.id } });
    expect(issued).toMatchObject([{ kind: "retention", valuePercentage: 30, validity: "once", siteKey: "lovely" }]);

    const pkg = await db().creditPackage.findFirstOrThrow({ where: { siteKey: "lovely", country: "NL", credits: 120 } });
    const overview = textOf((await request(server, `/credits/${pkg.id}/ideal`, { host: m.host, headers })).html);
    expect(overview).toContain(`Discount STAY-${m.user.id} (30%)`);
    expect(overview).toContain("Pay €13.99");

    const res = await postForm(server, `/credits/${pkg.id}/ideal`, { key: `stay${Date.now()}`, total: "1399" }, { host: m.host, headers });
    const reference = res.headers.location!.split("/test-pay/")[1]!;
    await chooseTestOutcome(reference, "paid");
    const payment = await db().payment.findUniqueOrThrow({ where: { providerReference: reference } });
    expect(await syncPayment(db(), payment.id)).toMatchObject({ ok: true, status: "completed" });
    expect(payment).toMatchObject({ amountCents: 1399, listPriceCents: 1999 });

    // once: staying again issues nothing, the next order has no discount
    await postForm(server, "/profile/delete", { intent: "stay", reason: "no_matches" }, { host: m.host, headers });
    expect(await db().discountCode.count({ where: { userId: m.user.id } })).toBe(1);
    const after = textOf((await request(server, `/credits/${pkg.id}/ideal`, { host: m.host, headers })).html);
    expect(after).not.toContain("STAY-");
    expect(after).toContain("Pay €19.99");
  });
});

describe("who may stay with the discount", () => {
  it("only a member leaving for a reason the page offers it for gets it", async () => {
    const m = await loggedInMember(server, { site: "lovely", country: "NL" });
    const headers = { cookie: m.jar.header, "accept-language": "en" };
    // the page offers it for these reasons only
    for (const reason of ["found_partner", "too_many_emails", "privacy"]) {
      const page = textOf((await request(server, `/profile/delete?reason=${reason}`, { host: m.host, headers })).html);
      expect(page, reason).not.toContain("30% off");
    }
    for (const reason of ["found_partner", "too_many_emails", "privacy", "", "junk"]) {
      const res = await postForm(server, "/profile/delete", { intent: "stay", reason }, { host: m.host, headers });
      expect(res.headers.location, reason).toBe("/profile/delete");
    }
    expect((await postForm(server, "/profile/delete", { intent: "stay" }, { host: m.host, headers })).headers.location).toBe("/profile/delete");
    expect(await db().discountCode.count({ where: { userId: m.user.id } })).toBe(0);
    const offered = await postForm(server, "/profile/delete", { intent: "stay", reason: "other" }, { host: m.host, headers });
    expect(offered.headers.location).toBe("/credits");
    expect(await db().discountCode.count({ where: { userId: m.user.id, kind: "retention" } })).toBe(1);
  });
});

describe("the retention discount beside the first-purchase discount", () => {
  const newMemberWithBoth = async () => {
    const m = await loggedInMember(server, { site: "lovely", country: "NL" });
    const headers = { cookie: m.jar.header, "accept-language": "en" };
    await postForm(server, "/profile/delete", { intent: "stay", reason: "too_expensive" }, { host: m.host, headers });
    const pkg = await db().creditPackage.findFirstOrThrow({ where: { siteKey: "lovely", country: "NL", credits: 120 } });
    // a new member: the 25 % time bonus runs, and the 30 % for staying is theirs
    expect(textOf((await request(server, `/credits/${pkg.id}/ideal`, { host: m.host, headers })).html)).toContain(`Discount STAY-${m.user.id} (30%)`);
    const order = (key: string) => postForm(server, `/credits/${pkg.id}/ideal`, { key }, { host: m.host, headers });
    const payments = () =>
      db().payment.findMany({ where: { userId: m.user.id }, orderBy: { id: "asc" }, select: { amountCents: true, listPriceCents: true, status: true } });
    return { order, payments };
  };

  it("two orders sent at once: one is discounted, the other pays the full price", async () => {
    const { order, payments } = await newMemberWithBoth();
    const answers = await Promise.all([order(`par-a-${Date.now()}`), order(`par-b-${Date.now()}`)]);
    for (const res of answers) expect(res.headers.location).toMatch(/\/test-pay\//);
    const made = await payments();
    expect(made).toHaveLength(2);
    expect(made.map((p) => p.amountCents).sort()).toEqual([1399, 1999]);
  });

  it("a second order while the first is pending pays the full price", async () => {
    const { order, payments } = await newMemberWithBoth();
    await order(`seq-a-${Date.now()}`);
    await order(`seq-b-${Date.now()}`);
    expect((await payments()).map((p) => [p.status, p.amountCents])).toEqual([
      ["pending", 1399],
      ["pending", 1999],
    ]);
  });
});
