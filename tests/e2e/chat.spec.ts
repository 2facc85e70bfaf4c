// Chat in a real browser: two demo members on two sites of one network (lovely and mature,
// both reselling) write, send an image and a gift with credits debited exactly, one runs out of
// credits; a failed chat removal puts the chat back; message-or-create signup starts a
// conversation from the desktop modal and from the phone page.
import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { PORT } from "../../playwright.config.ts";
import { logInAsDemoMember, pickBirthDate } from "./helpers.ts";

const LOVELY = `http://lovely.localhost:${PORT}`;
const MATURE = `http://mature.localhost:${PORT}`;

test.describe.configure({ mode: "serial" });
test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

/** The site's demo member logged in, in a browser context of their own (the two chat with each other). */
async function logIn(browser: Browser, origin: string, host: string) {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: "entry_ok", value: "1", url: origin }]);
  const page = await context.newPage();
  await logInAsDemoMember(page, origin, host);
  return page;
}

const credits = (page: Page) => page.getByTestId("chat-credits");
/** where a thread's sends go (React Router posts fetcher submissions to /chats/{id}.data) */
const SEND_URL = /\/chats\/\d+(\.data)?(\?.*)?$/;
const messages = (page: Page) => page.getByTestId("chat-message");

test("two members of two sites chat: text, image and gift paid exactly, until the credits run out", async ({ browser }) => {
  test.setTimeout(150_000); // two browsers, a dozen sends, images: a long journey on a 2-core machine
  const andrea = await logIn(browser, MATURE, "mature.localhost");
  await andrea.goto(`${MATURE}/profile`);
  const andreaId = /\/members\/(\d+)$/.exec((await andrea.locator('a[href^="/members/"]').first().getAttribute("href"))!)![1];

  // Sam (lovely, 30 credits; a message costs 10 there, a photo 15, a gift 25) writes to Andrea on mature
  const sam = await logIn(browser, LOVELY, "lovely.localhost");
  await sam.goto(`${LOVELY}/members/${andreaId}`);
  await sam.getByTestId("message-button").click();
  await expect(sam).toHaveURL(`${LOVELY}/members/${andreaId}/chat`);
  const modal = sam.getByTestId("icebreaker-modal");
  await expect(modal).toBeVisible();
  await modal.getByTestId("icebreaker-line").nth(2).click();
  await expect(modal).toBeHidden();
  await expect(sam.getByTestId("chat-input")).toHaveValue("Hi Andrea! Coffee or a glass of wine for a first date?");
  await expect(credits(sam)).toHaveText("30 credits");
  await expect(sam.getByTestId("chat-price")).toContainText("A message costs 10 credits");
  await sam.getByTestId("chat-input").press("Enter");
  await expect(sam).toHaveURL(/\/chats\/\d+$/);
  const thread = sam.url().replace(LOVELY, "");
  await expect(messages(sam)).toHaveCount(1);
  await expect(messages(sam).first()).toContainText("Coffee or a glass of wine");
  await expect(credits(sam)).toHaveText("20 credits");

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
  await sam.getByTestId("chat-photo-open").click();
  await sam.getByTestId("chat-photo-input").setInputFiles({ name: "holiday.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await sam.getByTestId("chat-photo-send").click();
  const image = sam.locator('[data-testid="chat-message"][data-kind="image"] img');
  await expect(image).toHaveCount(1);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(lost).toBe(true);
  await expect(credits(sam)).toHaveText("5 credits");
  await expect(sam.getByTestId("chat-pending")).toHaveCount(0);
  await sam.unroute(SEND_URL);

  // a gift costs 25: not enough credits, nothing sent, nothing charged, also when retried
  await sam.getByTestId("chat-gift-open").click();
  await sam.getByTestId("gift-picker").locator('[data-gift="rose"]').click();
  const failed = sam.getByTestId("chat-pending");
  await expect(failed).toHaveAttribute("data-state", "failed");
  await expect(failed).toContainText("You do not have enough credits to send this message");
  await failed.getByTestId("chat-retry").click();
  await expect(failed).toHaveAttribute("data-state", "failed");
  await expect(credits(sam)).toHaveText("5 credits");
  await sam.reload();
  await expect(messages(sam)).toHaveCount(2);
  await expect(credits(sam)).toHaveText("5 credits");

  // Andrea sees both on mature, in German, and answers with a gift (30 of his 30 credits)
  await andrea.goto(`${MATURE}/chats`);
  const entry = andrea.getByTestId("chat-entry").filter({ hasText: "Sam" });
  await expect(entry.getByTestId("chat-unread")).toHaveText("2");
  await entry.getByRole("link").click();
  await expect(andrea).toHaveURL(/\/chats\/\d+$/);
  await expect(messages(andrea)).toHaveCount(2);
  await expect(messages(andrea).first()).toContainText("Coffee or a glass of wine");
  const received = andrea.locator('[data-testid="chat-message"][data-kind="image"] img');
  await expect.poll(() => received.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // the connection drops before the gift reaches the server: not sent; the retry sends it, with the same key
  await andrea.route(SEND_URL, (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback()));
  await andrea.getByTestId("chat-gift-open").click();
  await andrea.getByTestId("gift-picker").locator('[data-gift="rose"]').click();
  const unsent = andrea.getByTestId("chat-pending");
  await expect(unsent).toHaveAttribute("data-state", "failed");
  await expect(unsent).toContainText("Nicht gesendet");
  await expect(credits(andrea)).toHaveText("30 Credits");
  await andrea.unroute(SEND_URL);
  await unsent.getByTestId("chat-retry").click();
  await expect(andrea.locator('[data-testid="chat-message"][data-kind="gift"]')).toHaveCount(1);
  await expect(andrea.getByTestId("chat-pending")).toHaveCount(0);
  await expect(credits(andrea)).toHaveText("0 Credits");
  // and is out of credits now
  await andrea.getByTestId("chat-input").fill("Danke!");
  await andrea.getByTestId("chat-send-button").click();
  await expect(andrea.getByTestId("chat-pending")).toContainText("Du hast nicht genügend Credits, um diese Nachricht zu senden");
  await andrea.goto(`${MATURE}/chats`);
  await expect(andrea.getByTestId("chat-entry").filter({ hasText: "Sam" }).getByTestId("chat-unread")).toHaveCount(0);

  // Sam sees the gift after a reload
  await sam.goto(`${LOVELY}${thread}`);
  await expect(sam.locator('[data-testid="chat-message"][data-kind="gift"]')).toContainText("Andrea sent you a gift: Rose");
  await andrea.context().close();
  await sam.context().close();
});

test("a chat removal the server refuses puts the chat back and says why", async ({ browser }) => {
  const sam = await logIn(browser, LOVELY, "lovely.localhost");
  await sam.goto(`${LOVELY}/chats`);
  const entries = sam.getByTestId("chat-entry");
  const count = await entries.count();
  expect(count).toBeGreaterThan(2);
  const last = entries.last();
  const id = await last.getAttribute("data-conversation-id");
  await sam.route("**/api/chat.php", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "The server is having a moment." }) }),
  );
  await last.getByTestId("chat-remove").click();
  await expect(sam.getByTestId("chat-remove-error")).toHaveText(/The chat could not be removed: The server is having a moment\./);
  await expect(sam.locator(`[data-conversation-id="${id}"]`)).toHaveCount(1);
  await expect(entries).toHaveCount(count);

  // with the server answering again, it goes for good
  await sam.unroute("**/api/chat.php");
  // the entry leaves at once; the reload waits for the server's answer (a reload would cancel it)
  const removed = sam.waitForResponse((r) => r.url().endsWith("/api/chat.php") && r.request().method() === "DELETE");
  await sam.locator(`[data-conversation-id="${id}"]`).getByTestId("chat-remove").click();
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
  await expect(page.getByTestId(via === "modal" ? "message-signup-link" : "message-signup-open")).toBeHidden();
  if (via === "modal") {
    await page.getByTestId("message-signup-open").click();
    form = page.getByTestId("signup-modal");
  } else {
    await page.getByTestId("message-signup-link").click();
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
  const entry = page.getByTestId("chat-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(name);
  await expect(entry).toContainText(text);
  await entry.getByRole("link").click();
  await expect(messages(page)).toHaveCount(1);
  await expect(credits(page)).toHaveText("10 credits");
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
