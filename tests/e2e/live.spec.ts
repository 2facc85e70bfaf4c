// Live in two browsers: a new member writes to the Pride Match demo member; the demo member's
// open pages show it without a reload: the unread badge, the page title's count, and the message
// in the open thread (how fast: `npm run bench:live`).
import { expect, test, type Page } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { demoMemberPage, mainNavLink, signUp, tr, visitorPage } from "./helpers.ts";

const PRIDE = `http://pride.localhost:${PORT}`;
test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

/** The thread's message field. */
const messageField = (page: Page) => page.getByRole("textbox", { name: tr("en", "chat.messageLabel"), exact: true });
const messages = (page: Page) => page.getByTestId("chat-message");

test("a message reaches the partner's open pages live: badge, title and thread", async ({ browser }) => {
  // the demo member, on the search page
  const demo = await demoMemberPage(browser, PRIDE, { language: "en" });
  await demo.goto(`${PRIDE}/profile`);
  const demoId = /\/members\/(\d+)$/.exec((await demo.locator('a[href^="/members/"]').first().getAttribute("href"))!)![1];
  await demo.goto(`${PRIDE}/members`);
  // the main navigation's Messages link counts the unread ones in its name ("Messages, 3 unread")
  const messagesLink = mainNavLink(demo, "nav.messages");
  const unread = async () => Number(/\d+/.exec((await messagesLink.getAttribute("aria-label")) ?? "")?.[0] ?? 0);
  const unreadBefore = await unread();

  // a new member signs up and writes
  const stamp = Date.now();
  const kim = await visitorPage(browser, PRIDE, { language: "en" });
  await signUp(kim, PRIDE, { name: `Kim${stamp % 10000}`, gender: "male", seeking: "male", birthDate: "1991-04-05", email: `live${stamp}@example.com` });
  await kim.goto(`${PRIDE}/members/${demoId}/chat`);
  await kim
    .getByRole("dialog", { name: /^Break the ice with / })
    .getByRole("listitem")
    .first()
    .getByRole("button")
    .click();
  await messageField(kim).fill(`Hello from Kim ${stamp}`);
  await expect(messageField(kim)).toBeFocused();
  await kim.keyboard.press("Enter");
  await expect(kim).toHaveURL(/\/chats\/\d+$/);

  // the demo member's search page: the badge and the title follow without a reload. Its page was
  // loaded before Kim signed up, so its one early poll (5 s after loading) is long past and the
  // next one is a minute away: only the live event brings the count this soon. How soon a live
  // event arrives is measured by `npm run bench:live`, not by a browser test on a loaded machine.
  await expect.poll(unread, { timeout: 10_000, intervals: [50] }).toBe(unreadBefore + 1);
  await expect(messagesLink).toHaveAccessibleName(tr("en", "nav.messagesUnread", { count: unreadBefore + 1, shown: String(unreadBefore + 1) }));
  await expect(demo).toHaveTitle(/^\(\d+\) /);

  // with the thread open, the next message appears in it as it is sent
  const thread = kim.url().replace(PRIDE, "");
  await demo.goto(`${PRIDE}${thread}`);
  await expect(messages(demo).last()).toContainText(`Hello from Kim ${stamp}`);
  await messageField(kim).fill(`Are you there? ${stamp}`);
  await messageField(kim).press("Enter");
  // within 4 s of the send: the open thread's own first poll comes 5 s after it loaded
  await expect(messages(demo).last()).toContainText(`Are you there? ${stamp}`, { timeout: 4_000 });
});
