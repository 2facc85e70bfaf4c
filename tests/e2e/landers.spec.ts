// In the browser: a visitor from a partner opens a lander, signs up in its modal, and
// the operators' report shows that signup under the partner's source.
import { expect, test, type Locator } from "@playwright/test";
import { OPS_TOKEN, PORT } from "../../playwright.config.ts";
import { pickBirthDate } from "./helpers.ts";

/** The cell of `row` in the column of `table` headed `header`, as a reader finds it. */
async function cellUnder(table: Locator, row: Locator, header: string) {
  const headers = (await table.getByRole("columnheader").allTextContents()).map((h) => h.trim());
  expect(headers).toContain(header);
  return row.getByRole("cell").nth(headers.indexOf(header));
}

const lovely = `http://lovely.localhost:${PORT}`;
const pride = `http://pride.localhost:${PORT}`;

test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

test("a visitor from a partner signs up on a lander; the report shows it under the source", async ({ page }) => {
  const ref = `e2e${Date.now()}`;
  const email = `${ref}@example.test`;
  await page.goto(`${lovely}/landers/gallery/summer?network=e2enet&ref=${ref}&sub1=banner`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Summer dates start here");
  // the gallery: each face a link into the signup, named after the member
  await expect(page.getByRole("main").getByRole("listitem").getByRole("link").first()).toBeVisible();

  await page.getByRole("link", { name: "Sign up free" }).first().click();
  const modal = page.getByRole("dialog", { name: "Join Lovely Dates for free" });
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
  const table = page.getByRole("table");
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: "e2enet", exact: true }) })
    .filter({ has: page.getByRole("cell", { name: ref, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(await cellUnder(table, row, "Visits")).toHaveText("1");
  await expect(await cellUnder(table, row, "Signups")).toHaveText("1");

  // the same report as CSV
  const csv = await page.evaluate(async (url) => (await fetch(url)).text(), `/ops/report.csv?token=${OPS_TOKEN}`);
  expect(csv).toMatch(new RegExp(`,e2enet,${ref},1,0,1,`));
  // and never on another site
  await page.goto(`${pride}/ops?token=${OPS_TOKEN}`);
  await expect(page.getByRole("heading", { name: "Traffic report" })).toBeVisible();
  await expect(page.getByRole("cell", { name: ref, exact: true })).toHaveCount(0);
});

test("the swipe lander leads into the signup after three likes", async ({ page }) => {
  await page.goto(`${pride}/landers/tinderswipe?ref=swipe-e2e`);
  const entry = page.getByRole("dialog", { name: "Adults only (18+)" });
  if (await entry.isVisible()) await entry.getByRole("button").first().click();
  // the card on top of the pile: the profile's photo, name and age
  const card = page.getByRole("main").getByRole("article");
  for (let i = 0; i < 3; i++) {
    await expect(card).toBeVisible();
    await page.getByRole("button", { name: "Like" }).click();
  }
  await expect(card).toHaveCount(0);
  await page.getByRole("link", { name: "Sign up free" }).click();
  await expect(page.getByRole("dialog", { name: "Join Pride Match for free" })).toBeVisible();
});
