// A visitor signs up in the desktop modal, walks through the steps, activates by e-mail and
// logs out and in again, in a real browser.
import { expect, test, type Page } from "@playwright/test";
import type { TOptions } from "i18next";
import { PORT } from "../../playwright.config.ts";
import { accountMenu, activationLink, pageLanguage, passEntryWarning, pickBirthDate, tr, trPattern } from "./helpers.ts";

const site = `http://lovely.localhost:${PORT}`;

test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

async function enter(page: Page, url = site) {
  await page.goto(url);
  await passEntryWarning(page);
}
const en = (key: string, options?: TOptions) => tr("en", key, options);
const stepTitle = (page: Page, step: string) => page.getByRole("heading", { level: 1, name: en(`signup.steps.${step}.title`), exact: true });

test("sign up in the modal, keep the draft, walk the steps and activate", async ({ page }) => {
  const email = `e2e${Date.now()}@example.test`;
  await enter(page);
  const signUp = page.getByRole("banner").getByRole("button", { name: en("nav.signup"), exact: true });
  await signUp.click();
  const modal = page.getByRole("dialog", { name: en("signup.title", { siteName: "Lovely Dates" }) });
  await expect(modal).toBeVisible();
  await modal.getByLabel("Username").fill("Robin");
  // signup in progress: Escape does not close the modal
  await page.keyboard.press("Escape");
  await expect(modal).toBeVisible();

  await modal.getByLabel("E-mail address").fill(email);
  await pickBirthDate(modal, "1991-06-15");
  await page.reload();
  await signUp.click();
  await expect(modal.getByLabel("E-mail address")).toHaveValue(email);
  await expect(modal.getByLabel("Username")).toHaveValue("Robin");
  await expect(modal.getByLabel("Year", { exact: true })).toHaveValue("1991");

  const form = modal;
  await form.getByLabel("I am").selectOption("male");
  await form.getByLabel("Looking for").selectOption("female");
  await form.getByLabel("Password", { exact: true }).fill("short");
  await form.getByRole("button", { name: "Create my account" }).click();
  await expect(form.getByText("Your password must be 8 to 128 characters long")).toBeVisible();
  await form.getByLabel("Password", { exact: true }).fill("a long enough secret");
  await form.getByRole("button", { name: "Create my account" }).click();

  await expect(page).toHaveURL(/\/signup\?step=photo$/);
  const reminder = page.getByText(en("alerts.activation", { email }));
  await expect(reminder).toHaveCount(0); // hidden on the signup route
  for (const step of ["photo", "personal", "about"]) {
    await expect(stepTitle(page, step)).toBeVisible();
    await page.getByRole("button", { name: "Skip this step" }).click();
  }
  await page.getByLabel("Country").selectOption("BE");
  await page.getByLabel("Province").selectOption("Oost-Vlaanderen"); // Belgium's list, not free text
  await page.getByLabel("City").fill("Gent");
  await page.getByRole("button", { name: "Continue" }).click();
  // the optional push step (this browser can push, a key exists, not subscribed): not now
  await expect(stepTitle(page, "push")).toBeVisible();
  await page.getByRole("link", { name: "Not now" }).click();
  await expect(stepTitle(page, "confirm")).toBeVisible();
  await expect(page.getByText(en("signup.steps.confirm.intro", { email }))).toBeVisible();

  await page.goto(site);
  await expect(reminder).toBeVisible();
  await expect.poll(() => activationLink(email), { timeout: 15_000 }).toBeTruthy();
  await page.goto(activationLink(email)!);
  await expect(page.getByRole("heading", { name: en("activation.doneTitle") })).toBeVisible();
  await page.goto(site);
  await expect(page.getByRole("heading", { name: en("activation.doneTitle") })).toHaveCount(0);
  await expect(reminder).toHaveCount(0);

  await accountMenu(page, "Robin").click();
  await page.getByRole("button", { name: "Log out" }).click();
  const navLogin = page.getByRole("banner").getByRole("link", { name: "Log in" });
  await expect(navLogin).toBeVisible();
  await navLogin.click();
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill("a long enough secret");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(accountMenu(page, "Robin")).toBeVisible();
});

