// When the adult-content entry warning shows (spec section 2 and 9).
import type { Site } from "./site-schema.ts";

export const ENTRY_WARNING_COOKIE = "entry_ok";
/** Chat and lander layouts warn only visitors from these countries. */
const BARE_LAYOUT_WARNING_COUNTRIES = ["NL", "DE"];

export interface EntryWarningInput {
  site: Pick<Site, "enable_site_entry_popup" | "entry_popup_countries">;
  country: string | null;
  loggedIn: boolean;
  dismissed: boolean;
  installedApp: boolean;
}

export interface EntryWarning {
  /** Shown on the default layout (except on the pages whose handle opts out). */
  defaultLayout: boolean;
  /** Shown on the chat and lander layouts. */
  bareLayouts: boolean;
}

export function entryWarning({ site, country, loggedIn, dismissed, installedApp }: EntryWarningInput): EntryWarning {
  const eligible =
    !loggedIn &&
    !dismissed &&
    !installedApp &&
    site.enable_site_entry_popup !== "off" &&
    (site.enable_site_entry_popup !== "country" || (!!country && site.entry_popup_countries.includes(country)));
  return {
    defaultLayout: eligible,
    bareLayouts: eligible && !!country && BARE_LAYOUT_WARNING_COUNTRIES.includes(country),
  };
}
