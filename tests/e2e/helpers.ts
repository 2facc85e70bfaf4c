import { expect, type Page } from "@playwright/test";

/** Confirms the entry warning and logs in as a site's demo member; ends on /members. */
export async function logInAsDemoMember(page: Page, origin: string, host: string) {
  await page.goto(`${origin}/login`);
  await page.getByTestId("entry-warning").getByRole("button").click();
  await expect(page.getByTestId("entry-warning")).toBeHidden(); // a modal <dialog>: the page is inert until it closes
  await page.getByLabel("E-mail address").fill(`member@${host}`);
  await page.getByLabel("Password").fill("rendezvous-demo");
  await page.getByRole("button", { name: "Log in" }).click();
  // the password hash (argon2id, 19 MiB) takes seconds when CI runs two browsers beside the server
  await expect(page).toHaveURL(`${origin}/members`, { timeout: 15_000 });
}
