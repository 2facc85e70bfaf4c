// In the browser: a visitor opens the chat-style landing of one profile, replies, and
// the signup modal is the one with that profile as the target (message or create).
import { expect, test } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { pickBirthDate } from "./helpers.ts";

const lovely = `http://lovely.localhost:${PORT}`;

test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

test("landing3 of a profile leads into the signup with that profile as the target", async ({ page }) => {
  await page.goto(`${lovely}/members`);
  const card = page.getByTestId("profile-card").first();
  const id = await card.getAttribute("data-profile-id");
  const name = (await card.locator("p").first().innerText()).split(",")[0]!.trim();
  expect(id).toMatch(/^\d+$/);

  await page.goto(`${lovely}/members/${id}/landing3?network=e2enet&ref=landing3-${Date.now()}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} sent you a message`);
  await page.getByRole("link", { name: `Reply to ${name}` }).click();
  const modal = page.getByRole("dialog");
  await expect(modal).toBeVisible();
  await modal.getByLabel(new RegExp(name)).fill(`Hi ${name}, I saw your page!`);
  await modal.getByLabel("Username").fill("Robin");
  await modal.getByLabel("E-mail address").fill(`landing3-${Date.now()}@example.test`);
  await pickBirthDate(modal, "1989-05-06");
  await modal.getByLabel("I am").selectOption("male");
  await modal.getByLabel("Looking for").selectOption("female");
  await modal.getByLabel("Password", { exact: true }).fill("a long enough secret");
  await modal.getByRole("button", { name: /create/i }).click();
  await expect(page).toHaveURL(/\/signup\?step=photo$/);
});

test("partner offers in the search are marked and open the partner apart", async ({ page }) => {
  await page.goto(`${lovely}/members`);
  // a link whose name starts with its mark
  const offer = page.getByRole("link", { name: /^Partner offer\b/ }).first();
  await expect(offer).toBeVisible();
  await expect(offer.getByText("Partner offer", { exact: true })).toBeVisible();
  await expect(offer).toHaveAttribute("target", "_blank");
  await expect(offer).toHaveAttribute("rel", /sponsored/);
});
