// Accessibility of what layout.spec.ts (every screen of every site, closed, at four widths) does
// not reach, logged in on lovely at 390 and 1280 px: a chat thread and a package's checkout have
// exactly one main landmark and no serious or critical axe violation (WCAG 2.0 and 2.1, A and AA),
// nor have the account menu and the chat's photo and gift panels open; those three toggles are
// disclosure buttons a keyboard works (named, Enter and Space, Escape, aria-expanded).
import { expect, test, type Locator, type Page } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { accountMenu, demoMemberPage, seriousAxeViolations, tr } from "./helpers.ts";

const LOVELY = `http://lovely.localhost:${PORT}`;

/** The first link of the page's main region whose address matches (a profile card, a conversation, a package). */
async function firstHref(page: Page, pattern: RegExp) {
  const links = page.getByRole("main").getByRole("link");
  await expect(links.first()).toBeVisible();
  const href = (await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))).find((h) => pattern.test(h));
  expect(href, `a link like ${pattern} on ${page.url()}`).toBeTruthy();
  return href!;
}

const photoButton = (page: Page) => page.getByRole("button", { name: tr("en", "chat.photo"), exact: true });
const giftButton = (page: Page) => page.getByRole("button", { name: tr("en", "chat.gift"), exact: true });

test.describe.configure({ mode: "parallel" });

for (const width of [390, 1280]) {
  test(`lovely at ${width} px: a chat thread, a checkout and the open menu and panels: one main, no serious axe finding`, async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await demoMemberPage(browser, LOVELY, { viewport: { width, height: width < 640 ? 844 : 900 }, language: "en" });
    const findings: string[] = [];
    const check = async (what: string) => {
      const mains = await page.getByRole("main").count();
      if (mains !== 1) findings.push(`${what}: ${mains} main landmarks`);
      for (const v of await seriousAxeViolations(page)) findings.push(`${what}: ${v}`);
    };
    // an open panel: what the button controls (the rest of the page was scanned closed)
    const checkOpen = async (button: Locator, what: string) => {
      if (!(await button.count())) return void findings.push(`${what}: no button by that name`);
      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      const panel = `[id="${await button.getAttribute("aria-controls")}"]`;
      await expect(page.locator(panel)).toBeVisible();
      for (const v of await seriousAxeViolations(page, panel)) findings.push(`${what}: ${v}`);
    };
    const visit = async (path: string) => {
      await page.goto(`${LOVELY}${path}`);
      await check(path);
    };
    // the member's home (scanned closed by layout.spec) with the account menu open
    await page.goto(`${LOVELY}/`);
    await checkOpen(accountMenu(page, "Sam"), "the account menu");
    // a conversation, with its photo and gift panels open too
    await page.goto(`${LOVELY}/chats`);
    await visit(await firstHref(page, /^\/chats\/\d+$/));
    await checkOpen(photoButton(page), "the chat's photo panel");
    await checkOpen(giftButton(page), "the chat's gift panel");
    // a package's checkout
    await page.goto(`${LOVELY}/credits`);
    await visit(await firstHref(page, /^\/credits\/\d+/));
    expect(findings, findings.join("\n")).toEqual([]);
    await page.context().close();
  });
}

/** Opens and closes a disclosure button by keyboard: Enter, Escape (the focus back on it), Space. */
async function operateByKeyboard(button: Locator, panelItem: Locator) {
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(panelItem).toBeHidden();
  await button.focus();
  await button.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(panelItem).toBeVisible();
  await button.press("Escape");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(panelItem).toBeHidden();
  await expect(button).toBeFocused();
  await button.press(" ");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(panelItem).toBeVisible();
}

test("the account menu and the chat's photo and gift toggles are disclosure buttons a keyboard works", async ({ browser }) => {
  const page = await demoMemberPage(browser, LOVELY, { language: "en" });
  // the account menu: named by the member's name and what it is; a click outside closes it
  const menu = accountMenu(page, "Sam");
  await expect(menu).toHaveText("Sam");
  const settings = page.getByRole("banner").getByRole("link", { name: tr("en", "nav.settings"), exact: true });
  await operateByKeyboard(menu, settings);
  await page.locator("body").click({ position: { x: 2, y: 400 } }); // beside the page's column
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(settings).toBeHidden();
  // Tab from the open menu reaches its links; Enter follows one
  await menu.press("Enter");
  await menu.press("Tab");
  await expect(page.getByRole("banner").getByRole("link", { name: tr("en", "nav.myProfile"), exact: true })).toBeFocused();

  // the chat's toggles: opening one closes the other
  await page.goto(`${LOVELY}/chats`);
  await page.goto(`${LOVELY}${await firstHref(page, /^\/chats\/\d+$/)}`);
  const rose = page.getByRole("button", { name: tr("en", "chat.gifts.rose") });
  const choosePhoto = page.getByText(tr("en", "chat.photoTitle"), { exact: true });
  await operateByKeyboard(giftButton(page), rose);
  await operateByKeyboard(photoButton(page), choosePhoto);
  await expect(giftButton(page)).toHaveAttribute("aria-expanded", "false");
  await expect(rose).toBeHidden();
  await page.context().close();
});
