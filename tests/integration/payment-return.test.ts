// Buying from a paid action and coming back: the chat's "Buy credits" opens /credits with the chat
// as `back`; the packages, the order overview, the checkout and the test provider's page pass it
// on; the payment result leads back to the chat by the partner's name. A `back` off the site, or
// to a page of the checkout itself, is dropped at every step (no open redirect, no loop).
import { describe, expect, it } from "vitest";
import { changeCredits } from "#app/credits/ledger.server.ts";
import { sendMessage } from "#app/chat/send.server.ts";
import { returnPath } from "#app/payments/return-to.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { postForm, request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { loggedInMember, textOf, type LoggedInMember } from "#tests/support/logged-in.ts";
import { BYPASSES } from "#tests/support/redirect-bypasses.ts";

const HOST = "lovely.localhost";
const ORIGIN = `http://${HOST}`;
const EN = { "accept-language": "en" };

const server = useTestServer();

const get = (m: LoggedInMember, path: string) => request(server, path, { host: HOST, headers: { ...EN, cookie: m.jar.header } });
const post = (m: LoggedInMember, path: string, fields: Record<string, string>) =>
  postForm(server, path, fields, { host: HOST, headers: { ...EN, cookie: m.jar.header } });
const payFields = (html: string) => ({ key: /name="key" value="([^"]+)"/.exec(html)![1]!, total: /name="total" value="(\d+)"/.exec(html)![1]! });
let n = 0;

/** A member of lovely (NL) with a conversation: Dagmar wrote to them. */
async function memberInChat() {
  const me = await loggedInMember(server, { site: "lovely", gender: "male", seeking: "female", country: "NL", photos: 1 });
  const dagmar = await createMember({ site: "lovely", gender: "female", seeking: "male", country: "NL", photos: 1, paidUser: true, name: `Dagmar${n++}` });
  await changeCredits(getDb(), { userId: dagmar.user.id, delta: 50, reason: "adjustment", idempotencyKey: `return-credits-${dagmar.user.id}` });
  const lovely = getSiteRegistry().byKey.get("lovely")!;
  const sent = await sendMessage(
    lovely,
    { userId: dagmar.user.id, profileId: dagmar.profile.id, paidUser: true },
    { profileId: me.profile.id },
    { kind: "text", body: "Hallo!" },
    `return-${Date.now()}-${n++}`,
  );
  if (!sent.ok) throw new Error(sent.error);
  return { me, dagmar, chat: `/chats/${sent.conversationId}` };
}

const packageOf = () => getDb().creditPackage.findFirstOrThrow({ where: { siteKey: "lovely", country: "NL", credits: 120 } });

/** Orders the package with `back` through the pages and pays on the test provider's page; the Location it returns to. */
async function payWithBack(m: LoggedInMember, back: string, outcome: Record<string, string> = { outcome: "paid" }) {
  const pkg = await packageOf();
  const overviewPath = `/credits/${pkg.id}/creditcard?country=NL&back=${encodeURIComponent(back)}`;
  const overview = await get(m, overviewPath);
  expect(overview.status).toBe(200);
  const ordered = await post(m, overviewPath, payFields(overview.html));
  expect(ordered.status).toBe(302);
  const testPage = ordered.headers.location!;
  expect(testPage).toMatch(/\/test-pay\/tp_/);
  const paid = await post(m, new URL(testPage, ORIGIN).pathname, outcome);
  expect(paid.status).toBe(302);
  return new URL(paid.headers.location!, ORIGIN);
}

/** The payment result page, after its one reload for a fresh top bar. */
async function resultPage(m: LoggedInMember, url: URL) {
  let res = await get(m, url.pathname + url.search);
  if (res.status === 302) res = await get(m, res.headers.location!);
  expect(res.status).toBe(200);
  return res;
}

