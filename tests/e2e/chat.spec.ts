// Chat in a real browser: two demo members on two sites of one network (lovely and mature,
// both reselling) write, send an image and a gift with credits debited exactly, one runs out of
// credits; a failed chat removal puts the chat back; message-or-create signup starts a
// conversation from the desktop modal and from the phone page.
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { PORT } from "../../playwright.config.ts";
import { demoMemberPage, pickBirthDate, tr, trPattern } from "./helpers.ts";

const LOVELY = `http://lovely.localhost:${PORT}`;
const MATURE = `http://mature.localhost:${PORT}`;

test.describe.configure({ mode: "serial" });
test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

/** The thread's credit balance in its header ("30 credits"), in the page's language. */
const credits = (page: Page, count: number, lng = "en") => page.getByRole("banner").getByText(tr(lng, "nav.credits", { count }), { exact: true });
/** The thread's message field. */
const messageField = (page: Page, lng = "en") => page.getByRole("textbox", { name: tr(lng, "chat.messageLabel"), exact: true });
/** A send that has not reached the server yet, or did not go through (its "Not sent" alert). */
const pending = (page: Page, lng = "en") => page.getByText(tr(lng, "chat.sending"), { exact: true }).or(page.getByRole("alert"));
const failed = (page: Page, lng = "en") => page.getByRole("alert").filter({ hasText: tr(lng, "chat.notSent") });
/** where a thread's sends go (React Router posts fetcher submissions to /chats/{id}.data) */
const SEND_URL = /\/chats\/\d+(\.data)?(\?.*)?$/;
const messages = (page: Page) => page.getByTestId("chat-message");

