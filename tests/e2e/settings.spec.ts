// Location from the browser's position, geocoded offline, prefilled and saved; invisible mode.
import { expect, test } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { logInAsDemoMember } from "./helpers.ts";

const site = `http://pride.localhost:${PORT}`;
test.use({ locale: "en-GB", geolocation: { latitude: 59.3293, longitude: 18.0686 }, permissions: ["geolocation"] });

test("the geolocation toggle prefills country, region and city", async ({ page }) => {
  await logInAsDemoMember(page, site, "pride.localhost");
  await page.goto(`${site}/profile/settings`);
  const form = page.getByTestId("settings-location");
  await form.getByLabel("City").fill("");
  await page.getByTestId("geolocation-toggle").check();
  await expect(page.getByTestId("geolocation-done")).toBeVisible();
  await expect(form.getByLabel("Country")).toHaveValue("SE");
  await expect(form.getByLabel("County")).toHaveValue("Stockholm"); // Sweden's word for its regions
  await expect(form.getByLabel("City")).toHaveValue("Stockholm");
  await page.getByTestId("settings-form").getByRole("button", { name: "Save" }).click();
  // one Save for the whole form; the result comes as a toast
  await expect(page.getByTestId("toast")).toHaveText(/Your settings have been saved\./);
  await page.reload();
  await expect(page.getByTestId("settings-location").getByLabel("City")).toHaveValue("Stockholm");
});
