// /staff/fictional?site=: the conversations of the site's fictional profiles with real members,
// those waiting for an answer first (app/staff/fictional-inbox.server.ts). Support and admins.
import type { Route } from "./+types/fictional";
import { InboxHeader, InboxList } from "#app/components/staff/fictional/inbox.tsx";
import { offerSite, offerSites } from "#app/offers/site.server.ts";
import { fictionalInbox } from "#app/staff/fictional-inbox.server.ts";
import { requireStaffPermission } from "#app/staff/session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "fictional");
  const site = offerSite(request, context);
  return { site: site.key, sites: offerSites(), conversations: await fictionalInbox(site) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function StaffFictionalInbox({ loaderData: d }: Route.ComponentProps) {
  return (
    <main>
      <InboxHeader site={d.site} sites={d.sites} />
      <InboxList site={d.site} conversations={d.conversations} />
    </main>
  );
}
