// Empty layout: the page and the signup modal only (spec section 2); a page that wants no chrome
// opens the modal with ?signup=1 like every other layout.
import { Outlet } from "react-router";
import { SignupFromLink } from "#app/components/signup-modal.tsx";

export default function EmptyLayout() {
  return (
    <div data-layout="empty">
      <Outlet />
      <SignupFromLink />
    </div>
  );
}