test("two members of two sites chat: text, image and gift paid exactly, until the credits run out", async ({ browser }) => {
  test.setTimeout(150_000); // two browsers, a dozen sends, images: a long journey on a 2-core machine
  const andrea = await demoMemberPage(browser, MATURE);
  await andrea.goto(`${MATURE}/profile`);
  const andreaId = /\/members\/(\d+)$/.exec((await andrea.locator('a[href^="/members/"]').first().getAttribute("href"))!)![1];

  // Sam (lovely, 30 credits; a message costs 10 there, a photo 15, a gift 25) writes to Andrea on mature
  const sam = await demoMemberPage(browser, LOVELY);
  await sam.goto(`${LOVELY}/members/${andreaId}`);
  await sam.getByRole("link", { name: new RegExp(`^${tr("en", "profileView.message")}\\W+Andrea$`) }).click();
  await expect(sam).toHaveURL(`${LOVELY}/members/${andreaId}/chat`);
  const modal = sam.getByRole("dialog", { name: tr("en", "chat.icebreakerTitle", { name: "Andrea" }) });
  await expect(modal).toBeVisible();
  await modal.getByRole("listitem").nth(2).getByRole("button").click();
  await expect(modal).toBeHidden();
  await expect(messageField(sam)).toHaveValue("Hi Andrea! Coffee or a glass of wine for a first date?");
  await expect(credits(sam, 30)).toBeVisible();
  await expect(sam.getByText(tr("en", "chat.priceMessage", { count: 10 }))).toBeVisible();
  await messageField(sam).press("Enter");
  await expect(sam).toHaveURL(/\/chats\/\d+$/);
  const thread = sam.url().replace(LOVELY, "");
  await expect(messages(sam)).toHaveCount(1);
  await expect(messages(sam).first()).toContainText("Coffee or a glass of wine");
  await expect(credits(sam, 20)).toBeVisible();

  // an image whose answer is lost on the way back (stored and charged, the browser never hears):
  // the thread reloads after the send and shows it once, charged once
  let lost = false;
  await sam.route(SEND_URL, async (route) => {
    if (route.request().method() !== "POST" || lost) return route.fallback();
    lost = true;
    // the test runner cannot resolve *.localhost: the same request to 127.0.0.1 with the site's Host
    const url = new URL(route.request().url());
    await route.fetch({ url: url.href.replace(url.hostname, "127.0.0.1"), headers: { ...(await route.request().allHeaders()), host: url.host } });
    await route.abort("connectionreset");
  });
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#d35" } })
    .jpeg()
    .toBuffer();
  await sam.getByRole("button", { name: tr("en", "chat.photo"), exact: true }).click();
  await sam.getByLabel(tr("en", "chat.choosePhoto")).setInputFiles({ name: "holiday.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await sam.getByRole("button", { name: tr("en", "chat.sendPhoto", { count: 15 }), exact: true }).click();
  const image = messages(sam).getByRole("img", { name: tr("en", "chat.yourPhoto"), exact: true });
  await expect(image).toHaveCount(1);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(lost).toBe(true);
  await expect(credits(sam, 5)).toBeVisible();
  await expect(pending(sam)).toHaveCount(0);
  await sam.unroute(SEND_URL);

  // a gift costs 25: not enough credits, nothing sent, nothing charged, also when retried
  await sam.getByRole("button", { name: tr("en", "chat.gift"), exact: true }).click();
  await sam.getByRole("button", { name: tr("en", "chat.gifts.rose") }).click();
  await expect(failed(sam)).toContainText("You do not have enough credits to send this message");
  await failed(sam)
    .getByRole("button", { name: tr("en", "chat.retry") })
    .click();
  await expect(sam.getByText(tr("en", "chat.sending"), { exact: true })).toHaveCount(0);
  await expect(failed(sam)).toContainText("You do not have enough credits to send this message");
  await expect(credits(sam, 5)).toBeVisible();
  await sam.reload();
  await expect(messages(sam)).toHaveCount(2);
  await expect(credits(sam, 5)).toBeVisible();

  // Andrea sees both on mature, in German, and answers with a gift (30 of his 30 credits)
  await andrea.goto(`${MATURE}/chats`);
  const entry = andrea.getByRole("listitem").filter({ hasText: "Sam" });
  await expect(entry.getByLabel(tr("de", "chat.unread", { count: 2 }), { exact: true })).toHaveText("2");
  await entry.getByRole("link").click();
  await expect(andrea).toHaveURL(/\/chats\/\d+$/);
  await expect(messages(andrea)).toHaveCount(2);
  await expect(messages(andrea).first()).toContainText("Coffee or a glass of wine");
  const received = messages(andrea).getByRole("img", { name: tr("de", "chat.photoFrom", { name: "Sam" }), exact: true });
  await expect.poll(() => received.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // the connection drops before the gift reaches the server: not sent; the retry sends it, with the same key
  await andrea.route(SEND_URL, (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback()));
  await andrea.getByRole("button", { name: tr("de", "chat.gift"), exact: true }).click();
  await andrea.getByRole("button", { name: tr("de", "chat.gifts.rose") }).click();
  const unsent = failed(andrea, "de");
  await expect(unsent).toContainText("Nicht gesendet");
  await expect(credits(andrea, 30, "de")).toBeVisible();
  await andrea.unroute(SEND_URL);
  await unsent.getByRole("button", { name: tr("de", "chat.retry") }).click();
  await expect(messages(andrea).getByText(tr("de", "chat.giftSent", { gift: tr("de", "chat.gifts.rose") }))).toHaveCount(1);
  await expect(pending(andrea, "de")).toHaveCount(0);
  await expect(credits(andrea, 0, "de")).toBeVisible();
  // and is out of credits now
  await messageField(andrea, "de").fill("Danke!");
  await andrea.getByRole("button", { name: tr("de", "chat.send"), exact: true }).click();
  await expect(failed(andrea, "de")).toContainText("Du hast nicht genügend Credits, um diese Nachricht zu senden");
  await andrea.goto(`${MATURE}/chats`);
  await expect(andrea.getByRole("listitem").filter({ hasText: "Sam" })).toHaveCount(1);
  await expect(andrea.getByRole("listitem").filter({ hasText: "Sam" }).getByLabel(trPattern("de", "chat.unread"))).toHaveCount(0);

  // Sam sees the gift after a reload
  await sam.goto(`${LOVELY}${thread}`);
  await expect(messages(sam).filter({ hasText: "Andrea sent you a gift: Rose" })).toHaveCount(1);
  await andrea.context().close();
  await sam.context().close();
});

test("a chat removal the server refuses puts the chat back and says why", async ({ browser }) => {
  const sam = await demoMemberPage(browser, LOVELY);
  await sam.goto(`${LOVELY}/chats`);
  const entries = sam.getByRole("main").getByRole("listitem");
  const count = await entries.count();
  expect(count).toBeGreaterThan(2);
  const last = entries.last();
  const id = await last.getAttribute("data-conversation-id");
  await sam.route("**/api/chat.php", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "The server is having a moment." }) }),
  );
  await last.getByRole("button", { name: trPattern("en", "chat.remove") }).click();
  await expect(sam.getByRole("alert")).toHaveText(/The chat could not be removed: The server is having a moment\./);
  await expect(sam.locator(`[data-conversation-id="${id}"]`)).toHaveCount(1);
  await expect(entries).toHaveCount(count);

  // with the server answering again, it goes for good
  await sam.unroute("**/api/chat.php");
  // the entry leaves at once; the reload waits for the server's answer (a reload would cancel it)
  const removed = sam.waitForResponse((r) => r.url().endsWith("/api/chat.php") && r.request().method() === "DELETE");
  await sam
    .locator(`[data-conversation-id="${id}"]`)
    .getByRole("button", { name: trPattern("en", "chat.remove") })
    .click();
  await expect(sam.locator(`[data-conversation-id="${id}"]`)).toHaveCount(0);
  expect((await removed).ok()).toBe(true);
  await sam.reload();
  await expect(entries).toHaveCount(count - 1);
  await sam.context().close();
});

