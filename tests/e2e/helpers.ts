import { expect, type Locator, type Page } from "@playwright/test";

/** Confirms the entry warning and logs in as a site's demo member; ends on the member's home (/). */
export async function logInAsDemoMember(page: Page, origin: string, host: string) {
  await page.goto(`${origin}/login`);
  await page.getByTestId("entry-warning").getByRole("button").click();
  await expect(page.getByTestId("entry-warning")).toBeHidden(); // a modal <dialog>: the page is inert until it closes
  await page.getByLabel("E-mail address").fill(`member@${host}`);
  await page.getByLabel("Password").fill("rendezvous-demo");
  await page.getByRole("button", { name: "Log in" }).click();
  // the password hash (argon2id, 19 MiB) takes seconds when CI runs two browsers beside the server
  await expect(page).toHaveURL(`${origin}/`, { timeout: 15_000 });
}

const BIRTH_DATE_LABELS = { group: "Date of birth", day: "Day", month: "Month", year: "Year" };

/** Picks a date of birth ("1990-03-04") in the signup form's day, month and year fields (labels in the page's language). */
export async function pickBirthDate(scope: Locator | Page, iso: string, labels = BIRTH_DATE_LABELS) {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const group = scope.getByRole("group", { name: labels.group });
  await group.getByLabel(labels.day, { exact: true }).selectOption(String(day));
  await group.getByLabel(labels.month, { exact: true }).selectOption(String(month));
  await group.getByLabel(labels.year, { exact: true }).selectOption(String(year));
}
