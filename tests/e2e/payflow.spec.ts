// Paying without getting lost, on each demo site in its own language: two new members like each
// other (a match), one writes until the credits run out, buys from the chat (the packages open
// directly, the test provider's page confirms), comes back to the same chat by the partner's name
// with the typed message still in the field, and sends it.
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { activationLink, pickBirthDate } from "./helpers.ts";

type Catalogue = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const catalogue = (lang: string): Catalogue => JSON.parse(readFileSync(`app/locales/${lang}/common.json`, "utf8"));

const SITES = [
  { key: "lovely", lang: "en", me: ["male", "female", "1990-04-05"], partner: ["female", "male", "1991-08-12"] },
  { key: "mature", lang: "de", me: ["male", "female", "1988-02-14"], partner: ["female", "male", "1972-06-30"] },
  { key: "pride", lang: "en", me: ["male", "male", "1989-09-09"], partner: ["male", "male", "1987-03-21"] },
] as const;

test.use({ locale: "en-GB" });

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A catalogue text as a pattern, its {{placeholders}} matching anything. */
const pattern = (text: string) => new RegExp(`^${escape(text).replace(/\\\{\\\{\w+\\\}\\\}/g, ".+")}$`);

/** A new member who signed up on the site's /signup page and confirmed the e-mail address. */
async function newMember(browser: Browser, origin: string, t: Catalogue, name: string, [gender, seeking, born]: readonly string[]) {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: "entry_ok", value: "1", url: origin }]);
  const page = await context.newPage();
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `flow${stamp}@example.test`;
  const username = `${name}${stamp.slice(-5)}`;
  await page.goto(`${origin}/signup`);
  const form = page.getByRole("main"); // the signup page: its form and the way to log in
  await form.getByLabel(t.signup.email).fill(email);
  await form.getByLabel(t.signup.username).fill(username);
  await form.getByLabel(t.signup.iAm).selectOption(gender!);
  await form.getByLabel(t.signup.seeking).selectOption(seeking!);
  await form.getByLabel(t.signup.password, { exact: true }).fill("a long enough secret");
  await pickBirthDate(form, born!, { group: t.signup.dateOfBirth, day: t.signup.dobDay, month: t.signup.dobMonth, year: t.signup.dobYear });
  await form.getByRole("button", { name: t.signup.create }).click();
  await expect(page).toHaveURL(/\/signup\?step=photo$/, { timeout: 15_000 });
  await expect.poll(() => activationLink(email), { timeout: 15_000 }).toBeTruthy();
  await page.goto(activationLink(email)!);
  await expect(page.getByRole("heading", { name: t.activation.doneTitle })).toBeVisible();
  await page.goto(`${origin}/profile`);
  const id = /\/members\/(\d+)$/.exec((await page.locator('a[href^="/members/"]').first().getAttribute("href"))!)![1]!;
  return { page, id, username };
}

/** A message in the thread, by its whole text (sent, or still on its way: see `settled`). */
const message = (page: Page, text: string) => page.getByText(text, { exact: true });
/** Waits until no message of the thread is still on its way ("Sending…" gone: sent, or refused with the reason). */
const settled = (page: Page, t: Catalogue) => expect(page.getByText(t.chat.sending)).toHaveCount(0);

