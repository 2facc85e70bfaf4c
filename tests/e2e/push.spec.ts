// Push and the installed app in Chromium: the site's manifest is linked and differs per site, the
// service worker (version 2) registers for a signed-in member with scope /, the push prompt shows
// and its dismissal is stored, the /notifications switch knows the device's state, and a push delivered to the real service worker (through the
// DevTools protocol, as no push service is reachable here) shows the notification from the
// payload and reaches the open page, which reloads its likes.
import { expect, test } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { logInAsDemoMember } from "./helpers.ts";

const origin = (site: string) => `http://${site}.localhost:${PORT}`;

test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

test("each site links its own manifest", async ({ page }) => {
  for (const [site, name, theme] of [
    ["lovely", "Lovely Dates", "#b3123b"],
    ["mature", "Mature Moments", "#5b2a86"],
  ] as const) {
    await page.goto(`${origin(site)}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), href!);
    expect(manifest).toMatchObject({ name, theme_color: theme, start_url: "/members", display: "standalone" });
  }
});

test("the service worker registers, the push prompt shows, and a push reaches the worker and the page", async ({ page, context }) => {
  const o = origin("lovely");
  await context.grantPermissions(["notifications"], { origin: o });
  await logInAsDemoMember(page, o, "lovely.localhost");

  const registration = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return { scope: reg.scope, script: reg.active?.scriptURL ?? null };
  });
  expect(registration).toEqual({ scope: `${o}/`, script: `${o}/sw.js` });

  // capable, permission granted, not subscribed, a key exists: the prompt is offered
  // the bar above the page (one bar at a time), known by its sentence
  const prompt = page.getByText("Get a notification on this device when someone writes to you or likes you.");
  await expect(prompt).toBeVisible();

  // a push as a push service would deliver it, to the real worker, while the likes page is open
  // (reached in the page: the prompt shows from a navigation on, once the page is hydrated and
  // listening to the worker; never on a page's first paint, where it would push the page down)
  await page.reload();
  await page.waitForTimeout(1_000); // the browser has answered the push state by now
  await expect(prompt).toHaveCount(0);
  await page
    .getByRole("banner")
    .getByRole("link", { name: /^Likes/ })
    .click();
  await expect(page).toHaveURL(`${o}/likes`);
  await expect(prompt).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { pushMessages: unknown[] }).pushMessages = [];
    navigator.serviceWorker.addEventListener("message", (e) => (window as unknown as { pushMessages: unknown[] }).pushMessages.push(e.data));
  });
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const found = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${o}/` && !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const payload = {
    title: "Anna likes you",
    body: "Anna liked your profile on Lovely Dates.",
    icon: `${o}/app-icon/192.png`,
    url: `${o}/likes`,
    kind: "like",
    tag: "lovely:/likes",
  };
  // the open likes page reloads its data (revalidation) when the worker passes the push on
  const likesReload = page.waitForRequest((r) => new URL(r.url()).pathname === "/likes.data");
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: `${o}/`, registrationId: await registrationId, data: JSON.stringify(payload) });

  await expect
    .poll(() =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url }));
      }),
    )
    .toEqual([{ title: payload.title, body: payload.body, url: payload.url }]);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { pushMessages: unknown[] }).pushMessages))
    .toEqual([{ type: "push", version: 2, kind: "like", url: payload.url }]);
  await likesReload;

  // dismissing the prompt is stored: it stays away after a reload
  const stored = page.waitForResponse((r) => /^\/api\/alerts(\.data)?$/.test(new URL(r.url()).pathname) && r.request().method() === "POST");
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(prompt).toBeHidden();
  // the prompt hides at the click; a reload before the answer would cancel the post
  expect((await stored).ok()).toBe(true);
  await page.reload();
  await expect(page.locator("main").first()).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForTimeout(1_000); // the browser has answered the push state by now
  await page
    .getByRole("banner")
    .getByRole("link", { name: /^Search/ })
    .click();
  await expect(page).toHaveURL(`${o}/members`);
  await expect(prompt).toHaveCount(0);

  // the switch for this device on /notifications knows the state (not subscribed: no push service
  // here): usable and off, which only a capable, unsubscribed device shows
  await page.goto(`${o}/notifications`);
  const toggle = page.getByRole("switch", { name: "Push notifications on this device" });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
});

test("the installed app: no entry warning, a back button on likes but not on the search", async ({ page, context }) => {
  const o = origin("lovely");
  // Chromium here ignores the DevTools display-mode emulation: the page is told it runs standalone
  // by answering that one media query, as the launcher-opened app would
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      /display-mode:\s*standalone/.test(query) ? ({ ...original(query), matches: true, media: query } as MediaQueryList) : original(query);
  });
  await page.goto(`${o}/login`);
  expect(await page.evaluate(() => matchMedia("(display-mode: standalone)").matches)).toBe(true);
  await expect.poll(async () => (await context.cookies(o)).find((c) => c.name === "installed_app")?.value).toBe("1");
  const warning = page.getByRole("dialog"); // the entry warning is the page's only dialog
  await expect(warning).toHaveCount(0);
  await page.getByLabel("E-mail address").fill("member@lovely.localhost");
  await page.getByLabel("Password").fill("rendezvous-demo");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(`${o}/`);
  await expect(warning).toHaveCount(0);
  const back = page.getByRole("button", { name: "Back", exact: true });
  await expect(back).toHaveCount(0);
  await page
    .getByRole("link", { name: /^Likes/ })
    .first()
    .click();
  await expect(page).toHaveURL(`${o}/likes`);
  await back.click();
  await expect(page).toHaveURL(`${o}/`);
});
