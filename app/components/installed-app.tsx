// The installed app: the site opened from its home-screen icon runs in display-mode
// standalone (the web app manifest asks for it). The page remembers that in a cookie so the
// server renders the installed app's rules (no entry warning) from the next request on, and
// components read it directly in the browser.
import { useEffect, useState } from "react";
import { Button } from "./ui/index.ts";

const INSTALLED_APP_COOKIE = "installed_app";

const STANDALONE = "(display-mode: standalone)";

const isInstalledApp = () =>
  typeof window !== "undefined" && (window.matchMedia?.(STANDALONE).matches || (navigator as Navigator & { standalone?: boolean }).standalone === true);

/** The server's view: the cookie this page's InstalledAppCookie set. */
export const installedAppFromCookie = (cookieHeader: string) => new RegExp(`(?:^|;\\s*)${INSTALLED_APP_COOKIE}=1(?:;|$)`).test(cookieHeader);

/** false on the server and in the first render (hydration), then the browser's answer. */
export function useInstalledApp() {
  const [installed, setInstalled] = useState(false);
  useEffect(() => setInstalled(isInstalledApp()), []);
  return installed;
}

/** Keeps the cookie in line with how the page runs now (the same site may also be open in a tab). */
export function InstalledAppCookie() {
  useEffect(() => {
    const installed = isInstalledApp();
    if (installed === installedAppFromCookie(document.cookie)) return;
    const secure = window.location.protocol === "https:" ? "; secure" : "";
    document.cookie = installed
      ? `${INSTALLED_APP_COOKIE}=1; path=/; max-age=31536000; samesite=lax${secure}`
      : `${INSTALLED_APP_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
  }, []);
  return null;
}

/** Spec section 2: only in the installed app (which has no browser back button), on these routes. */
const BACK_BUTTON_ROUTES = [
  "members-id",
  "likes-m-id",
  "likes",
  "likes-type",
  "routes/credits",
  "routes/credits.repeat-order",
  "routes/credits.$id",
  "routes/payments.$id",
];

export function InstalledAppBackButton({ routeIds, label }: { routeIds: string[]; label: string }) {
  const installed = useInstalledApp();
  if (!installed || !routeIds.some((id) => BACK_BUTTON_ROUTES.includes(id))) return null;
  return (
    <div className="container-site pt-3">
      <Button variant="ghost" size="sm" onClick={() => window.history.back()} className="-ml-3">
        <span aria-hidden="true">‹</span> {label}
      </Button>
    </div>
  );
}
