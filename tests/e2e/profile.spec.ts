// A member's profile page and match moment in a real browser: the photo carousel (counter,
// arrows, keys and a swipe on a touch screen), one row of Like and Message that stays above the
// tab bar on a phone, Block and Report in the More menu (keyboard, Escape), and the first
// message written and sent from the match moment.
import { expect, test, type Locator, type Page } from "@playwright/test";
import type { TOptions } from "i18next";
import { PORT } from "../../playwright.config.ts";
import { accountMenu, logInAsDemoMember, mainNavLink, tr } from "./helpers.ts";

const LOVELY = `http://lovely.localhost:${PORT}`;
const PRIDE = `http://pride.localhost:${PORT}`;
test.use({ locale: "en-GB" });
const en = (key: string, options?: TOptions) => tr("en", key, options);
/** The carousel's counter as a screen reader hears it ("Photo 1 of 2"; the "1 / 2" on screen is hidden from it). */
const counter = (carousel: Locator | Page, current: number) => carousel.getByText(en("profileView.photoOf", { current, total: 2 }), { exact: true });
const track = (carousel: Locator | Page) => carousel.getByRole("group", { name: en("profileView.photosKeys") });
/** The photo (1, 2, …) the row shows once it has stopped: half a second after its last scroll event. */
const settledPhoto = (row: Locator) =>
  row.evaluate(
    (el) =>
      new Promise<number>((resolve) => {
        const done = () => resolve(Math.round(el.scrollLeft / el.clientWidth) + 1);
        let timer = setTimeout(done, 500);
        const later = () => {
          clearTimeout(timer);
          timer = setTimeout(done, 500);
        };
        el.addEventListener("scroll", later);
        el.addEventListener("scrollend", later);
      }),
  );

/** The demo member's own profile: the owner sees all their photos (the demo members have two). */
async function openOwnProfile(page: Page) {
  await accountMenu(page, "Sam").click();
  await page.getByRole("link", { name: "My profile" }).click();
  await page.getByRole("link", { name: "View my profile" }).click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
}

