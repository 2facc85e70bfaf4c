import { describe, expect, it } from "vitest";
import { entryWarning } from "./entry-warning.ts";

const site = { enable_site_entry_popup: "all" as const, entry_popup_countries: ["DE", "AT"] };
const visitor = { site, country: "GB", loggedIn: false, dismissed: false, installedApp: false };

describe("entry warning", () => {
  it("shows to logged-out visitors on the default layout, on bare layouts only for NL and DE", () => {
    expect(entryWarning(visitor)).toEqual({ defaultLayout: true, bareLayouts: false });
    expect(entryWarning({ ...visitor, country: "NL" })).toEqual({ defaultLayout: true, bareLayouts: true });
    expect(entryWarning({ ...visitor, country: "DE" })).toEqual({ defaultLayout: true, bareLayouts: true });
  });

  it("is skipped once dismissed, when logged in, in the installed app and when disabled", () => {
    const none = { defaultLayout: false, bareLayouts: false };
    expect(entryWarning({ ...visitor, dismissed: true })).toEqual(none);
    expect(entryWarning({ ...visitor, loggedIn: true })).toEqual(none);
    expect(entryWarning({ ...visitor, installedApp: true })).toEqual(none);
    expect(entryWarning({ ...visitor, site: { ...site, enable_site_entry_popup: "off" } })).toEqual(none);
  });

  it("restricted by country, shows only to visitors from the listed countries", () => {
    const restricted = { ...site, enable_site_entry_popup: "country" as const };
    expect(entryWarning({ ...visitor, site: restricted }).defaultLayout).toBe(false);
    expect(entryWarning({ ...visitor, site: restricted, country: null }).defaultLayout).toBe(false);
    expect(entryWarning({ ...visitor, site: restricted, country: "AT" })).toEqual({ defaultLayout: true, bareLayouts: false });
    expect(entryWarning({ ...visitor, site: restricted, country: "DE" })).toEqual({ defaultLayout: true, bareLayouts: true });
  });
});
