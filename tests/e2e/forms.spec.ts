// Forms validate in the browser with the schema the server uses (conform + zod): a member sees
// what is wrong before anything is posted, in their language, and a refused post keeps what
// they typed (the server never sends a password back into the page).
import { expect, test } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { logInAsDemoMember, passEntryWarning } from "./helpers.ts";

const host = "lovely.localhost";
const origin = `http://${host}:${PORT}`;

test("login: empty fields are named before anything is posted; a wrong password is refused, the address kept", async ({ page }) => {
  await page.goto(`${origin}/login`);
  await passEntryWarning(page);
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  const email = page.getByLabel("E-mail address");
  const password = page.getByLabel("Password", { exact: true });

  await page.getByRole("button", { name: "Log in" }).click();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: "Please fill in this field" })).toHaveCount(2);
  expect(posts).toEqual([]);

  await email.fill(`member@${host}`);
  await password.fill("not the password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Login failed, please try again");
  expect(posts).toHaveLength(1);
  await expect(email).toHaveValue(`member@${host}`);
});

test("login: a click on Log in straight from a wrong field submits (its error does not move the button away first)", async ({ page }) => {
  await page.goto(`${origin}/login`);
  await passEntryWarning(page);
  const email = page.getByLabel("E-mail address");
  await email.focus();
  // the pointer goes down on the button while the empty address field still has the focus
  await page.getByRole("button", { name: "Log in" }).click();
  // the submit ran: the password, never visited, is named too
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAttribute("aria-invalid", "true");
});

test("settings: a repeat that differs is caught in the browser; a wrong current password comes back from the server", async ({ page }) => {
  await logInAsDemoMember(page, origin, host);
  await page.goto(`${origin}/profile/settings`);
  const form = page.getByRole("region", { name: "Change password" });
  await form.getByLabel("Current password").fill("wrong current password");
  await form.getByLabel("New password", { exact: true }).fill("a brand new password");
  await form.getByLabel("Repeat new password").fill("a different password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("The entered passwords are not the same")).toBeVisible();
  await expect(form.getByLabel("Repeat new password")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Repeat new password").fill("a brand new password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Please check your old password")).toBeVisible();
  await expect(form.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
});
