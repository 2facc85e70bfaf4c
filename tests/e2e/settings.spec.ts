// Location from the browser's position, geocoded offline, prefilled and saved; invisible mode.
import { expect, test } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { logInAsDemoMember } from "./helpers.ts";

const site = `http://pride.localhost:${PORT}`;
test.use({ locale: "en-GB", geolocation: { latitude: 59.3293, longitude: 18.0686 }, permissions: ["geolocation"] });

test("the geolocation toggle prefills country, region and city", async ({ page }) => {
  await logInAsDemoMember(page, site, "pride.localhost");
  await page.goto(`${site}/profile/settings`);
  const form = page.getByRole("group", { name: "Location" });
  await form.getByLabel("City").fill("");
  await page.getByRole("switch", { name: "Use my current location" }).check();
  await expect(page.getByText("Location found: check and save.")).toBeVisible();
  await expect(form.getByLabel("Country")).toHaveValue("SE");
  await expect(form.getByLabel("County")).toHaveValue("Stockholm"); // Sweden's word for its regions
  await expect(form.getByLabel("City")).toHaveValue("Stockholm");
  await page.getByRole("region", { name: "Your preferences" }).getByRole("button", { name: "Save" }).click();
  // one Save for the whole form; the result comes as a toast
  await expect(page.getByRole("status").filter({ hasText: "Your settings have been saved." })).toBeVisible();
  await page.reload();
  await expect(form.getByLabel("City")).toHaveValue("Stockholm");
});
