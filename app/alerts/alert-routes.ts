// Spec section 4: the routes on which each alert stays hidden. A route is named by its path; the
// signup route also covers signing up with a target profile (/members/{id}/signup).
export type AlertName = "activation_reminder" | "profile_photo" | "push_prompt" | "notifications_disabled";

const HIDDEN_ON: Record<AlertName, readonly string[]> = {
  activation_reminder: ["/signup", "/profile/settings", "/notifications"],
  profile_photo: ["/profile", "/signup", "/activate/done", "/premium", "/notifications", "/directdebit", "/profile/settings"],
  push_prompt: ["/signup", "/notifications", "/activate/done", "/directdebit", "/premium"],
  notifications_disabled: ["/profile/settings", "/notifications"],
};

const routeOf = (pathname: string) => (/^\/members\/[^/]+\/signup\/?$/.test(pathname) ? "/signup" : pathname.replace(/(.)\/$/, "$1"));

export const alertHiddenOn = (alert: AlertName, pathname: string) => HIDDEN_ON[alert].includes(routeOf(pathname));
