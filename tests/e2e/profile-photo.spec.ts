// The photo picker on the member's own profile: a styled box instead of "Choose File", that shows
// the chosen picture and its name before the upload, and the upload adds the photo.
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { PORT } from "../../playwright.config.ts";
import { logInAsDemoMember, tr } from "./helpers.ts";

const site = `http://pride.localhost:${PORT}`;
test.use({ locale: "en-GB", viewport: { width: 390, height: 844 } });

test("the photo picker previews the chosen photo, then the upload adds it", async ({ page }) => {
  await logInAsDemoMember(page, site, "pride.localhost");
  await page.goto(`${site}/profile`);
  const section = page.getByRole("region", { name: tr("en", "profileEdit.photos") });
  const photos = section.getByRole("listitem");
  const before = await photos.count();
  // the picker: a label around the hidden file input, which names it
  const input = section.getByLabel(tr("en", "profileEdit.addPhoto"));
  const picker = section.locator("label").filter({ has: page.locator('input[type="file"]') });
  await expect(section.getByText(tr("en", "filePicker.hint"), { exact: true })).toBeVisible();
  const jpeg = await sharp({ create: { width: 600, height: 750, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();
  await input.setInputFiles({ name: "beach.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await expect(section.getByText("beach.jpg", { exact: true })).toBeVisible();
  await expect(picker).toContainText(tr("en", "filePicker.change"));
  // the preview: the chosen picture itself (decorative beside its name)
  await expect.poll(() => picker.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await section.getByRole("button", { name: tr("en", "profileEdit.upload") }).click();
  await expect(photos).toHaveCount(before + 1);
  // the picker is empty again for the next photo
  await expect(section.getByText(tr("en", "filePicker.hint"), { exact: true })).toBeVisible();
});
