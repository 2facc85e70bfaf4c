// /staff/audit: the audit log, newest first, 50 a page; ?member=<id> narrows it to one member.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Link } from "react-router";
import type { Route } from "./+types/audit";
import { utc } from "#app/components/staff/format.ts";
import { StaffTable } from "#app/components/staff/table.tsx";
import { AUDIT_PAGE, auditEntries } from "#app/staff/audit.server.ts";
import { requireStaff } from "#app/staff/session.server.ts";
import { parseId } from "#app/utils/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const member = parseId(url.searchParams.get("member"));
  const entries = await auditEntries({ before: parseId(url.searchParams.get("before")), userId: member });
  return {
    member,
    entries: entries.map((e) => ({ ...e, before: e.before === null ? "" : JSON.stringify(e.before), after: e.after === null ? "" : JSON.stringify(e.after) })),
    next: entries.length === AUDIT_PAGE ? entries.at(-1)!.id : null,
  };
}

export default function StaffAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { entries, next, member } = loaderData;
  return (
    <main>
      <h1 className="text-2xl font-bold">{t("staff.audit.title")}</h1>
      <p className="mt-1 text-sm text-black/60">{t("staff.audit.intro")}</p>
      <StaffTable
        title={member ? t("staff.audit.forMember", { id: member }) : t("staff.audit.all")}
        testId="audit-log"
        headers={[
          t("staff.member.date"),
          t("staff.audit.who"),
          t("staff.audit.action"),
          t("staff.member.site"),
          t("staff.audit.member"),
          t("staff.member.reason"),
          t("staff.audit.before"),
          t("staff.audit.after"),
        ]}
        rows={entries.map((e) => [
          utc(e.createdAt),
          e.staffEmail,
          e.action,
          e.siteKey ?? "–",
          e.userId ? (
            <Link key="m" to={`/staff/members/${e.userId}`} className="underline">
              #{e.userId}
            </Link>
          ) : (
            "–"
          ),
          <span key="r" className="inline-block max-w-64 whitespace-normal">
            {e.reason ?? "–"}
          </span>,
          <code key="b" className="inline-block max-w-72 whitespace-normal break-all text-xs">
            {e.before}
          </code>,
          <code key="a" className="inline-block max-w-72 whitespace-normal break-all text-xs">
            {e.after}
          </code>,
        ])}
      />
      {next ? (
        <p className="mt-4">
          <Link to={`?${new URLSearchParams({ before: String(next), ...(member ? { member: String(member) } : {}) })}`} className="underline">
            {t("staff.audit.older")}
          </Link>
        </p>
      ) : null}
    </main>
  );
}
