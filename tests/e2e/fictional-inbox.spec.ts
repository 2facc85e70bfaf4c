// The fictional inbox in a real browser: a member (a copy of lovely's demo member) writes to one
// of lovely's fictional profiles (paid like any message), support finds the conversation waiting
// in the inbox, answers as the profile, and the member reads the answer with their credits
// unchanged by it.
import { expect, test } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { loggedInStaff, logIn, newMember, sql } from "./helpers.ts";

const LOVELY = `http://lovely.localhost:${PORT}`;
const SHOTS = process.env.SHOTS_DIR;

test("support answers a member's message to a fictional profile from the fictional inbox", async ({ browser }) => {
  test.setTimeout(120_000);
  const [fictional] = await sql<{ id: number; name: string }>(
    "SELECT p.id, p.name FROM profiles p WHERE p.site_key = 'lovely' AND p.fictional AND p.status = 'active' AND p.gender = 'female' ORDER BY p.id LIMIT 1",
  );
  expect(fictional).toBeTruthy();
  // a member of the test's own (a copy of the demo member): other specs spend and buy as the demo member
  const { email } = await newMember("lovely", { credits: 100 });
  const memberContext = await browser.newContext({ locale: "en-GB" });
  await memberContext.addCookies([{ name: "lng", value: "en", url: LOVELY }]);
  const member = await memberContext.newPage();
  await logIn(member, LOVELY, email);
  await member.goto(`${LOVELY}/members/${fictional!.id}/chat`);
  // a first message opens the icebreakers: take one, then write our own
  const modal = member.getByRole("dialog", { name: `Break the ice with ${fictional!.name}` });
  await expect(modal).toBeVisible();
  await modal.getByRole("listitem").getByRole("button").first().click();
  await expect(modal).toBeHidden();
  const input = member.getByRole("textbox", { name: "Message", exact: true });
  await input.fill("Hello, is anyone there?");
  await input.press("Enter");
  await expect(member).toHaveURL(/\/chats\/\d+$/);
  const conversationId = Number(/\/chats\/(\d+)$/.exec(member.url())![1]);
  // the message is paid (the send has answered); the thread's header shows the balance after it
  const [me] = await sql<{ credits: number }>("SELECT credits FROM users WHERE email = $1", [email]);
  const creditsAfterMine = me!.credits;
  expect(creditsAfterMine).toBeLessThan(100);
  const balance = member.getByRole("banner").getByText(/^\d+ credits?$/);
  await expect(balance).toHaveText(`${creditsAfterMine} credits`);

  for (const width of [1280, 390]) {
    // a support colleague at each width (an account of its own each)
    const { page: staff } = await loggedInStaff(browser, "support", LOVELY, { width });
    await staff.getByRole("link", { name: "Fictional inbox" }).click();
    const row = staff
      .getByRole("table")
      .getByRole("row")
      .filter({ has: staff.getByRole("link", { name: `#${conversationId}`, exact: true }) });
    await expect(row).toContainText(width === 1280 ? "Waiting for an answer" : "Answered");
    if (SHOTS) await staff.screenshot({ path: `${SHOTS}/inbox-${width}.png`, fullPage: true });
    await row.getByRole("link", { name: `#${conversationId}` }).click();
    const thread = staff.getByRole("main").getByRole("listitem");
    await expect(thread.filter({ hasText: "Hello, is anyone there?" })).toBeVisible();
    if (width === 1280) {
      await staff.getByLabel(`Reply as ${fictional!.name}`).fill("Hi! I'm here. Tell me about your day.");
      await staff.getByRole("button", { name: "Send reply" }).click();
      await expect(staff.getByText("The reply has been sent.")).toBeVisible();
      await expect(thread.last()).toContainText("Tell me about your day.");
      await expect(staff.getByLabel(`Reply as ${fictional!.name}`)).toHaveValue("");
    }
    if (SHOTS) await staff.screenshot({ path: `${SHOTS}/thread-${width}.png`, fullPage: true });
    await staff.context().close();
  }
  // the member reads the answer; the answer cost them nothing
  await member.reload();
  await expect(member.getByText("Hi! I'm here. Tell me about your day.", { exact: true })).toBeVisible();
  await expect(balance).toHaveText(`${creditsAfterMine} credits`);
  if (SHOTS) await member.screenshot({ path: `${SHOTS}/member-thread.png`, fullPage: true });
  await memberContext.close();
});