describe("buying from a chat and coming back", () => {
  it("the packages, the order and the payment result lead back to the chat with Dagmar", async () => {
    const { me, dagmar, chat } = await memberInChat();
    const back = `back=${encodeURIComponent(chat)}`;

    const thread = await get(me, chat);
    expect(thread.html).toContain(`href="/credits?${back}"`);

    const credits = await get(me, `/credits?${back}`);
    expect(credits.status).toBe(200);
    expect(textOf(credits.html)).toContain(`Back to your chat with ${dagmar.profile.name}`);
    const pkg = await packageOf();
    expect(credits.html).toContain(`href="/credits/${pkg.id}?country=NL&amp;${back}"`);
    expect(textOf(credits.html)).toContain("Sold by Lovely Media B.V., Amsterdam");

    const overview = await get(me, `/credits/${pkg.id}/ideal?country=NL&${back}`);
    const text = textOf(overview.html);
    expect(text).toContain("Secure payment over an encrypted connection");
    expect(text).toContain("You will confirm this payment on the test provider's page, clearly marked as a test.");
    expect(text).toContain("Sold by Lovely Media B.V., Amsterdam");
    // switching the method keeps the way back
    expect(overview.html).toContain(`href="/credits/${pkg.id}/creditcard?country=NL&amp;${back}"`);

    const returned = await payWithBack(me, chat);
    expect(returned.pathname).toMatch(/^\/payments\/\d+$/);
    expect(returned.searchParams.get("back")).toBe(chat);
    const result = await resultPage(me, returned);
    expect(result.html).toMatch(/data-state="completed"/);
    expect(textOf(result.html)).toContain(`Back to your chat with ${dagmar.profile.name}`);
    expect(result.html).toContain(`href="${chat}"`);
  });

  it("a repeat with the stored card goes to the result at once, which leads back too", async () => {
    const { me, dagmar, chat } = await memberInChat();
    await resultPage(me, await payWithBack(me, chat, { outcome: "paid", storeCard: "ok" }));
    const repeatPath = `/credits/repeat-order?back=${encodeURIComponent(chat)}`;
    const repeat = await get(me, repeatPath);
    expect(repeat.status).toBe(200);
    const paid = await post(me, repeatPath, payFields(repeat.html));
    expect(paid.status).toBe(302);
    const returned = new URL(paid.headers.location!, ORIGIN);
    expect(returned.pathname).toMatch(/^\/payments\/\d+$/);
    expect(returned.searchParams.get("back")).toBe(chat);
    expect(textOf((await resultPage(me, returned)).html)).toContain(`Back to your chat with ${dagmar.profile.name}`);
  });

  it("another member's conversation is named by nobody, and a return to the checkout itself is dropped", async () => {
    const { chat } = await memberInChat();
    const stranger = await loggedInMember(server, { site: "lovely", gender: "male", country: "NL" });
    const credits = await get(stranger, `/credits?back=${encodeURIComponent(chat)}`);
    expect(textOf(credits.html)).toContain("Back to where you were");
    expect(textOf(credits.html)).not.toContain("Back to your chat");
    for (const loop of ["/credits", "/payments/1", "/test-pay/tp_x", "/credits/repeat-order"]) {
      const page = await get(stranger, `/credits?back=${encodeURIComponent(loop)}`);
      expect(page.html, loop).not.toContain('data-testid="return-link"');
    }
  });
});

describe("a return path off the site", () => {
  it("one function: no bypass spelling is a return path", () => {
    const req = new Request(`${ORIGIN}/credits`);
    for (const target of BYPASSES) {
      const path = returnPath(target, req);
      if (path === null) continue;
      expect(new URL(path, `${ORIGIN}/x/y`).origin, JSON.stringify(target)).toBe(ORIGIN);
      expect(path, JSON.stringify(target)).toMatch(/^\/(?![/\\])/);
    }
    expect(returnPath("/chats/12", req)).toBe("/chats/12");
    expect(returnPath(`${ORIGIN}/members/7/chat`, req)).toBe("/members/7/chat");
    expect(returnPath("/credits?back=/chats/1", req)).toBeNull();
  });

  it("is dropped by the pages, the checkout and the payment result", async () => {
    const m = await loggedInMember(server, { site: "lovely", gender: "male", country: "NL" });
    const offSite = ["//evil.example", "https://evil.example/x", "/.//evil.example/phish", "/\\evil.example", "javascript:alert(1)"];
    for (const target of offSite) {
      const credits = await get(m, `/credits?back=${encodeURIComponent(target)}`);
      expect(credits.status, target).toBe(200);
      // (the page's own URL comes back in its forms; no link carries the target on)
      expect(credits.html, target).not.toMatch(/href="[^"]*(evil\.example|back=)/);
      expect(credits.html, target).not.toContain('data-testid="return-link"');
    }
    for (const target of offSite.slice(0, 3)) {
      const returned = await payWithBack(m, target);
      expect(returned.origin, target).toBe(ORIGIN);
      expect(returned.search, target).toBe("");
      const forged = new URL(`${returned.pathname}?back=${encodeURIComponent(target)}`, ORIGIN);
      const result = await resultPage(m, forged);
      expect(result.html, target).not.toMatch(/href="[^"]*(evil\.example|back=)/);
      expect(result.html, target).not.toContain('data-testid="return-button"');
    }
  });
});
