// Live in two browsers: a new member writes to the Pride Match demo member; the demo member's
// open pages show it within a second, without a reload: the unread badge, the page title's
// count, and the message in the open thread.
import { expect, test, type Browser } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { pickBirthDate } from "./helpers.ts";

const PRIDE = `http://pride.localhost:${PORT}`;
test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

async function context(browser: Browser) {
  const ctx = await browser.newContext({ locale: "en-GB", viewport: { width: 1280, height: 900 } });
  await ctx.addCookies([
    { name: "entry_ok", value: "1", url: PRIDE },
    { name: "lng", value: "en", url: PRIDE },
  ]);
  return ctx.newPage();
}

test("a message reaches the partner's open pages live: badge, title and thread", async ({ browser }) => {
  // the demo member, on the search page
  const demo = await context(browser);
  await demo.goto(`${PRIDE}/login`);
  await demo.getByLabel("E-mail address").fill("member@pride.localhost");
  await demo.getByLabel("Password").fill("rendezvous-demo");
  await demo.getByRole("button", { name: "Log in" }).click();
  await expect(demo).toHaveURL(`${PRIDE}/`);
  await demo.goto(`${PRIDE}/profile`);
  const demoId = /\/members\/(\d+)$/.exec((await demo.locator('a[href^="/members/"]').first().getAttribute("href"))!)![1];
  await demo.goto(`${PRIDE}/members`);
  const badge = demo.getByTestId("unread-badge");
  const unreadBefore = Number((await badge.count()) ? await badge.innerText() : 0);

  // a new member signs up and writes
  const stamp = Date.now();
  const kim = await context(browser);
  await kim.goto(`${PRIDE}/signup`);
  const form = kim.getByTestId("signup-form");
  await form.getByLabel("E-mail address").fill(`live${stamp}@example.com`);
  await form.getByLabel("Username").fill(`Kim${stamp % 10000}`);
  await form.getByLabel("I am").selectOption("male");
  await form.getByLabel("Looking for").selectOption("male");
  await form.getByLabel("Password", { exact: true }).fill("a long enough secret");
  await pickBirthDate(form, "1991-04-05");
  await form.getByRole("button", { name: "Create my account" }).click();
  await expect(kim).toHaveURL(/\/signup\?step=photo$/);
  await kim.goto(`${PRIDE}/members/${demoId}/chat`);
  await kim.getByTestId("icebreaker-modal").getByTestId("icebreaker-line").first().click();
  await kim.getByTestId("chat-input").fill(`Hello from Kim ${stamp}`);
  const sent = Date.now();
  await kim.getByTestId("chat-input").press("Enter");
  await expect(kim).toHaveURL(/\/chats\/\d+$/);

  // the demo member's search page: the badge and the title follow without a reload
  await expect(badge).toHaveText(String(unreadBefore + 1), { timeout: 2_000 });
  expect(Date.now() - sent).toBeLessThan(3_000);
  await expect(demo).toHaveTitle(/^\(\d+\) /);

  // with the thread open, the next message appears in it as it is sent
  const thread = kim.url().replace(PRIDE, "");
  await demo.goto(`${PRIDE}${thread}`);
  await expect(demo.getByTestId("chat-message").last()).toContainText(`Hello from Kim ${stamp}`);
  await kim.getByTestId("chat-input").fill(`Are you there? ${stamp}`);
  await kim.getByTestId("chat-input").press("Enter");
  await expect(demo.getByTestId("chat-message").last()).toContainText(`Are you there? ${stamp}`, { timeout: 2_000 });
});
