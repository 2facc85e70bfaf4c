// Empty layout: nothing but the page (the signup modal attaches here once signup exists).
import { Outlet } from "react-router";

export default function EmptyLayout() {
  return (
    <div data-layout="empty">
      <Outlet />
    </div>
  );
}
