import { describe, expect, it } from "vitest";
import { partnerOfferSchema } from "#app/tenancy/site-schema.ts";
import { teaserOf } from "./profile-landing.server.ts";

describe("teaserOf", () => {
  it("keeps a short text whole and cuts a long one at a word", () => {
    expect(teaserOf(null)).toBeNull();
    expect(teaserOf("   \n ")).toBeNull();
    expect(teaserOf("  Hello\n  there ")).toBe("Hello there");
    const cut = teaserOf("one two three four five six", 14);
    expect(cut).toBe("one two three…");
    expect(teaserOf("x".repeat(40), 10)).toBe(`${"x".repeat(10)}…`);
  });
});

describe("partner offers in the site config", () => {
  it("take https addresses only, and images the app serves or https ones", () => {
    const ok = { type: "cam", url: "https://cams.partner.example/?aff=1" };
    expect(partnerOfferSchema.safeParse(ok).success).toBe(true);
    for (const url of ["http://cams.partner.example/", "javascript:alert(1)", "//cams.partner.example", "https://localhost/", "data:text/html,x"]) {
      expect(partnerOfferSchema.safeParse({ ...ok, url }).success, url).toBe(false);
    }
    expect(partnerOfferSchema.safeParse({ ...ok, image: "/partners/cam.svg" }).success).toBe(true);
    expect(partnerOfferSchema.safeParse({ ...ok, image: "/etc/passwd" }).success).toBe(false);
    expect(partnerOfferSchema.safeParse({ ...ok, type: "escort" }).success).toBe(false);
    expect(partnerOfferSchema.safeParse({ ...ok, extra: 1 }).success).toBe(false);
  });
});
