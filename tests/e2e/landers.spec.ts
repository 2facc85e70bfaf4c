// In the browser: a visitor from a partner opens a lander, signs up in its modal, and
// the operators' report shows that signup under the partner's source.
import { expect, test } from "@playwright/test";
import { OPS_TOKEN, PORT } from "../../playwright.config.ts";
import { pickBirthDate } from "./helpers.ts";

const lovely = `http://lovely.localhost:${PORT}`;
const pride = `http://pride.localhost:${PORT}`;

test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

test("a visitor from a partner signs up on a lander; the report shows it under the source", async ({ page }) => {
  const ref = `e2e${Date.now()}`;
  const email = `${ref}@example.test`;
  await page.goto(`${lovely}/landers/gallery/summer?network=e2enet&ref=${ref}&sub1=banner`);
  await expect(page.getByTestId("lander-headline")).toHaveText("Summer dates start here");
  await expect(page.getByTestId("gallery-card").first()).toBeVisible();

  await page.getByTestId("lander-signup").first().click();
  const modal = page.getByTestId("signup-modal");
  await expect(modal).toBeVisible();
  await modal.getByLabel("Username").fill("Sam");
  await modal.getByLabel("E-mail address").fill(email);
  await pickBirthDate(modal, "1990-03-04");
  await modal.getByLabel("I am").selectOption("male");
  await modal.getByLabel("Looking for").selectOption("female");
  await modal.getByLabel("Password", { exact: true }).fill("a long enough secret");
  await modal.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/signup\?step=photo$/);

  await page.goto(`${lovely}/ops?token=${OPS_TOKEN}`);
  await expect(page.getByRole("heading", { name: "Traffic report" })).toBeVisible();
  const row = page.locator(`[data-testid="ops-row"][data-network="e2enet"][data-ref="${ref}"]`);
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-col="visits"]')).toHaveText("1");
  await expect(row.locator('[data-col="signups"]')).toHaveText("1");

  // the same report as CSV
  const csv = await page.evaluate(async (url) => (await fetch(url)).text(), `/ops/report.csv?token=${OPS_TOKEN}`);
  expect(csv).toMatch(new RegExp(`,e2enet,${ref},1,0,1,`));
  // and never on another site
  await page.goto(`${pride}/ops?token=${OPS_TOKEN}`);
  await expect(page.locator(`[data-ref="${ref}"]`)).toHaveCount(0);
});

test("the swipe lander leads into the signup after three likes", async ({ page }) => {
  await page.goto(`${pride}/landers/tinderswipe?ref=swipe-e2e`);
  const entry = page.getByTestId("entry-warning");
  if (await entry.isVisible()) await entry.getByRole("button").first().click();
  for (let i = 0; i < 3; i++) {
    await expect(page.getByTestId("swipe-card")).toBeVisible();
    await page.getByRole("button", { name: "Like" }).click();
  }
  await expect(page.getByTestId("swipe-card")).toHaveCount(0);
  await page.getByTestId("lander-signup").click();
  await expect(page.getByTestId("signup-modal")).toBeVisible();
});
