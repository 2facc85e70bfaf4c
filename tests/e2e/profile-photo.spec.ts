// The photo picker on the member's own profile: a styled box instead of "Choose File", that shows
// the chosen picture and its name before the upload, and the upload adds the photo.
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { PORT } from "../../playwright.config.ts";
import { logInAsDemoMember } from "./helpers.ts";

const site = `http://pride.localhost:${PORT}`;
test.use({ locale: "en-GB", viewport: { width: 390, height: 844 } });

test("the photo picker previews the chosen photo, then the upload adds it", async ({ page }) => {
  await logInAsDemoMember(page, site, "pride.localhost");
  await page.goto(`${site}/profile`);
  const photos = page.getByTestId("own-photo");
  const before = await photos.count();
  const picker = page.getByTestId("profile-photo-picker");
  await expect(picker).toContainText("Add a photo");
  await expect(picker.getByTestId("file-picker-name")).toContainText("up to 10 MB");
  const jpeg = await sharp({ create: { width: 600, height: 750, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();
  await picker.locator('input[type="file"]').setInputFiles({ name: "beach.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await expect(picker.getByTestId("file-picker-name")).toHaveText("beach.jpg");
  await expect.poll(() => picker.getByTestId("file-picker-preview").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.getByTestId("photos").getByRole("button", { name: "Upload" }).click();
  await expect(photos).toHaveCount(before + 1);
  // the picker is empty again for the next photo
  await expect(page.getByTestId("profile-photo-picker").getByTestId("file-picker-name")).toContainText("up to 10 MB");
});
