// The details members compare, in a real browser: "typing…", "Seen" and presence in the chat
// over the live stream between two members of two sites; the chat's photo sheet as a picker that
// takes an AVIF; a like from the grid confirmed (and announced); the likes tabs readable at
// 390 px in German; a small line of legal links instead of the dark footer on app-like screens.
// With SHOTS_DIR set, a last test leaves screenshots of these screens on the three demo sites.
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { PORT } from "../../playwright.config.ts";
import { activate, demoMemberPage, signUp, tr, visitorPage } from "./helpers.ts";

const LOVELY = `http://lovely.localhost:${PORT}`;
const MATURE = `http://mature.localhost:${PORT}`;
const PRIDE = `http://pride.localhost:${PORT}`;

test.describe.configure({ mode: "serial" });

type Options = { locale?: string; width?: number; reducedMotion?: "reduce" | "no-preference" };
/** The site's demo member logged in, in a browser context of their own. */
const logIn = (browser: Browser, origin: string, { locale = "en-GB", width = 1280, reducedMotion = "no-preference" }: Options = {}) =>
  demoMemberPage(browser, origin, { locale, viewport: { width, height: width < 600 ? 844 : 900 }, reducedMotion });

const names = new WeakMap<Page, string>();
/** The name a member made by newMember signed up with. */
const samName = (page: Page) => names.get(page)!;

/** A new member of a site, signed up through the form with the address confirmed (so that the partner may answer). */
async function newMember(browser: Browser, origin: string, name: string, [gender, seeking]: ["male" | "female", "male" | "female"]) {
  const page = await visitorPage(browser, origin);
  await activate(page, await signUp(page, origin, { name, gender, seeking, birthDate: "1988-06-07", email: `${name.toLowerCase()}@example.com` }));
  names.set(page, name);
  return page;
}

const messages = (page: Page) => page.getByTestId("chat-message");
/** The message field of a thread, in the page's language. */
const messageField = (page: Page, lng = "en") => page.getByRole("textbox", { name: tr(lng, "chat.messageLabel"), exact: true });