async function messageOrCreate(page: Page, via: "modal" | "page") {
  await page.context().addCookies([{ name: "entry_ok", value: "1", url: LOVELY }]);
  await page.goto(`${LOVELY}/members`);
  const card = page.getByTestId("profile-card").nth(via === "modal" ? 3 : 4);
  const id = await card.getAttribute("data-profile-id");
  await card.click();
  await expect(page).toHaveURL(`${LOVELY}/members/${id}`);
  const name = (await page.locator("h1").first().textContent())!.split(",")[0]!;
  let form = page.locator("body");
  // one "Send a message" per screen size: the modal on desktop, the signup page on phones
  const write = tr("en", "chat.writeMessage");
  await expect(page.getByRole(via === "modal" ? "link" : "button", { name: write, exact: true })).toBeHidden();
  if (via === "modal") {
    await page.getByRole("button", { name: write, exact: true }).click();
    form = page.getByRole("dialog");
  } else {
    await page.getByRole("link", { name: write, exact: true }).click();
    await expect(page).toHaveURL(`${LOVELY}/members/${id}/signup`);
  }
  const text = `Hello ${name}, I signed up just to write to you (${via}).`;
  await form.getByLabel(`Your message to ${name}`).fill(text);
  await form.getByLabel("I am").selectOption("male");
  await form.getByLabel("Looking for").selectOption("female");
  await form.getByLabel("Username").fill(via === "modal" ? "Desktop Dan" : "Phone Phil");
  await form.getByLabel("E-mail address").fill(`e2e-chat-${via}-${Date.now()}@example.test`);
  await form.getByLabel("Password", { exact: true }).fill("a long enough secret");
  await pickBirthDate(form, "1988-05-17");
  await form.getByRole("button", { name: "Send message and create account" }).click();
  await expect(page).toHaveURL(`${LOVELY}/signup?step=photo`);
  // the message is the first message of a conversation with that profile, paid from the 20 signup credits
  await page.goto(`${LOVELY}/chats`);
  const entry = page.getByRole("main").getByRole("listitem");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(name);
  await expect(entry).toContainText(text);
  await entry.getByRole("link").click();
  await expect(messages(page)).toHaveCount(1);
  await expect(credits(page, 10)).toBeVisible();
}

test("message or create: the typed message starts a conversation, from the desktop modal", async ({ page }) => {
  await messageOrCreate(page, "modal");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("message or create: the typed message starts a conversation, from the signup page", async ({ page }) => {
    await messageOrCreate(page, "page");
  });
});
