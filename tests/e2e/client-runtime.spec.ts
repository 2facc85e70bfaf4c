// The page's own machinery in Chromium: the navigation progress bar (shown after
// 200 ms, given up on after 5 s, gone once the page arrived; still under reduced motion), the
// reload guard for a page chunk a new deploy replaced (once a minute), the HTTP client logging
// the member out when an API answers 403 authentication_required, and the signup flow's optional
// push step ("Allow" stores this device's subscription, "Not now" goes on).
import { expect, test, type Page } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { logInAsDemoMember, signUp, tr } from "./helpers.ts";

const origin = (site: string) => `http://${site}.localhost:${PORT}`;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

/** Holds the answers to the likes page's data request for `ms`. */
async function slowLikes(page: Page, ms: number) {
  await page.unroute("**/likes.data*");
  await page.route("**/likes.data*", async (route) => {
    await wait(ms);
    await route.continue().catch(() => {}); // the page may have gone meanwhile
  });
}

test("the progress bar shows on a slow navigation, gives up after 5 s and is gone when the page arrived", async ({ page }) => {
  const o = origin("lovely");
  await logInAsDemoMember(page, o, "lovely.localhost");
  const bar = page.getByRole("progressbar", { name: "Loading" });
  const likesLink = page.getByRole("link", { name: /^Likes/ }).first();

  // a navigation answered after 2 s: the bar shows while it is pending, and is gone after
  await slowLikes(page, 2_000);
  await likesLink.click();
  await expect(bar).toBeVisible();
  await expect(page).toHaveURL(`${o}/likes`);
  await expect(bar).toHaveCount(0);

  // a navigation that hangs: the bar is given up on after 5 s while the page still waits
  await page
    .getByRole("link", { name: /^Search/ })
    .first()
    .click();
  await expect(page).toHaveURL(`${o}/members`);
  await expect(bar).toHaveCount(0);
  await slowLikes(page, 9_000);
  const started = Date.now();
  await likesLink.click();
  await expect(bar).toBeVisible();
  await expect(bar).toHaveCount(0, { timeout: 8_000 });
  const shownFor = Date.now() - started;
  expect(shownFor).toBeGreaterThan(4_500);
  expect(page.url()).toBe(`${o}/members`);
  await expect(page).toHaveURL(`${o}/likes`, { timeout: 10_000 });
  await expect(bar).toHaveCount(0);
});

test("under reduced motion the bar stands still", async ({ page }) => {
  const o = origin("lovely");
  await page.emulateMedia({ reducedMotion: "reduce" });
  await logInAsDemoMember(page, o, "lovely.localhost");
  // long enough that the bar is still there when its style is read on a loaded machine
  await slowLikes(page, 4_000);
  const bar = page.getByRole("progressbar", { name: "Loading" });
  // the login's own bar may still be fading out (it is removed 250 ms after "done"): read the new one
  await expect(bar).toHaveCount(0);
  await page
    .getByRole("link", { name: /^Likes/ })
    .first()
    .click();
  await expect(bar).toHaveAttribute("data-state", "running");
  const look = await bar.locator("div").evaluate((el) => ({ animation: getComputedStyle(el).animationName, transform: getComputedStyle(el).transform }));
  expect(look.animation).toBe("none");
  expect(look.transform).toBe("none"); // the full width, not growing
  await expect(page).toHaveURL(`${o}/likes`);
  await expect(bar).toHaveCount(0);
});