test("the demo member logs in on its own site only", async ({ page }) => {
  await enter(page, `${site}/login`);
  await page.getByLabel("E-mail address").fill("member@lovely.localhost");
  await page.getByLabel("Password").fill("wrong");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Login failed, please try again");
  await page.getByLabel("Password").fill("rendezvous-demo");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(accountMenu(page, "Sam")).toBeVisible({ timeout: 20_000 }); // argon2 is slow on a loaded machine
  // the session belongs to lovely only
  await page.goto(`http://pride.localhost:${PORT}/login`);
  await expect(page.getByRole("heading", { name: tr(await pageLanguage(page), "login.title") })).toBeVisible();
  await expect(accountMenu(page, "Sam")).toHaveCount(0);
});

test("the e-mail did-you-mean appears as the member leaves the field and fills in the suggestion", async ({ page }) => {
  const stamp = Date.now();
  await enter(page, `${site}/signup`);
  const form = page.getByRole("main");
  await form.getByLabel("E-mail address").fill(`e2e${stamp}@gmial.com`);
  await form.getByLabel("Username").fill(`Kim${stamp % 1000}`);
  const hint = form.getByText(en("validation.didYouMean", { suggestion: `e2e${stamp}@gmail.com` }));
  await expect(hint).toBeVisible();
  await form.getByRole("button", { name: "Use this address" }).click();
  await expect(form.getByLabel("E-mail address")).toHaveValue(`e2e${stamp}@gmail.com`);
  await expect(hint).toHaveCount(0);

  await form.getByLabel("I am").selectOption("female");
  await form.getByLabel("Looking for").selectOption("male");
  await form.getByLabel("Password", { exact: true }).fill("a long enough secret");
  await pickBirthDate(form, "1990-02-03");
  await form.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/signup\?step=photo$/);
});

test("an address kept after the suggestion is not questioned again", async ({ page }) => {
  const email = `e2e${Date.now()}@hotmial.com`;
  await enter(page, `${site}/signup`);
  const form = page.getByRole("main");
  await form.getByLabel("E-mail address").fill(email);
  await form.getByLabel("Username").fill("Keeper");
  await expect(form.getByText(trPattern("en", "validation.didYouMean"))).toContainText("hotmail.com");
  await form.getByLabel("I am").selectOption("male");
  await form.getByLabel("Looking for").selectOption("male");
  await form.getByLabel("Password", { exact: true }).fill("a long enough secret");
  await pickBirthDate(form, "1988-07-09");
  await form.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/signup\?step=photo$/);
  await expect(stepTitle(page, "photo")).toBeVisible();
});

// A slow phone: the page shows and takes input before its scripts have run (hydrated).

/** Holds back the scripts whose address matches (all of the page's by default) until `release()`. */
async function holdScripts(page: Page, only: RegExp = /\/assets\/[^/]+\.js$/) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(only, async (route) => {
    await held;
    await route.continue().catch(() => {}); // the page may have gone meanwhile
  });
  return release;
}

test("a slow phone: the signup page keeps what was typed before its scripts ran, and submits it", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: "entry_ok", value: "1", url: site }]);
  const page = await context.newPage();
  const release = await holdScripts(page);
  await page.goto(`${site}/signup`, { waitUntil: "commit" });
  const form = page.getByRole("main");
  const email = `early${Date.now()}@example.test`;
  await form.getByLabel("I am").selectOption("female");
  await form.getByLabel("Looking for").selectOption("male");
  await form.getByLabel("Username").fill("Early");
  await form.getByLabel("E-mail address").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("a long enough secret");
  await pickBirthDate(form, "1992-08-09");
  release();
  // the scripts ran: leaving a field now marks it checked (green), which only the browser's check does
  const name = form.getByLabel("Username");
  await expect(async () => {
    await name.focus();
    await name.blur();
    await expect(name).toHaveAttribute("data-state", "valid", { timeout: 500 });
  }).toPass();
  await expect(form.getByLabel("I am")).toHaveValue("female");
  await expect(form.getByLabel("Looking for")).toHaveValue("male");
  await expect(name).toHaveValue("Early");
  await expect(form.getByLabel("E-mail address")).toHaveValue(email);
  await expect(form.getByLabel("Password", { exact: true })).toHaveValue("a long enough secret");
  await expect(form.getByLabel("Year", { exact: true })).toHaveValue("1992");
  await form.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/signup\?step=photo$/, { timeout: 15_000 });
  await context.close();
});

