// /staff/invitations: requests to be invited to a site open only through its partners, oldest
// first; "Send invitation" mails the visitor their signup link. Optional filter: ?site={key}.
// The button's form names the request; it is checked with invitationSendSchema in the browser and
// in the action, and every answer is the page's message.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data } from "react-router";
import type { Route } from "./+types/invitations";
import { FormMessage } from "#app/components/form-field.tsx";
import { StaffTable } from "#app/components/staff/table.tsx";
import { utc } from "#app/components/staff/format.ts";
import { InvitationSendForm } from "#app/components/staff/invitation-form.tsx";
import { Button } from "#app/components/ui/index.ts";
import type { FormAnswer } from "#app/staff/form-answer.ts";
import { invitationSendSchema } from "#app/staff/invitation-schema.ts";
import { pendingInvitations, sendInvitation } from "#app/staff/invitations.server.ts";
import { requireStaff } from "#app/staff/session.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { parseSubmission, readForm } from "#app/utils/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const registry = getSiteRegistry();
  const siteParam = new URL(request.url).searchParams.get("site");
  const siteKey = siteParam && registry.byKey.has(siteParam) ? siteParam : null;
  const requests = await pendingInvitations(siteKey);
  return {
    siteKey,
    // the sites that can have requests: those open only through partners
    sites: registry.sites.filter((s) => s.signups === "with_trafficsource").map((s) => s.key),
    requests: requests.map((r) => ({ ...r, siteName: registry.byKey.get(r.siteKey)?.name ?? r.siteKey })),
  };
}

const NOT_FOUND = "staff.errors.invitationNotFound";

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context);
  const submission = parseSubmission(await readForm(request, context), invitationSendSchema);
  // the form has no field to show an error under: a request that is none is the page's message
  if (submission.status !== "success") return data<FormAnswer>({ ok: false, message: submission.error?.request?.[0] ?? NOT_FOUND }, 404);
  const result = await sendInvitation(staff, submission.value.request);
  return data<FormAnswer>(result, { status: result.ok ? 200 : result.message === NOT_FOUND ? 404 : 409 });
}

export default function StaffInvitations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { requests, sites, siteKey } = loaderData;
  return (
    <main>
      <h1 className="text-2xl font-bold">{t("staff.invitations.title")}</h1>
      <p className="mt-1 text-sm text-black/60">{t("staff.invitations.intro")}</p>
      {sites.length > 1 ? (
        <nav className="mt-3 flex flex-wrap gap-2 text-sm" aria-label={t("staff.photos.filter")}>
          {[null, ...sites].map((key) => (
            <Button
              key={key ?? "all"}
              to={key ? `?site=${key}` : "?"}
              aria-current={key === siteKey ? "page" : undefined}
              size="sm"
              variant={key === siteKey ? "primary" : "outline"}
            >
              {key ?? t("staff.photos.allSites")}
            </Button>
          ))}
        </nav>
      ) : null}
      {actionData ? (
        <div className="mt-4">
          <FormMessage tone={actionData.ok ? "success" : "danger"} message={actionData.message} params={actionData.params} />
        </div>
      ) : null}
      <StaffTable
        title={t("staff.invitations.pending")}
        testId="invitation-requests"
        headers={[t("staff.member.site"), t("staff.member.email"), t("staff.invitations.language"), t("staff.invitations.requested"), ""]}
        rows={requests.map((r) => [
          `${r.siteName} (${r.siteKey})`,
          r.email,
          r.locale,
          utc(r.createdAt),
          <InvitationSendForm key="send" request={r.id} email={r.email} />,
        ])}
      />
    </main>
  );
}
