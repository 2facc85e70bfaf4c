// A member searches, loads more results, opens a profile and blocks it, in a real browser.
import { expect, test } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { logInAsDemoMember, trPattern } from "./helpers.ts";

const site = `http://lovely.localhost:${PORT}`;
test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

test("search, load more, open a profile, block it", async ({ page }) => {
  await logInAsDemoMember(page, site, "lovely.localhost");
  await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
  await expect(page).toHaveURL(`${site}/members`);

  // demo members of the reselling sites (lovely and mature), women by default for Sam (seeking women)
  await page.getByLabel("Age from").fill("18");
  await page.getByLabel("Age to").fill("99");
  await page.getByRole("button", { name: "Search" }).click();
  const cards = page.getByTestId("profile-card");
  await expect(cards).toHaveCount(24);
  await expect(page.getByText(trPattern("en", "search.total"))).toBeVisible();
  await page.getByRole("link", { name: "Show more" }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(24);
  await expect(page).toHaveURL(/\/members\?/); // appended in place, no navigation to ?upto

  // other specs sign members up in parallel (no photo yet): open the first profile with a photo
  const first = cards.filter({ has: page.getByRole("img") }).first();
  const id = await first.getAttribute("data-profile-id");
  await first.click();
  await expect(page).toHaveURL(`${site}/members/${id}`);
  const name = (await page.getByRole("main").getByRole("heading", { level: 1, name: /, \d+/ }).textContent())!.split(",")[0]!.trim();
  // the first photo: alt "Anna" alone, or "Anna, photo 1 of 3"
  const photo = page.getByRole("main").getByRole("img", { name: new RegExp(`^${name}(, photo 1 of \\d+)?$`) });
  // served at its signed URL: the browser decoded a real image (how many a member sees is tested in tests/integration)
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // the photo column is 437 px wide at this viewport: from the srcset the browser took the display size, not the thumbnail
  const shown = await photo.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(shown).toMatch(/\.jpg$/);
  expect(shown).not.toMatch(/_thumb\.jpg$/);
  // blocking (in the More menu) asks first; cancel keeps everything as it was
  await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("menuitem", { name: /^Block / }).click();
  const confirm = page.getByRole("dialog", { name: `Block ${name}?` });
  await expect(confirm).toContainText("will no longer see your profile");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("menuitem", { name: /^Block / }).click();
  await confirm.getByRole("button", { name: "Block", exact: true }).click();
  await expect(page).toHaveURL(`${site}/members`);
  await expect(page.getByRole("status").filter({ hasText: "They no longer appear in your search." })).toBeVisible();
  await expect(page.locator(`[data-profile-id="${id}"]`)).toHaveCount(0);
});
