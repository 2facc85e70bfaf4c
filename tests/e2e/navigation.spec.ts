// Every member screen is reached from the navigation alone (no typed URL after login), on a
// phone (390 px: the tab bar at the bottom, the account menu at the top) and on a desktop
// (1280 px: the top bar and the account menu), on each demo site; the balance shows throughout.
import { expect, test } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { accountMenu, demoMemberPage } from "./helpers.ts";

const SITES = ["lovely", "mature", "pride"] as const;

for (const site of SITES) {
  for (const width of [390, 1280]) {
    test(`${site} at ${width} px: every member screen from the navigation`, async ({ browser }) => {
      test.setTimeout(120_000);
      const host = `${site}.localhost`;
      const origin = `http://${host}:${PORT}`;
      const page = await demoMemberPage(browser, origin, { viewport: { width, height: width < 640 ? 844 : 900 }, language: "en" });

      const phone = width < 640;
      const header = page.getByRole("banner");
      // the sections: the tab bar on a phone, the top bar on a desktop (Home is the logo there)
      const sections = phone ? page.getByRole("navigation", { name: "Sections" }) : header;
      await expect(page.getByRole("navigation", { name: "Sections" })).toBeVisible({ visible: phone });
      const open = async (name: string | RegExp, path: string) => {
        await sections.getByRole("link", { name }).click();
        await expect(page).toHaveURL(`${origin}${path}`);
        await expect(page.locator("main").first()).toBeVisible();
        // the balance is always in the top bar, whatever the member has
        await expect(header.getByRole("link", { name: /^\d+ credits?$/ })).toBeVisible();
      };
      const fromMenu = async (name: string | RegExp, path: string) => {
        await accountMenu(page).click();
        await header.getByRole("list").getByRole("link", { name }).click(); // the menu's list: the top bar has a Buy credits of its own
        await expect(page).toHaveURL(`${origin}${path}`);
        await expect(page.locator("main").first()).toBeVisible();
        await expect(header.getByRole("link", { name: /^\d+ credits?$/ })).toBeVisible();
      };

      await open(/^Search/, "/members");
      await open(/^Swipe/, "/swipe-game");
      await open(/^Messages/, "/chats");
      await open(/^Likes/, "/likes");
      if (phone) await open(/^Home/, "/");
      else {
        await header.getByRole("link", { name: site === "lovely" ? "Lovely Dates" : site === "mature" ? "Mature Moments" : "Pride Match" }).click();
        await expect(page).toHaveURL(`${origin}/`);
      }
      await expect(page.getByRole("heading", { name: "New for you" })).toBeVisible();

      await fromMenu("My profile", "/profile");
      await fromMenu("Match finder", "/match-finder");
      // the packages, with the way back to where the member pressed it
      await fromMenu("Buy credits", "/credits?back=%2Fmatch-finder");
      await fromMenu(/^(Premium|You are Premium)$/, "/premium");
      await fromMenu("Purchases and receipts", "/transactions");
      await fromMenu("Notifications", "/notifications");
      await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
      await fromMenu("Settings", "/profile/settings");
      // settings keeps no notification switches of its own: it leads to their one place
      await page.getByRole("link", { name: "Choose notifications" }).click();
      await expect(page).toHaveURL(`${origin}/notifications`);
      // the balance leads to the packages, and back to the page it was pressed on
      await header.getByRole("link", { name: /^\d+ credits?$/ }).click();
      await expect(page).toHaveURL(`${origin}/credits?back=%2Fnotifications`);
      await page.context().close();
    });
  }
}
