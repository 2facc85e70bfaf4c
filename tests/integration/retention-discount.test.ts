// The deletion flow's "stay and get 30% off": choosing to stay issues the company's
// delete_discount to the member once (also under parallel clicks), the order overview shows it,
// the checkout applies it to one order and never again.
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
    const stays = await Promise.all(Array.from({ length: 8 }, () => postForm(server, "/profile/delete", { intent: "stay" }, { host: m.host, headers })));
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
    await postForm(server, "/profile/delete", { intent: "stay" }, { host: m.host, headers });
    expect(await db().discountCode.count({ where: { userId: m.user.id } })).toBe(1);
    const after = textOf((await request(server, `/credits/${pkg.id}/ideal`, { host: m.host, headers })).html);
    expect(after).not.toContain("STAY-");
    expect(after).toContain("Pay €19.99");
  });
});
