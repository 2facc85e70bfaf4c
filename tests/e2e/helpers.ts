import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";

/** Where the e2e server's mail goes (one file a message). */
const OUTBOX = ".data/e2e/outbox";

/** The activation link of the newest mail to this address in the outbox, if it has come. */
export function activationLink(email: string) {
  if (!existsSync(OUTBOX)) return undefined;
  for (const file of readdirSync(OUTBOX).sort().reverse()) {
    const raw = readFileSync(path.join(OUTBOX, file), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    if (raw.includes(`To: ${email}`)) return /https?:\/\/[^\s"<>]+activate\?token=[\w-]+/.exec(raw)?.[0];
  }
  return undefined;
}

const DEMO_PASSWORD = "rendezvous-demo";

/**
 * Logs in on a site's /login page, in whatever language it speaks (the fields by name), after
 * confirming the 18+ entry warning where it shows; ends on the member's home (/).
 */
export async function logIn(page: Page, origin: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${origin}/login`);
  const warning = page.getByTestId("entry-warning");
  if (await warning.isVisible()) {
    await warning.getByRole("button").click();
    await expect(warning).toBeHidden(); // a modal <dialog>: the page is inert until it closes
  }
  const form = page.locator("main form").filter({ has: page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').last().click();
  // the password hash (argon2id, 19 MiB) takes seconds when CI runs two browsers beside the server
  await expect(page).toHaveURL(`${origin}/`, { timeout: 20_000 });
}

/** Logs in as the site's demo member (member@{host}). */
export const logInAsDemoMember = (page: Page, origin: string, host: string) => logIn(page, origin, `member@${host}`);

const BIRTH_DATE_LABELS = { group: "Date of birth", day: "Day", month: "Month", year: "Year" };

/** Picks a date of birth ("1990-03-04") in the signup form's day, month and year fields (labels in the page's language). */
export async function pickBirthDate(scope: Locator | Page, iso: string, labels = BIRTH_DATE_LABELS) {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const group = scope.getByRole("group", { name: labels.group });
  await group.getByLabel(labels.day, { exact: true }).selectOption(String(day));
  await group.getByLabel(labels.month, { exact: true }).selectOption(String(month));
  await group.getByLabel(labels.year, { exact: true }).selectOption(String(year));
}
