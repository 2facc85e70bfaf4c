// Likes in a real browser: the like modal (?t=N, auto-like, likes reloaded 0.5 s later), a like
// back that makes a match, likes from search cards without leaving the page, and the swipe game
// with keys, buttons and a drag until its daily limit stops it. The tests of this file run one
// after another, as the lovely and mature demo members. Pride's is left to profile.spec, whose
// like back must be new: the auto-like here, run beside it, could take the same profile.
import { expect, test, type Page } from "@playwright/test";
import type { TOptions } from "i18next";
import { PORT } from "../../playwright.config.ts";
import { logInAsDemoMember, mainNavLink, tr, trPattern } from "./helpers.ts";

test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

/** The site's origin, its demo member logged in with English chosen. */
async function logInInEnglish(page: Page, site: "lovely" | "mature" | "pride") {
  const origin = `http://${site}.localhost:${PORT}`;
  await logInAsDemoMember(page, origin, `${site}.localhost`, { language: "en" });
  return origin;
}
const en = (key: string, options?: TOptions) => tr("en", key, options);
const matchDialog = (page: Page) => page.getByRole("dialog", { name: en("likes.matchTitle") });

test("the like modal opens after t seconds with an auto-liked profile, t leaves the URL, likes reload 0.5 s later", async ({ page }) => {
  const origin = await logInInEnglish(page, "mature");
  const autoLike = page.waitForResponse((r) => r.url().endsWith("/api/auto-like.php"));
  const started = Date.now();
  await page.goto(`${origin}/members?t=2&gender=male`);
  const reloaded = page.waitForRequest((r) => r.url().endsWith("/api/likes.php"));
  const answer = await autoLike;
  expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  const profile = (await answer.json()) as { id: number; name: string };
  const reload = await reloaded;
  expect(reload.method()).toBe("GET");
  await reload.response();
  // measured by the browser's clock: the likes request starts 0.5 s after the auto-like answer arrived
  const auto = answer.request().timing();
  // (the two figures come from different clocks of the browser: up to about 50 ms apart under load)
  expect(reload.timing().startTime - (auto.startTime + auto.responseEnd)).toBeGreaterThanOrEqual(450);

  const modal = page.getByRole("dialog", { name: `You liked ${profile.name}!` });
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(`${origin}/members?gender=male`);
  await modal.getByRole("link", { name: en("likes.modalButton") }).click();
  await expect(page).toHaveURL(`${origin}/members/${profile.id}`);
  const liked = page.getByRole("main").getByRole("button", { name: new RegExp(`^${en("likes.liked")}\\W+${profile.name}$`) });
  await expect(liked).toHaveAttribute("aria-pressed", "true");

  // without t nothing opens
  await page.goto(`${origin}/members`);
  await page.waitForTimeout(1500);
  await expect(page.getByRole("dialog", { name: trPattern("en", "likes.modalTitle") })).toHaveCount(0);
});

