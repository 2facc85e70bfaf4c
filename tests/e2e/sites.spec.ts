// Three branded sites from one server, told apart by host name, in a real browser.
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { PORT } from "../../playwright.config.ts";
import { pickBirthDate } from "./helpers.ts";

const de = JSON.parse(readFileSync("app/locales/de/common.json", "utf8"));
const en = JSON.parse(readFileSync("app/locales/en/common.json", "utf8"));
const enPages = JSON.parse(readFileSync("app/locales/en/pages.json", "utf8"));

const url = (host: string, path = "/") => `http://${host}:${PORT}${path}`;

const SITES = [
  // presumed: who the signup form takes the visitor for on this site's niche (empty: nobody)
  { host: "lovely.localhost", name: "Lovely Dates", logo: "/brands/lovely.svg", primary: "rgb(179, 18, 59)", lang: "en", presumed: ["", ""] },
  { host: "mature.localhost", name: "Mature Moments", logo: "/brands/mature.svg", primary: "rgb(91, 42, 134)", lang: "de", presumed: ["male", "female"] },
  { host: "pride.localhost", name: "Pride Match", logo: "/brands/pride.svg", primary: "rgb(11, 122, 117)", lang: "en", presumed: ["male", "male"] },
];

test.use({ locale: "en-GB" });

for (const site of SITES) {
  test(`${site.name} renders with its own brand at ${site.host}`, async ({ page }) => {
    await page.goto(url(site.host));
    await expect(page.locator("html")).toHaveAttribute("lang", site.lang);
    await expect(page.getByRole("img", { name: site.name }).first()).toHaveAttribute("src", site.logo);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const brandColour = await page.evaluate(() => {
      const probe = document.createElement("span");
      probe.className = "text-primary";
      document.body.append(probe);
      return getComputedStyle(probe).color;
    });
    expect(brandColour).toBe(site.primary);
    for (const other of SITES.filter((s) => s !== site)) await expect(page.getByText(other.name)).toHaveCount(0);

    // a new visitor joins from the home page, in the site's language
    const t = site.lang === "de" ? de : en;
    const warning = page.getByRole("dialog", { name: t.entryWarning.title });
    if (await warning.isVisible()) await warning.getByRole("button").click();
    await expect(warning).toHaveCount(0);
    // the hero's call to action (the top bar has its own)
    await page.getByRole("main").getByRole("button", { name: t.nav.signup }).click();
    const form = page.getByRole("dialog", { name: t.signup.title.replace("{{siteName}}", site.name) });
    await expect(form.getByRole("heading", { name: t.signup.title.replace("{{siteName}}", site.name) })).toBeVisible();
    await expect(form.getByLabel(t.signup.iAm)).toHaveValue(site.presumed[0]!);
    await expect(form.getByLabel(t.signup.seeking)).toHaveValue(site.presumed[1]!);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    if (!site.presumed[0]) {
      await form.getByLabel(t.signup.iAm).selectOption("female");
      await form.getByLabel(t.signup.seeking).selectOption("male");
    }
    await form.getByLabel(t.signup.username).fill(`Join${stamp.slice(-6)}`);
    await form.getByLabel(t.signup.email).fill(`join${stamp}@example.test`);
    await form.getByLabel(t.signup.password, { exact: true }).fill("a long enough secret");
    const labels = { group: t.signup.dateOfBirth, day: t.signup.dobDay, month: t.signup.dobMonth, year: t.signup.dobYear };
    await pickBirthDate(form, "1984-11-23", labels);
    await form.getByRole("button", { name: t.signup.create }).click();
    await expect(page).toHaveURL(/\/signup\?step=photo$/, { timeout: 15_000 });
  });
}

test("the entry warning is confirmed once and stays away", async ({ page }) => {
  await page.goto(url("lovely.localhost"));
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Lovely Dates");
  // a slow answer: the warning stays (its button busy) until the choice is stored
  await page.route("**/api/entry-warning*", async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  await dialog.getByRole("button").click();
  await expect(dialog.getByRole("button")).toBeDisabled();
  await expect(dialog).toBeVisible();
  // the answer comes 1.5 s late on purpose: a loaded machine needs more than the default 5 s
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  // the moment it closes, a page opened next does not show it again
  const next = await page.context().newPage();
  await next.goto(url("lovely.localhost", "/pages/faq"));
  await expect(next.getByRole("dialog")).toHaveCount(0);
  await next.close();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // the confirmation belongs to this site only
  await page.goto(url("pride.localhost"));
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("the language switcher changes the language and remembers it", async ({ page }) => {
  await page.goto(url("lovely.localhost", "/pages/faq"));
  await page.getByRole("dialog").getByRole("button").click();
  await expect(page.getByRole("link", { name: "Terms and conditions" })).toBeVisible();
  await page.getByRole("combobox", { name: en.nav.language }).selectOption("nl");
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page).toHaveURL(/\/pages\/faq$/);
  await expect(page.getByRole("link", { name: "Algemene voorwaarden" })).toBeVisible();
  await page.goto(url("lovely.localhost", "/"));
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
});

test("an unknown page shows the 404 page with a way home", async ({ page }) => {
  const response = await page.goto(url("mature.localhost", "/gibt/es/nicht"));
  expect(response?.status()).toBe(404);
  // mature restricts the entry warning to visitors from its countries; this browser has none
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(de.errors.notFound);
  await page.getByRole("link", { name: de.errors.backHome }).click();
  await expect(page).toHaveURL(url("mature.localhost", "/"));
});

test("the terms show the company behind the site", async ({ page }) => {
  await page.goto(url("pride.localhost", "/pages/terms"));
  const company = page.getByRole("region", { name: enPages.common.companyDetails });
  await expect(company).toContainText("Nordlys Dating AB");
  await expect(company).toContainText("+46855512345");
});
