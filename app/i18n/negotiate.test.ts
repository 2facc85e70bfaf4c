import { describe, expect, it } from "vitest";
import { negotiateLocale } from "./negotiate.ts";

const pride = ["sv", "nb", "da", "fi", "pl", "es", "it", "fr", "en"] as const;
const lovely = ["en", "nl", "de", "fr"] as const;

describe("negotiateLocale", () => {
  it("takes the first of the visitor's languages that the site has, not the site's first", () => {
    expect(negotiateLocale("de-DE,de;q=0.9,en;q=0.8", pride)).toBe("en");
    expect(negotiateLocale("de-DE,en-US;q=0.9", pride)).toBe("en");
  });

  it("follows q-values rather than the order written", () => {
    expect(negotiateLocale("en;q=0.5,fr;q=0.9", lovely)).toBe("fr");
    expect(negotiateLocale("nl-BE,nl;q=0.9,fr;q=0.8", lovely)).toBe("nl");
  });

  it("matches a region's language to the bare language", () => {
    expect(negotiateLocale("nb-NO", pride)).toBe("nb");
    expect(negotiateLocale("fr-CA", lovely)).toBe("fr");
  });

  it("has no answer when the visitor reads none of the site's languages, or sends nothing", () => {
    expect(negotiateLocale("ja,zh;q=0.8", lovely)).toBeNull();
    expect(negotiateLocale("", lovely)).toBeNull();
    expect(negotiateLocale(null, lovely)).toBeNull();
    expect(negotiateLocale("de;q=0", lovely)).toBeNull();
  });

  it("answers junk with nothing, without throwing", () => {
    expect(negotiateLocale(";;;,,=q", lovely)).toBeNull();
    expect(negotiateLocale("x".repeat(100_000), lovely)).toBeNull();
  });
});