test.describe("desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the carousel: a counter, the arrows and the arrow keys", async ({ page }) => {
    await logInAsDemoMember(page, LOVELY, "lovely.localhost");
    await openOwnProfile(page);
    const carousel = page.getByRole("region", { name: "Photos of Sam" });
    await expect(counter(carousel, 1)).toBeAttached();
    await expect(carousel.getByText("1 / 2", { exact: true })).toBeVisible();
    // announced: the counter is a polite live region
    await expect(counter(carousel, 1).locator("xpath=..")).toHaveAttribute("aria-live", "polite");
    await expect(carousel.getByRole("button", { name: "Previous photo" })).toBeDisabled();
    await carousel.getByRole("button", { name: "Next photo" }).click();
    await expect(counter(carousel, 2)).toBeAttached();
    await expect(carousel.getByText("2 / 2", { exact: true })).toBeVisible();
    await expect(carousel.getByRole("button", { name: "Next photo" })).toBeDisabled();
    // the keys, once the photos have the focus
    await track(carousel).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(counter(carousel, 1)).toBeAttached();
    await page.keyboard.press("ArrowRight");
    await expect(counter(carousel, 2)).toBeAttached();
    // two quick presses: the second counts from the photo the first one chose, not from where the
    // row still is on its smooth way there, and the row ends on that photo
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowRight");
    expect(await settledPhoto(track(carousel))).toBe(2);
    await expect(counter(carousel, 2)).toBeAttached();
  });

  test("Block and Report sit in the More menu: keyboard, Escape, the report sent", async ({ page }) => {
    await logInAsDemoMember(page, LOVELY, "lovely.localhost");
    await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
    const card = page
      .getByTestId("profile-card")
      .filter({ has: page.getByRole("img") })
      .last();
    const id = await card.getAttribute("data-profile-id");
    await page.locator(`[data-testid="profile-card"][data-profile-id="${id}"] a`).first().click();
    await expect(page).toHaveURL(`${LOVELY}/members/${id}`);
    const name = (await page.getByRole("main").getByRole("heading", { level: 1, name: /, \d+/ }).textContent())!.split(",")[0]!.trim();
    // no Block or Report on the page itself
    await expect(page.getByRole("button", { name: `Block ${name}` })).toHaveCount(0);
    await expect(page.getByRole("menuitem")).toHaveCount(0);

    const more = page.getByRole("button", { name: "More" });
    await expect(more).toHaveAttribute("aria-haspopup", "menu");
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(more).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("menu", { name: "More" });
    await expect(menu.getByRole("menuitem")).toHaveText([`Block ${name}`, `Report ${name}`]);
    await expect(menu.getByRole("menuitem", { name: `Block ${name}` })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: `Report ${name}` })).toBeFocused();
    // Escape closes and gives the focus back to More
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(more).toBeFocused();
    await expect(more).toHaveAttribute("aria-expanded", "false");

    // Block asks first, in a dialog; Escape leaves everything as it was
    await more.click();
    await menu.getByRole("menuitem", { name: `Block ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: `Block ${name}?` });
    await expect(confirm).toContainText("will no longer see your profile");
    await page.keyboard.press("Escape");
    await expect(confirm).toHaveCount(0);

    // Report: the form in a dialog, sent
    await more.click();
    await menu.getByRole("menuitem", { name: `Report ${name}` }).click();
    const report = page.getByTestId("report-form");
    await report.getByLabel("Reason").selectOption("fake");
    await report.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByRole("status").filter({ hasText: `We received your report about ${name}` })).toBeVisible();
    await expect(report).toHaveCount(0);
    await expect(page).toHaveURL(`${LOVELY}/members/${id}`);
  });

  test("the match moment: both photos, the price, the first message sent right there, then the chat", async ({ page }) => {
    await logInAsDemoMember(page, PRIDE, "pride.localhost");
    await mainNavLink(page, "nav.likes").click();
    const fresh = page
      .locator('[data-testid="profile-card"][data-like-new="true"]')
      .filter({ hasNot: page.getByText(en("likes.matchBadge"), { exact: true }) })
      .first();
    const id = await fresh.getAttribute("data-profile-id");
    await page.locator(`[data-testid="profile-card"][data-profile-id="${id}"] a`).first().click();
    await expect(page).toHaveURL(`${PRIDE}/members/${id}`);
    const name = (await page.getByRole("main").getByRole("heading", { level: 1, name: /, \d+/ }).textContent())!.split(",")[0]!.trim();
    // someone who liked the member: the button says so
    const like = page.getByRole("main").getByRole("button", { name: new RegExp(`^${en("likes.likeBack")}\\W+${name}$`) });
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === `/members/${id}/like.data`);
    // printed when the moment does not come: CI's one failure here (stop 40) could not be told apart
    // from a like that was not new (created: false) or a screen that did not load. The browser
    // keeps no body when the page stopped reading it before its end (CI at stop 41): then the
    // status, and whether the page loaded again or failed meanwhile.
    const meanwhile: string[] = [];
    page.on("load", () => meanwhile.push(`loaded ${page.url()}`));
    page.on("pageerror", (error) => meanwhile.push(`error: ${error.message}`));
    await like.click();
    const response = await answered;
    const answer = await response.text().catch(() => `${response.status()}, read only in part by the page`);

    const dialog = page.getByRole("dialog", { name: "It's a match!" });
    await expect(dialog.getByRole("img", { name: "You", exact: true }))
      .toBeVisible()
      .catch((error: Error) => {
        throw new Error(`${error.message}\nthe like's answer: ${answer}\nthe page since the click: ${meanwhile.join("; ") || "no load, no error"}`);
      });
    await expect(dialog.getByRole("img", { name, exact: true })).toBeVisible();
    // the price before sending, as the chat states it
    await expect(dialog.getByText(/A message costs \d+ credits .* You have \d+ credits/)).toBeVisible();
    const field = dialog.getByLabel(`Write the first message to ${name}`);
    await expect(field).toBeFocused();
    const text = `Hello ${name}, nice to match! ${Date.now()}`;
    await field.fill(text);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByRole("status")).toContainText(`Your message to ${name} has been sent.`);
    await dialog.getByRole("link", { name: "Open the chat" }).click();
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a swipe moves the carousel; Like and Message share one row above the tab bar", async ({ page }) => {
    await logInAsDemoMember(page, LOVELY, "lovely.localhost");
    await page.goto(`${LOVELY}/members`);
    const card = page.getByTestId("profile-card").first();
    const id = await card.getAttribute("data-profile-id");
    await card.locator("a").first().click();
    await expect(page).toHaveURL(`${LOVELY}/members/${id}`);
    // one row of two equal actions, fixed above the tab bar
    const bar = page.getByTestId("like-panel"); // the row of actions: a layout box, no name of its own
    const like = (await bar.getByRole("button").boundingBox())!;
    const message = (await bar.getByRole("link", { name: /Message/ }).boundingBox())!;
    expect(Math.abs(like.y - message.y)).toBeLessThan(2);
    expect(Math.abs(like.width - message.width)).toBeLessThan(2);
    const tabs = (await page.getByRole("navigation", { name: en("nav.sections") }).boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(tabs.y + 1);
    await page.mouse.wheel(0, 600);
    expect((await bar.boundingBox())!.y).toBeCloseTo(barBox.y, 0);

    // the member's own photos: a swipe to the left shows the next one
    await openOwnProfile(page);
    const photos = track(page);
    await expect(counter(page, 1)).toBeAttached();
    await photos.scrollIntoViewIfNeeded();
    const box = (await photos.boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    // a finger from the right to the left across the photo
    const y = Math.round(box.y + box.height / 2);
    const from = Math.round(box.x + box.width * 0.85);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
    for (let step = 1; step <= 10; step++)
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from - step * Math.round(box.width * 0.07), y }] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect(counter(page, 2)).toBeAttached();
  });
});
