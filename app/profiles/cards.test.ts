// A card carries its main photo in both stored sizes, each URL signed for the site that made the
// card, and only for a photo anyone who sees the card may see (an active main photo).
import { describe, expect, it } from "vitest";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { cardSelect, toCard } from "./cards.server.ts";
import { verifyMediaPath } from "./photo-url.server.ts";
import { photoSrcSet } from "./photo-sizes.ts";

const site = (key: string) => getSiteRegistry().byKey.get(key)!;

async function cardOf(profileId: number, siteKey: string) {
  const row = await getDb().profile.findUniqueOrThrow({ where: { id: profileId }, select: cardSelect });
  return toCard(row, site(siteKey));
}

describe("card photos", () => {
  it("gives the thumbnail and the display size, both signed for this site only", async () => {
    const member = await createMember({ site: "lovely", photos: 1 });
    const photo = await getDb().photo.update({ where: { id: member.photoIds[0]! }, data: { width: 600, height: 750 } });
    const card = await cardOf(member.profile.id, "lovely");

    expect(card.display).toEqual({ url: expect.any(String), width: 600, height: 750 });
    expect(verifyMediaPath(site("lovely"), card.thumb!)?.key).toBe(photo.thumbFilename);
    expect(verifyMediaPath(site("lovely"), card.display!.url)?.key).toBe(photo.filename);
    expect(verifyMediaPath(site("mature"), card.thumb!)).toBeNull();
    expect(verifyMediaPath(site("mature"), card.display!.url)).toBeNull();
    expect(photoSrcSet(card.thumb!, card.display)).toBe(`${card.thumb} 200w, ${card.display!.url} 600w`);
  });

  it("gives no URL for a main photo that is not active", async () => {
    const member = await createMember({ site: "lovely", photos: 1 });
    await getDb().photo.update({ where: { id: member.photoIds[0]! }, data: { status: "pending", width: 600, height: 750 } });
    const card = await cardOf(member.profile.id, "lovely");
    expect(card.thumb).toBeNull();
    expect(card.display).toBeNull();
  });

  it("leaves the display size out when its pixel size was never stored", async () => {
    const member = await createMember({ site: "lovely", photos: 1 });
    const card = await cardOf(member.profile.id, "lovely");
    expect(card.thumb).not.toBeNull();
    expect(card.display).toBeNull();
    expect(photoSrcSet(card.thumb!, card.display)).toBe(`${card.thumb} 200w`);
  });
});

describe("photoSrcSet", () => {
  it("offers the display size only when it is wider than the thumbnail", () => {
    expect(photoSrcSet("/t.jpg", { url: "/d.jpg", width: 900, height: 1125 })).toBe("/t.jpg 200w, /d.jpg 900w");
    expect(photoSrcSet("/t.jpg", { url: "/d.jpg", width: 180, height: 120 })).toBe("/t.jpg 200w");
  });
});
