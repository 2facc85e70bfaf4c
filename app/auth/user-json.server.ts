// The user object of spec section 3, as /api/user.php returns it, with the member's own profile.
import { ownProfileJson } from "#app/profiles/profile-json.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import type { CurrentUser } from "./user-context.server.ts";

export async function userJson(user: CurrentUser, site: Site) {
  return {
    status: user.status,
    credits: user.credits,
    paid_user: user.paidUser,
    signup_date: user.signupDate.toISOString(),
    notifications_disabled: user.notificationsDisabled,
    language: user.language,
    fictional_icon: site.fictional_icon,
    profile: user.profile && (await ownProfileJson(site, user.profile.id)),
  };
}
