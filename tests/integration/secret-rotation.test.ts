// Rotating APP_SECRET (docs/security.md): links and codes signed with the old secret keep working
// while it is given as APP_SECRET_PREVIOUS, new ones are signed with the new secret only, and a
// link signed with neither is refused. Photo URLs (a day), unsubscribe links (as long as the mail
// is kept) and direct-debit codes (10 minutes) are what a deploy would otherwise break.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getMediaStorage } from "#app/media/storage.server.ts";
import { unsubscribeQuery } from "#app/notifications/unsubscribe-link.server.ts";
import { issueCode, verifyCode } from "#app/payments/direct-debit-otp.server.ts";
import { photoUrl } from "#app/profiles/photo-url.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { createMember } from "#tests/support/factories.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { postForm, request } from "#tests/support/http.ts";

const OLD = "the-secret-before-the-rotation-0123456789";
const NEW = "the-secret-after-the-rotation-9876543210";
const NEITHER = "a-secret-this-deployment-never-had-000000";
const lovely = { key: "lovely", cdn_prefix: "" };
const server = useTestServer();

/** What every process of the deployment would read after its restart. */
function secrets(current: string, previous?: string) {
  process.env.APP_SECRET = current;
  if (previous) process.env.APP_SECRET_PREVIOUS = previous;
  else delete process.env.APP_SECRET_PREVIOUS;
  resetSingleton("env");
}

async function signedWith<T>(secret: string, sign: () => T | Promise<T>): Promise<T> {
  const saved = { current: process.env.APP_SECRET!, previous: process.env.APP_SECRET_PREVIOUS };
  secrets(secret);
  try {
    return await sign();
  } finally {
    secrets(saved.current, saved.previous);
  }
}

describe("APP_SECRET rotated, the old one given as APP_SECRET_PREVIOUS", () => {
  const testSecret = process.env.APP_SECRET!;
  const restore = () => secrets(testSecret);

  it("still serves a photo URL signed before, and refuses one signed with neither", async () => {
    const m = await createMember({ site: "lovely", photos: 1 });
    const photo = await getDb().photo.findFirstOrThrow({ where: { profileId: m.profile.id } });
    const jpeg = await sharp({ create: { width: 40, height: 50, channels: 3, background: "#3a5" } })
      .jpeg()
      .toBuffer();
    await getMediaStorage().put(photo.filename, jpeg, "image/jpeg");
    const before = await signedWith(OLD, () => photoUrl(lovely, photo.filename));
    const forged = await signedWith(NEITHER, () => photoUrl(lovely, photo.filename));
    try {
      secrets(NEW); // rotated without keeping the old one: the photos on every open page break
      expect((await request(server, before)).status).toBe(404);
      secrets(NEW, OLD);
      expect((await request(server, before)).status).toBe(200);
      expect((await request(server, forged)).status).toBe(404);
      const after = photoUrl(lovely, photo.filename);
      expect(after).not.toBe(before); // new URLs are the new secret's
      expect((await request(server, after)).status).toBe(200);
    } finally {
      restore();
    }
  });

  it("still takes the one-click unsubscribe of a mail sent before, and refuses one signed with neither", async () => {
    const m = await createMember({ site: "lovely" });
    const target = { siteKey: "lovely", userId: m.user.id, type: "like" as const };
    const before = await signedWith(OLD, () => unsubscribeQuery(target));
    const forged = await signedWith(NEITHER, () => unsubscribeQuery(target));
    const oneClick = (query: string) => postForm(server, `/notifications?${query}`, { "List-Unsubscribe": "One-Click" }, { host: "lovely.localhost" });
    try {
      secrets(NEW, OLD);
      expect((await oneClick(forged)).status).toBe(400);
      expect((await getDb().user.findUniqueOrThrow({ where: { id: m.user.id } })).notificationsOff).toEqual([]);
      expect((await oneClick(before)).status).toBe(200);
      expect((await getDb().user.findUniqueOrThrow({ where: { id: m.user.id } })).notificationsOff).toEqual(["like"]);
    } finally {
      restore();
    }
  });

  it("confirms a direct-debit code issued before (its IBAN encrypted with the old key)", async () => {
    const site = getSiteRegistry().byKey.get("lovely")!;
    const m = await createMember({ site: "lovely" });
    const p = await getDb().creditPackage.create({ data: { siteKey: "lovely", credits: 100, priceCents: 1999, currency: "EUR" } });
    const mandate = {
      accountHolder: "Anna de Vries",
      iban: "NL91ABNA0417164300",
      street: "Keizersgracht",
      houseNumber: "12a",
      zip: "1015 CS",
      city: "Amsterdam",
      phone: "+31 6 12345678",
    };
    const issued = await signedWith(OLD, () => issueCode(getDb(), { site, userId: m.user.id, packageId: p.id, mandate }));
    if (!issued.ok) throw new Error("no code issued");
    try {
      secrets(NEW, OLD);
      expect(await verifyCode(getDb(), site, m.user.id, issued.token, issued.code)).toMatchObject({ ok: true, mandate: { iban: "NL91ABNA0417164300" } });
    } finally {
      restore();
    }
  });

  it("refuses a code issued under a secret that is neither", async () => {
    const site = getSiteRegistry().byKey.get("lovely")!;
    const m = await createMember({ site: "lovely" });
    const p = await getDb().creditPackage.create({ data: { siteKey: "lovely", credits: 100, priceCents: 1999, currency: "EUR" } });
    const mandate = {
      accountHolder: "Anna de Vries",
      iban: "NL91ABNA0417164300",
      street: "Keizersgracht",
      houseNumber: "12a",
      zip: "1015 CS",
      city: "Amsterdam",
      phone: "+31 6 12345678",
    };
    const issued = await signedWith(NEITHER, () => issueCode(getDb(), { site, userId: m.user.id, packageId: p.id, mandate }));
    if (!issued.ok) throw new Error("no code issued");
    try {
      secrets(NEW, OLD);
      expect(await verifyCode(getDb(), site, m.user.id, issued.token, issued.code)).toEqual({ ok: false, error: "code_invalid" });
    } finally {
      restore();
    }
  });
});
