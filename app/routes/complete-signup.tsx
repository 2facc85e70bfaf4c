// /complete-signup: where a member finishes the signup steps later (a link in mails and alerts).
// A visitor logs in first; a member with steps left goes to the first of them; a finished
// member to the members search.
import { redirect } from "react-router";
import type { Route } from "./+types/complete-signup";
import { requireUser } from "#app/auth/user-context.server.ts";
import { unfinishedSignupStep } from "#app/profiles/profile-steps.server.ts";

// spec section 2: no entry warning on complete-signup
export const handle = { entryWarning: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const step = await unfinishedSignupStep(user);
  throw redirect(step ? `/signup?step=${step}` : "/members");
}

export default function CompleteSignup() {
  return null;
}