test("a slow phone: the signup modal a link opens keeps every key typed while the page's scripts start", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: "entry_ok", value: "1", url: site }]);
  const page = await context.newPage();
  const release = await holdScripts(page);
  await page.goto(`${site}/?signup=1`, { waitUntil: "commit" });
  const modal = page.getByRole("dialog", { name: en("signup.title", { siteName: "Lovely Dates" }) });
  const field = modal.getByLabel("E-mail address");
  const typed: string[] = [];
  const key = async (c: string) => {
    await page.keyboard.type(c);
    typed.push(c);
  };
  await field.click();
  for (const c of "early") await key(c);
  release();
  // a key every 50 ms until the scripts have run and made the dialog modal, then the rest of the address
  const modalNow = () => modal.evaluate((dialog) => dialog.matches(":modal"));
  for (let i = 0; !(await modalNow()); i++) {
    expect(i, "the dialog became modal").toBeLessThan(400);
    await key("abcdefghijklmnopqrstuvwxyz"[i % 26]!);
    await page.waitForTimeout(50);
  }
  for (const c of `${Date.now()}@example.test`) await key(c);
  await expect(field).toHaveValue(typed.join(""));
  await expect(field).toBeFocused();
  await context.close();
});

test("the 18+ warning, once confirmed, stays until the choice is saved and goes once: the form takes what is typed next", async ({ page }) => {
  await page.goto(`${site}/signup`);
  const warning = page.getByRole("dialog", { name: en("entryWarning.title") });
  const enterButton = warning.getByRole("button", { name: en("entryWarning.enter") });
  // the scripts ran: the warning is modal (with JavaScript the choice is saved without leaving the page)
  await expect.poll(() => warning.evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
  // each time the warning is put on the page again (it went at the click and came back, modal, while
  // the choice was saved: what the visitor typed meanwhile was lost)
  await page.evaluate(() => {
    const seen = window as unknown as { warningCameBack: number };
    seen.warningCameBack = 0;
    const isWarning = (node: Node) =>
      node instanceof Element &&
      !!(node.matches("dialog[aria-labelledby=entry-warning-title]") || node.querySelector("dialog[aria-labelledby=entry-warning-title]"));
    new MutationObserver((records) => {
      for (const record of records) seen.warningCameBack += [...record.addedNodes].filter(isWarning).length;
    }).observe(document.body, { childList: true, subtree: true });
  });
  // a slow network: the code that saves the choice comes late; the warning stays meanwhile, busy, the focus on its button
  const release = await holdScripts(page, /\/assets\/entry-warning-(?!modal-)[\w-]+\.js$/);
  await enterButton.click();
  await expect(warning).toBeVisible();
  await expect(enterButton).toHaveAttribute("aria-busy", "true");
  await expect(enterButton).toBeFocused();
  release();
  await expect(warning).toBeHidden();
  const form = page.getByRole("main");
  await form.getByLabel("Username").fill("Quick");
  await form.getByLabel("E-mail address").fill(`quick${Date.now()}@example.test`);
  await page.waitForLoadState("networkidle");
  await expect(warning).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { warningCameBack: number }).warningCameBack)).toBe(0);
  await expect(form.getByLabel("Username")).toHaveValue("Quick");
  await expect(form.getByLabel("E-mail address")).toHaveValue(/^quick\d+@example\.test$/);
});
