// The location form in the browser: conform checks it with the same schema as the server before
// anything is sent, and the region list and its label follow the chosen country.
import { expect, test } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { logInAsDemoMember } from "./helpers.ts";

const site = `http://lovely.localhost:${PORT}`;
test.use({ locale: "en-GB" });

test("the settings location form shows its errors before submitting and follows the chosen country", async ({ page }) => {
  await logInAsDemoMember(page, site, "lovely.localhost");
  await page.goto(`${site}/profile/settings`);
  const form = page.getByRole("group", { name: "Location", exact: true });
  await expect(form.getByLabel("Country")).toBeVisible();
  await expect(form.getByLabel("Country")).toHaveValue("NL");
  await expect(form.getByLabel("Province").locator("option", { hasText: "Utrecht" })).toHaveCount(1);

  await form.getByLabel("Country").selectOption("DE");
  const state = form.getByLabel("State");
  await expect(state).toHaveValue("");
  await expect(state.locator("option", { hasText: "Bayern" })).toHaveCount(1);
  await expect(state.locator("option", { hasText: "Utrecht" })).toHaveCount(0);
  await expect(form.getByLabel("Province")).toHaveCount(0);
  await state.selectOption("Bayern");

  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  const city = form.getByLabel("City");
  await city.fill("M".repeat(101));
  await city.press("Tab"); // leaving the field validates it
  await expect(form.getByRole("alert")).toHaveText("This text is too long");
  await expect(city).toHaveAttribute("aria-invalid", "true");
  await expect(city).toHaveAttribute("data-state", "invalid");
  await page.getByRole("region", { name: "Your preferences" }).getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("alert")).toHaveText("This text is too long");
  expect(posts, "nothing is sent while a field is invalid").toEqual([]);

  await city.fill("München");
  await expect(form.getByRole("alert")).toHaveCount(0);
  await expect(city).toHaveAttribute("data-state", "valid");
  await expect(state).toHaveAttribute("data-state", "valid");
});
