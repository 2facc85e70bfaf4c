// The user object of spec section 3, as /api/user.php returns it.
import type { CurrentUser } from "./user-context.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

export function userJson(user: CurrentUser, site: Site) {
  return {
    status: user.status,
    credits: user.credits,
    paid_user: user.paidUser,
    signup_date: user.signupDate.toISOString(),
    notifications_disabled: user.notificationsDisabled,
    language: user.language,
    fictional_icon: site.fictional_icon,
    profile: user.profile && { id: user.profile.id, name: user.profile.name, status: user.profile.status, country: user.profile.country },
  };
}
