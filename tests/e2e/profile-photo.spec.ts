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

test("each photo and its buttons say which photo they are: Foto 2 von 3 löschen", async ({ page }) => {
  // mature's demo member in German (two photos; the test above fills pride's to its limit)
  const mature = `http://mature.localhost:${PORT}`;
  await logInAsDemoMember(page, mature, "mature.localhost", { language: "de" });
  await page.goto(`${mature}/profile`);
  const de = (key: string, options?: Record<string, unknown>) => tr("de", key, options);
  const section = page.getByRole("region", { name: de("profileEdit.photos") });
  const photos = section.getByRole("listitem");
  // a photo of this test's own, the newest and so the last: the test removes it again by its name
  const before = await photos.count();
  const jpeg = await sharp({ create: { width: 600, height: 750, channels: 3, background: "#a37" } })
    .jpeg()
    .toBuffer();
  await section.getByLabel(de("profileEdit.addPhoto")).setInputFiles({ name: "mine.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await section.getByRole("button", { name: de("profileEdit.upload") }).click();
  await expect(photos).toHaveCount(before + 1);
  const total = before + 1;
  for (let i = 0; i < total; i++) {
    const which = { n: i + 1, total };
    const photo = photos.nth(i);
    await expect(photo.getByRole("img", { name: de("profileEdit.photoN", which), exact: true })).toBeVisible();
    await expect(photo.getByRole("button", { name: de("profileEdit.deletePhoto", which), exact: true })).toBeVisible();
    // the main photo says so; another one offers to become it (one waiting for review does not)
    const isMain = await photo.getByText(de("profileEdit.main"), { exact: true }).isVisible();
    const waiting = await photo.getByText(de("profileEdit.photoPending"), { exact: true }).isVisible();
    await expect(photo.getByRole("button", { name: de("profileEdit.makeMainPhoto", which), exact: true })).toHaveCount(isMain || waiting ? 0 : 1);
  }
  // no button is named by its word alone
  await expect(section.getByRole("button", { name: de("profileEdit.delete"), exact: true })).toHaveCount(0);
  await section.getByRole("button", { name: de("profileEdit.deletePhoto", { n: total, total }), exact: true }).click();
  await expect(photos).toHaveCount(before);
  await expect(section.getByRole("img", { name: de("profileEdit.photoN", { n: total, total }), exact: true })).toHaveCount(0);
});