test("a new like, liked back, is a match; the likes tabs follow; cards like in place", async ({ page }) => {
  const origin = await logInInEnglish(page, "lovely");
  await mainNavLink(page, "nav.likes").click();
  await expect(page).toHaveURL(`${origin}/likes`);
  const matchBadge = page.getByText(en("likes.matchBadge"), { exact: true });
  const fresh = page.locator('[data-testid="profile-card"][data-like-new="true"]').filter({ hasNot: matchBadge }).first();
  await expect(fresh).toBeVisible();
  const id = await fresh.getAttribute("data-profile-id");
  const likeBack = fresh.getByRole("button", { name: trPattern("en", "likes.likeBackName") });
  const name = /^Like (.+) back$/.exec((await likeBack.getAttribute("aria-label"))!)![1]!;

  await likeBack.click();
  const dialog = matchDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`You and ${name} like each other.`);
  // both photos, and the first message can be written right there (profile.spec.ts sends one)
  await expect(dialog.getByRole("img", { name: en("likes.matchYou"), exact: true })).toBeVisible();
  await expect(dialog.getByRole("img", { name, exact: true })).toBeVisible();
  await expect(dialog.getByLabel(`Write the first message to ${name}`)).toBeVisible();
  await dialog.getByRole("button", { name: "Keep browsing" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(`[data-profile-id="${id}"]`).getByText(en("likes.matchBadge"), { exact: true })).toBeVisible();

  // opening the profile clears its "new" mark
  await page.locator(`[data-profile-id="${id}"] a`).first().click();
  await expect(page).toHaveURL(`${origin}/members/${id}`);
  // the badge under the profile's name: the cards of other members further down carry their own
  // once the demo member has more matches (members.spec and profile.spec run beside this file)
  const profileHeader = page.getByRole("main").getByRole("heading", { level: 1 }).locator("xpath=..");
  await expect(profileHeader.getByText(en("likes.matchBadge"), { exact: true })).toBeVisible();
  await mainNavLink(page, "nav.likes").click();
  await expect(page.locator(`[data-profile-id="${id}"]`)).not.toHaveAttribute("data-like-new", "true");
  await page
    .getByRole("navigation", { name: en("likes.tabs") })
    .getByRole("link", { name: new RegExp(`^${en("likes.tab.matches")}`) })
    .click();
  await expect(page).toHaveURL(`${origin}/likes/matches`);
  await expect(page.locator(`[data-profile-id="${id}"]`)).toBeVisible();

  // a like from a search card: the page stays, the heart fills, and it holds after a reload
  await page.goto(`${origin}/members`);
  // the last such card: members.spec, running beside this file as the same demo member, blocks the
  // first card of this search (a like on a profile blocked meanwhile answers 404)
  const card = page
    .getByTestId("profile-card")
    .filter({ has: page.getByRole("button", { name: trPattern("en", "likes.likeName"), pressed: false }) })
    .last();
  const cardId = await card.getAttribute("data-profile-id");
  const stored = page.waitForResponse((r) => r.url().includes(`/members/${cardId}/like`) && r.request().method() === "POST");
  await card.getByRole("button", { name: trPattern("en", "likes.likeName") }).click();
  const unlike = page.locator(`[data-profile-id="${cardId}"]`).getByRole("button", { name: trPattern("en", "likes.unlikeName") });
  await expect(unlike).toHaveAttribute("aria-pressed", "true");
  expect((await stored).status()).toBe(200);
  await expect(page).toHaveURL(`${origin}/members`);
  await page.reload();
  await expect(unlike).toHaveAttribute("aria-pressed", "true");
});

test.describe(() => {
  // a browser in another time zone than the member's country (mature's demo member lives in DE)
  test.use({ timezoneId: "America/New_York" });
  test("the swipe game: pass with ←, like with →, the button and a drag, until the daily limit stops it", async ({ page }) => {
    const origin = await logInInEnglish(page, "mature");
    await page.goto(`${origin}/swipe-game`);
    // the top card (the one behind is hidden from assistive technology)
    const card = page.getByRole("main").getByRole("article");
    const left = page.getByText(trPattern("en", "swipe.left"));
    await expect(left).toHaveText("4 likes left today");
    const topId = () => card.getAttribute("data-profile-id");
    /** a like may be a match (someone who liked the member): its moment is closed to go on */
    const closeMatch = async () => {
      const dialog = matchDialog(page);
      if (await dialog.isVisible()) await dialog.getByRole("button", { name: "Keep swiping" }).click();
    };
    const next = async (before: string | null) => {
      await expect.poll(topId).not.toBe(before);
      await closeMatch();
    };

    const passed = await topId();
    await page.keyboard.press("ArrowLeft");
    await next(passed);
    await expect(left).toHaveText("4 likes left today");

    let before = await topId();
    await page.keyboard.press("ArrowRight");
    await expect(left).toHaveText("3 likes left today");
    await next(before);

    before = await topId();
    await page.getByRole("button", { name: trPattern("en", "swipe.like") }).click();
    await expect(left).toHaveText("2 likes left today");
    await next(before);

    // a drag to the right, as a finger would
    before = await topId();
    const box = (await card.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let dx = 20; dx <= 220; dx += 20) await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2);
    await page.mouse.up();
    await expect(left).toHaveText("1 like left today");
    await next(before);

    await page.keyboard.press("ArrowRight");
    await expect(left).toHaveText("0 likes left today");
    await closeMatch();
    const stopped = page.getByRole("heading", { name: en("swipe.stoppedTitle") });
    await expect(stopped).toBeVisible();
    const resumes = page.getByText(trPattern("en", "swipe.stopped"));
    await expect(resumes).toHaveText(/^You've used today's likes\. The game resumes on \w+day \d{2}:\d{2}\.$/);
    const when = /resumes on (\w+day \d{2}:\d{2})/.exec((await resumes.textContent()) ?? "")![1]!;

    // the passed profile does not come back today, and the game stays stopped after a reload
    await page.reload();
    await expect(stopped).toBeVisible();
    await expect(page.locator(`article[data-profile-id="${passed}"]`)).toHaveCount(0);
    // one time zone for the member: the time before the reload, after it and in the server's page
    // is the member's country's, whatever the browser's own zone
    await expect(resumes).toContainText(`resumes on ${when}.`);
    expect(await page.evaluate(() => fetch("/swipe-game").then((r) => r.text()))).toContain(when);
  });
});