test("typing…, Seen and the partner's presence reach the other member's open chat live", async ({ browser }) => {
  test.setTimeout(120_000);
  // two new members: the demo members' conversation and credits belong to chat.spec, which may run meanwhile
  const andrea = await newMember(browser, MATURE, `Greta${Date.now() % 100000}`, ["female", "male"]);
  await andrea.goto(`${MATURE}/profile`);
  const andreaId = /\/members\/(\d+)$/.exec((await andrea.locator('a[href^="/members/"]').first().getAttribute("href"))!)![1];
  const sam = await newMember(browser, LOVELY, `Finn${Date.now() % 100000}`, ["male", "female"]);
  await sam.goto(`${LOVELY}/members/${andreaId}/chat`);
  const icebreakers = sam.getByRole("dialog", { name: tr("en", "chat.icebreakerTitle", { name: samName(andrea) }) });
  await icebreakers.getByRole("listitem").first().getByRole("button").click();
  await expect(icebreakers).toBeHidden();
  await messageField(sam).fill("Hello Andrea, nice to meet you!");
  await messageField(sam).press("Enter");
  await expect(sam).toHaveURL(/\/chats\/\d+$/);
  await expect(messages(sam)).toHaveCount(1);
  const seen = sam.getByText(`· ${tr("en", "chat.seen")}`, { exact: true });
  // the header's link to her profile, named by what it shows: her name and age, then whether she is online or typing
  const partner = sam.getByRole("banner").getByRole("link", { name: new RegExp(`^${samName(andrea)}, \\d+ `) });
  await expect(seen).toHaveCount(0);
  await expect(partner.getByText(tr("en", "search.online"), { exact: true })).toBeVisible(); // Andrea is logged in

  // Andrea opens it: the writer's open page shows "Seen" under his message without a reload
  await andrea.goto(`${MATURE}/chats`);
  await andrea
    .getByRole("listitem")
    .filter({ hasText: samName(sam) })
    .getByRole("link")
    .click();
  await expect(messages(andrea)).toHaveCount(1);
  await expect(seen).toBeVisible();

  // she types: the writer sees "typing…" in the header and the dots; her message ends it
  const typing = sam.getByRole("status").filter({ hasText: tr("en", "chat.typingNamed", { name: samName(andrea) }) });
  await messageField(andrea, "de").pressSequentially("Hallo, schön dich zu sehen", { delay: 40 });
  await expect(partner.getByText(tr("en", "chat.typing"), { exact: true })).toBeVisible();
  await expect(typing).toBeAttached();
  await messageField(andrea, "de").press("Enter");
  await expect(messages(sam)).toHaveCount(2);
  await expect(typing).toHaveCount(0);
  await expect(partner.getByText(tr("en", "chat.typing"), { exact: true })).toHaveCount(0);

  // the photo sheet: the project's picker, no bare file input; it takes an AVIF (converted on the server)
  await sam.getByRole("button", { name: tr("en", "chat.photo"), exact: true }).click();
  await expect(sam.getByText("Choose a photo")).toBeVisible();
  await expect(sam.getByText("JPEG, PNG, WebP, HEIC or AVIF, up to 10 MB. Only you two can see it.")).toBeVisible();
  const picker = sam.getByLabel(tr("en", "chat.choosePhoto"));
  expect(await picker.evaluate((input) => input.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
  // the paid send of an AVIF is tested in tests/integration/chat.test.ts; here the picker takes it
  const avif = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#2a9" } })
    .avif({ quality: 40 })
    .toBuffer();
  await picker.setInputFiles({ name: "beach.avif", mimeType: "image/avif", buffer: avif });
  await expect(sam.getByLabel(tr("en", "filePicker.change"))).toHaveAccessibleName(`${tr("en", "filePicker.change")} beach.avif`);
  await andrea.context().close();
  await sam.context().close();
});

test("a like from the grid is confirmed on the card and announced; with reduced motion nothing moves", async ({ browser }) => {
  for (const reducedMotion of ["no-preference", "reduce"] as const) {
    const page = await logIn(browser, LOVELY, { width: 390, reducedMotion });
    // not a like back: that is a match, whose moment is a dialog of its own
    const like = page.getByRole("button", { name: /^Like .+(?<! back)$/, pressed: false }).first();
    const name = (await like.getAttribute("aria-label"))!.replace(/^Like /, "");
    const id = await page.getByTestId("profile-card").filter({ has: like }).first().getAttribute("data-profile-id");
    const card = page.locator(`[data-testid="profile-card"][data-profile-id="${id}"]`).first();
    // the confirmation shows for 1.6 s: read it in the page the frame it appears, not by a later
    // round trip that a loaded machine may make after it is gone
    const shown = page.waitForFunction(
      (id) => {
        const card = document.querySelector(`[data-testid="profile-card"][data-profile-id="${id}"]`);
        const el = card?.querySelector<HTMLElement>('[data-testid="like-confirm"]');
        if (!card || !el) return null;
        const moving = el.getAnimations().length > 0 || getComputedStyle(el).animationName.includes("like-confirm");
        return { text: el.innerText, visible: el.checkVisibility(), moving, status: card.querySelector('[role="status"]')?.textContent ?? "" };
      },
      id,
      { polling: "raf" },
    );
    await card.getByRole("button", { name: tr("en", "likes.likeName", { name }), exact: true }).click();
    const seen = await (await shown).jsonValue();
    expect(seen, reducedMotion).toEqual({
      text: tr("en", "likes.liked"),
      visible: true,
      moving: reducedMotion !== "reduce",
      status: tr("en", "likes.youLiked", { name }),
    });
    await expect(card.getByText(tr("en", "likes.liked"), { exact: true })).toHaveCount(0, { timeout: 5000 });
    await page.context().close();
  }
});

test("the likes tabs show whole labels and their counts side by side at 390 px in German", async ({ browser }) => {
  const page = await logIn(browser, LOVELY, { locale: "de-DE", width: 390 });
  await page.goto(`${LOVELY}/likes`);
  const tabs = page.getByRole("navigation", { name: "Likes-Reiter" }).getByRole("link");
  await expect(tabs).toHaveCount(3);
  for (const tab of await tabs.all()) {
    const label = tab.locator("span").first();
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth), await label.innerText()).toBe(true);
    const badges = await tab.locator("span.rounded-full").all();
    const boxes = await Promise.all(badges.map((b) => b.boundingBox()));
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.x).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width);
  }
  await expect(page.getByRole("link", { name: /Mögen dich/ })).toBeVisible();
  await page.context().close();
});

