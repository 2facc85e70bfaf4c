import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Checkbox } from "./ui/index.ts";

export interface Geocode {
  country: string;
  region: string;
  city: string;
}

const MAX_AGE_MS = 60 * 60_000; // spec: a cached position may be at most 1 hour old

/**
 * "Use my location": asks the browser for a position and turns it into country, region and city.
 * `onLocated` answers false for a place the form cannot take (a country the site does not serve).
 */
export function GeolocationButton({ onLocated }: { onLocated: (g: Geocode) => boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<"idle" | "asking" | "denied" | "unknown" | "done">("idle");
  const locate = () => {
    if (!("geolocation" in navigator)) return setState("unknown");
    setState("asking");
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        const res = await fetch(`/api/geocode.php?lat=${coords.latitude.toFixed(4)}&lon=${coords.longitude.toFixed(4)}`).catch(() => null);
        const body = (await res?.json().catch(() => null)) as { geocode: Geocode | null } | null;
        setState(body?.geocode && onLocated(body.geocode) ? "done" : "unknown");
      },
      (error) => setState(error.code === error.PERMISSION_DENIED ? "denied" : "unknown"),
      { maximumAge: MAX_AGE_MS, timeout: 15_000 },
    );
  };
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <Checkbox
        role="switch"
        checked={state === "done" || state === "asking"}
        onChange={(e) => (e.target.checked ? locate() : setState("idle"))}
        label={t("settings.useLocation")}
      />
      {state === "denied" ? <span className="text-danger">{t("settings.locationDenied")}</span> : null}
      {state === "unknown" ? <span className="text-danger">{t("settings.locationUnknown")}</span> : null}
      {state === "done" ? <span className="text-success">{t("settings.locationFound")}</span> : null}
    </div>
  );
}