for (const site of SITES) {
  test(`${site.key}: like, match, chat, out of credits, buy, back to the same chat with the draft, sent`, async ({ browser }) => {
    test.setTimeout(180_000);
    const origin = `http://${site.key}.localhost:${PORT}`;
    const t = catalogue(site.lang);
    const partner = await newMember(browser, origin, t, "Dagmar", site.partner);
    const me = await newMember(browser, origin, t, "Flow", site.me);

    // the partner likes first; the member likes back: a match, with the way to write
    await partner.page.goto(`${origin}/members/${me.id}`);
    await partner.page
      .getByRole("button", { name: new RegExp(`^${escape(t.likes.like)}\\s*:?\\s*${escape(me.username)}$`) })
      .first()
      .click();
    await expect(partner.page.getByRole("button", { name: new RegExp(`^${escape(t.likes.liked)}\\s*:?\\s*${escape(me.username)}$`) }).first()).toBeVisible();
    await me.page.goto(`${origin}/members/${partner.id}`);
    await me.page
      .getByRole("button", { name: new RegExp(`^(${escape(t.likes.likeBack)}|${escape(t.likes.like)})\\s*:?\\s*${escape(partner.username)}$`) })
      .first()
      .click();
    const match = me.page.getByRole("dialog");
    await expect(match).toContainText(t.likes.matchTitle);
    // the match moment takes a first message right there (profile.spec); this member opens the chat instead
    await expect(match.getByRole("img", { name: partner.username })).toBeVisible();
    await me.page.goto(`${origin}/members/${partner.id}/chat`);
    // an empty conversation offers icebreakers; the member writes their own
    const own = me.page.getByRole("button", { name: t.chat.icebreakerOwn });
    await expect(async () => {
      await own.click({ timeout: 2_000 });
      await expect(own).toHaveCount(0, { timeout: 1_000 });
    }).toPass();

    // writes until the signup credits run out
    const field = me.page.getByRole("textbox", { name: t.chat.messageLabel, exact: true });
    const send = me.page.getByRole("button", { name: t.chat.send, exact: true });
    let count = 0;
    for (;;) {
      await field.fill(`Message ${count + 1}`);
      await send.click();
      const failed = me.page.getByRole("alert").filter({ hasText: t.messages.notEnoughCredits });
      await expect(message(me.page, `Message ${count + 1}`)).toBeVisible();
      await settled(me.page, t);
      if (await failed.isVisible()) break;
      count++;
      expect(count).toBeLessThan(10);
    }
    expect(count).toBeGreaterThan(0);
    await expect(me.page).toHaveURL(/\/chats\/\d+$/);
    const chat = me.page.url();

    // the draft to keep: typed, refused for want of credits
    const draft = `Shall we meet on Friday? (${site.key})`;
    await field.fill(draft);
    await send.click();
    // the refused message keeps its text, the reason and its own Buy credits (a bubble has no name of its own)
    const refused = me.page.getByTestId("chat-pending").filter({ hasText: draft });
    await expect(refused.getByRole("alert")).toContainText(t.messages.notEnoughCredits);

    // buying opens the packages directly, with the way back named
    await refused.getByRole("link", { name: t.chat.buyCredits }).click();
    await expect(me.page).toHaveURL(/\/credits\?back=/);
    const backLabel = t.checkout.backTo.chat.replace("{{name}}", partner.username);
    await expect(me.page.getByRole("link", { name: backLabel })).toBeVisible();
    await me.page
      .getByRole("link", { name: pattern(t.checkout.choosePackage) })
      .first()
      .click();
    await me.page.getByRole("link", { name: t.checkout.methods.creditcard }).click();
    await expect(me.page.getByText(t.checkout.payOn.test, { exact: true })).toBeVisible();
    await me.page.getByRole("button", { name: pattern(t.checkout.pay) }).click();
    await expect(me.page).toHaveURL(/\/test-pay\/tp_/);
    await me.page.getByRole("button", { name: t.checkout.testPay.paid, exact: true }).click();
    await expect(me.page.getByRole("heading", { level: 1, name: t.checkout.result.completed })).toBeVisible({ timeout: 15_000 });

    // back to the same chat, the message still in the field; now it goes
    await me.page.getByRole("link", { name: backLabel }).click();
    await expect(me.page).toHaveURL(chat);
    await expect(field).toHaveValue(draft);
    await send.click();
    await expect(message(me.page, draft)).toHaveCount(1);
    await settled(me.page, t);
    await expect(me.page.getByRole("alert")).toHaveCount(0);
    await expect(field).toHaveValue("");
    // stored: after a reload the message is there once and the field stays empty, after all the others
    await me.page.reload();
    await expect(message(me.page, draft)).toHaveCount(1);
    await expect(field).toHaveValue("");
    await expect(me.page.getByText(/^Message \d+$/)).toHaveCount(count);

    await partner.page.context().close();
    await me.page.context().close();
  });
}