test("a page chunk that failed to load reloads the page once a minute, not more", async ({ page }) => {
  const o = origin("lovely");
  await page.goto(`${o}/login`);
  await expect(page.getByRole("dialog", { name: tr("en", "entryWarning.title") })).toBeVisible(); // hydrated: the dialog opened
  const mark = () =>
    page.evaluate(() => {
      (window as unknown as { marked: boolean }).marked = true;
    });
  const marked = () => page.evaluate(() => (window as unknown as { marked?: boolean }).marked === true);
  const preloadError = () =>
    page.evaluate(() => {
      const event = new Event("vite:preloadError", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });

  // the first failure reloads the page (a new document: the mark is gone)
  await mark();
  const reloaded = page.waitForEvent("load");
  await preloadError().catch(() => true); // the reload may tear down the evaluation
  await reloaded;
  expect(await marked()).toBe(false);
  const at = await page.evaluate(() => Number(sessionStorage.getItem("chunk-reload-at")));
  expect(Date.now() - at).toBeLessThan(30_000);

  // a second failure within the minute leaves the page alone (and the error to Vite)
  await mark();
  expect(await preloadError()).toBe(false);
  await page.waitForTimeout(1_000);
  expect(await marked()).toBe(true);

  // a minute later a failure may reload again
  await page.evaluate(() => sessionStorage.setItem("chunk-reload-at", String(Date.now() - 61_000)));
  const again = page.waitForEvent("load");
  await preloadError().catch(() => true);
  await again;
  expect(await marked()).toBe(false);
});

test("an API answering 403 authentication_required logs the member out", async ({ page }) => {
  const o = origin("lovely");
  await logInAsDemoMember(page, o, "lovely.localhost");
  // the member's session ended elsewhere: the next poll of /api/chats.php (5 s after load) says so
  let answered = 0;
  await page.route("**/api/chats.php", (route) => {
    answered++;
    return route.fulfill({ status: 403, contentType: "application/json", body: JSON.stringify({ authentication_required: true }) });
  });
  await page.waitForRequest((r) => new URL(r.url()).pathname === "/api/logout.php" && r.method() === "POST", { timeout: 15_000 });
  await expect(page).toHaveURL(`${o}/login`);
  expect(answered).toBe(1); // a 403 is not retried
  await page.unroute("**/api/chats.php");
  // logged out on the server too: the real API now refuses, the page shows a visitor
  const status = await page.evaluate(async () => (await fetch("/api/chats.php", { headers: { accept: "application/json" } })).status);
  expect(status).toBe(403);
  await page.goto(`${o}/`);
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
});

/** The signup's last step, which names the address the activation mail went to. */
const confirmStep = (page: Page, email: string) => page.getByText(tr("en", "signup.steps.confirm.intro", { email }));

/** A new member through the account step and the four skippable steps, on the signup page. */
async function signUpToPushStep(page: Page, o: string) {
  const email = `push${Date.now()}${Math.floor(Math.random() * 1000)}@example.test`;
  await signUp(page, o, { name: `Pusher${Date.now() % 100000}`, gender: "male", seeking: "female", birthDate: "1990-03-04", email });
  for (const step of ["photo", "personal", "about", "location"]) {
    await expect(page.getByRole("heading", { level: 1, name: tr("en", `signup.steps.${step}.title`), exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Skip this step" }).click();
  }
  await expect(page).toHaveURL(/\/signup\?step=(push|confirm)$/);
  return email;
}

test("the signup's push step: Not now goes on to the e-mail confirmation", async ({ page }) => {
  const o = origin("lovely");
  const email = await signUpToPushStep(page, o);
  await expect(page).toHaveURL(/\/signup\?step=push$/);
  await expect(page.getByRole("heading", { name: "Get notified of new messages" })).toBeVisible();
  await page.getByRole("link", { name: "Not now" }).click();
  await expect(confirmStep(page, email)).toBeVisible();
});

test("the signup's push step: Allow subscribes this device and goes on", async ({ page, context }) => {
  const o = origin("lovely");
  await context.grantPermissions(["notifications"], { origin: o });
  // no push service is reachable here: the browser's subscribe answers as a push service would
  await page.addInitScript(() => {
    PushManager.prototype.subscribe = async function () {
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Date.now()}`;
      const keys = { p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4", auth: "BTBZMqHH6r4Tts7J_aSIgg" };
      return {
        endpoint,
        options: { applicationServerKey: null },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => true,
      } as unknown as PushSubscription;
    };
  });
  const email = await signUpToPushStep(page, o);
  const stored = page.waitForResponse((r) => r.url().endsWith("/api/user.php?push=1") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Allow notifications" }).click();
  expect((await stored).status()).toBe(200);
  await expect(confirmStep(page, email)).toBeVisible();
});

test("the signup's push step is passed over where this browser cannot be offered push", async ({ page }) => {
  const o = origin("lovely");
  // permission already refused for the site: nothing to offer
  await page.addInitScript(() => {
    Object.defineProperty(Notification, "permission", { get: () => "denied" });
  });
  const email = await signUpToPushStep(page, o);
  await expect(confirmStep(page, email)).toBeVisible();
  await expect(page).toHaveURL(/\/signup\?step=confirm$/);
});