test("app-like screens end in one small line of legal links, not the dark footer", async ({ browser }) => {
  for (const width of [390, 1280]) {
    const page = await logIn(browser, PRIDE, { width });
    const disclaimer = page.getByText(tr("en", "footer.disclaimer", { siteName: "Pride Match" }));
    for (const screen of ["/chats", "/swipe-game"]) {
      await page.goto(`${PRIDE}${screen}`);
      const footer = page.getByRole("contentinfo");
      await expect(footer).toBeAttached();
      await expect(footer.getByRole("link", { name: "Terms and conditions" })).toBeAttached();
      await expect(footer.getByRole("listitem")).toHaveCount(0); // one line, not the dark footer's list
      await expect(disclaimer).toHaveCount(0);
    }
    await page.goto(`${PRIDE}/likes`);
    await expect(page.getByRole("contentinfo").getByRole("listitem").first()).toBeAttached();
    await expect(disclaimer).toBeAttached();
    await page.context().close();
  }
});

test("screenshots of the screens these details change", async ({ browser }) => {
  test.skip(!process.env.SHOTS_DIR, "only with SHOTS_DIR");
  test.setTimeout(300_000);
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(process.env.SHOTS_DIR!, `${name}.png`), fullPage: false });
  for (const [site, origin] of [
    ["lovely", LOVELY],
    ["mature", MATURE],
    ["pride", PRIDE],
  ] as const) {
    for (const width of [390, 1280]) {
      const page = await logIn(browser, origin, { width, locale: site === "mature" ? "de-DE" : "en-GB" });
      const fictional = page
        .getByTestId("profile-card")
        .filter({ has: page.getByTestId("fictional-mark") })
        .first();
      if (await fictional.count()) {
        await fictional.scrollIntoViewIfNeeded();
        await shot(page, `${site}-${width}-search-card`);
        await fictional.getByRole("link").first().click();
        await expect(page).toHaveURL(/\/members\/\d+$/);
        await shot(page, `${site}-${width}-profile`);
        await page.goto(page.url() + "/chat");
        await shot(page, `${site}-${width}-thread-fictional`);
      }
      await page.goto(`${origin}/likes`);
      await shot(page, `${site}-${width}-likes`);
      await page.goto(`${origin}/`);
      const like = page.getByRole("button", { name: /^(Like|Gefällt mir) .+(?<! back)$/, pressed: false }).first();
      if (await like.count()) {
        await like.scrollIntoViewIfNeeded();
        await like.click();
        await page.waitForTimeout(300);
        await shot(page, `${site}-${width}-like-confirm`);
      }
      await page.goto(`${origin}/chats`);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await shot(page, `${site}-${width}-chats`);
      await page.getByRole("main").getByRole("listitem").first().getByRole("link").click();
      await expect(page).toHaveURL(/\/chats\/\d+$/);
      await shot(page, `${site}-${width}-thread`);
      await page.getByRole("button", { name: tr(site === "mature" ? "de" : "en", "chat.photo"), exact: true }).click();
      await shot(page, `${site}-${width}-thread-photo`);
      await page.goto(`${origin}/swipe-game`);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await shot(page, `${site}-${width}-swipe`);
      await page.context().close();
    }
  }
});
