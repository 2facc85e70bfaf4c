// Notifications in a real browser: a member switches a type off on /notifications and the switch
// stays; the unsubscribe link of a real notification mail (from the outbox) opens the e-mail
// source variant of the page without logging in and switches that type off.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { activate, signUp } from "./helpers.ts";

const origin = `http://lovely.localhost:${PORT}`;
const outbox = ".data/e2e/outbox";

test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

/** The outbox mails to an address, decoded from quoted-printable enough to read links and headers. */
function mailsTo(email: string) {
  let files: string[] = [];
  try {
    files = readdirSync(outbox);
  } catch {
    /* no mail yet */
  }
  return files
    .filter((f) => f.endsWith(".eml"))
    .map((f) =>
      readFileSync(path.join(outbox, f), "utf8")
        .replace(/\r?\n[ \t]+(?=\S)/g, " ")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    )
    .filter((raw) => raw.includes(`To: ${email}`));
}

/** A new member of Lovely Dates, signed up in English and activated through the mailed link; logged in on `page`. */
async function newMember(page: Page, name: string, gender: "male" | "female", seeking: "male" | "female") {
  const email = await signUp(page, origin, { name, gender, seeking, language: "en", email: `e2e-notify-${Date.now()}-${name.toLowerCase()}@example.test` });
  await activate(page, email);
  return email;
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** The e-mail or push box of one event on /notifications (a group named by the event). */
const box = (page: Page, event: string, channel: "E-mail" | "Push") =>
  page.getByRole("group", { name: event, exact: true }).getByRole("checkbox", { name: channel, exact: true });

test("a new member gets no marketing mail until they switch it on; likes by e-mail and messages by push switched off stay off", async ({ page }) => {
  await newMember(page, `Nora${Date.now() % 1000}`, "female", "male");
  await page.goto(`${origin}/notifications`);
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  for (const marketing of ["Offers and promotions", "News", "Weekly update"]) await expect(box(page, marketing, "E-mail")).not.toBeChecked();
  for (const own of ["Likes", "New messages", "New conversations"]) await expect(box(page, own, "E-mail")).toBeChecked();
  await box(page, "Likes", "E-mail").uncheck();
  await box(page, "New messages", "Push").uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your notification settings have been saved.")).toBeVisible();
  await page.reload();
  await expect(box(page, "Likes", "E-mail")).not.toBeChecked();
  await expect(box(page, "Likes", "Push")).toBeChecked();
  await expect(box(page, "New messages", "E-mail")).toBeChecked();
  await expect(box(page, "New messages", "Push")).not.toBeChecked();
});

test("the unsubscribe link of a real like mail opens the e-mail source variant without login", async ({ page, browser }) => {
  test.setTimeout(120_000); // two signups with activation and a mail through the queue: over a minute when CI is busy
  const likedName = `Liv${Date.now() % 1000}`;
  const likedEmail = await newMember(page, likedName, "female", "male");
  await page.goto(`${origin}/profile`);
  const likedId = await page.evaluate(async () => (await (await fetch("/api/user.php")).json()).user?.profile?.id as number | undefined);
  expect(likedId).toBeTruthy();

  const liker = await freshPage(browser);
  await newMember(liker, `Leo${Date.now() % 1000}`, "male", "female");
  await liker.goto(`${origin}/members/${likedId}`);
  // the profile's own like button: the page also suggests other members (an earlier try's Liv among them)
  const panel = liker.getByTestId("like-panel");
  await panel.getByRole("button", { name: new RegExp(`^Like\\W+${likedName}$`) }).click();
  await expect(panel.getByRole("button", { name: new RegExp(`^Liked\\W+${likedName}$`) })).toHaveAttribute("aria-pressed", "true");

  let unsubscribe: string | undefined;
  await expect
    .poll(
      () =>
        (unsubscribe = mailsTo(likedEmail)
          .map((raw) => /^List-Unsubscribe: <([^>]+)>/m.exec(raw)?.[1])
          .find(Boolean)),
      { timeout: 20_000 },
    )
    .toBeTruthy();
  expect(unsubscribe).toContain(`${origin}/notifications?source=email`);
  expect(unsubscribe).toContain("type=like");

  const visitor = await freshPage(browser); // not logged in
  await visitor.context().addCookies([{ name: "lng", value: "en", url: origin }]);
  await visitor.goto(unsubscribe!);
  const variant = visitor.getByRole("main");
  await expect(variant).toContainText(`E-mails about Likes are switched on for ${likedEmail}.`);
  await variant.getByRole("button", { name: "Stop e-mails about Likes" }).click();
  await expect(variant).toContainText("You no longer receive e-mails about: Likes.");
  await visitor.reload();
  await expect(variant).toContainText(`E-mails about Likes are switched off for ${likedEmail}.`);

  // the member sees the same switch when logged in
  await page.goto(`${origin}/notifications`);
  await expect(box(page, "Likes", "E-mail")).not.toBeChecked();
});
