// /staff: the one search box (domain, site key, company name, kvk, e-mail, username, member id, payment id).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/index";
import { CompanyCard } from "#app/components/staff/company-card.tsx";
import { utc } from "#app/components/staff/format.ts";
import { StaffTable } from "#app/components/staff/table.tsx";
import { Button, TextField } from "#app/components/ui/index.ts";
import { search, searchQuery } from "#app/staff/lookup.server.ts";
import { currentStaff, requireStaff, staffCan } from "#app/staff/session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  // the console's start page: marketing staff, who have no support pages, start at their campaigns
  const who = await currentStaff(request);
  if (who && !staffCan(who, "support") && staffCan(who, "campaigns")) throw redirect("/staff/campaigns");
  await requireStaff(request, context);
  const raw = new URL(request.url).searchParams.get("q") ?? "";
  const q = searchQuery.safeParse(raw);
  if (!q.success) return { q: raw.slice(0, 254), invalid: raw.length > 0, result: null };
  return { q: q.data, invalid: false, result: await search(q.data) };
}

export default function StaffSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { q, invalid, result } = loaderData;
  return (
    <main>
      <h1 className="mb-4 text-2xl font-bold">{t("staff.search.title")}</h1>
      <Form method="get" className="flex flex-wrap gap-2" role="search">
        <TextField
          id="staff-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={254}
          placeholder={t("staff.search.placeholder")}
          label={t("staff.search.label")}
          hideLabel
          className="min-w-0 flex-1"
        />
        <Button type="submit" className="h-11">
          {t("staff.search.submit")}
        </Button>
      </Form>
      {invalid ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {t("staff.search.invalid")}
        </p>
      ) : null}
      {result ? (
        <>
          {result.companies.length ? (
            <section className="mt-6">
              <h2 className="mb-2 text-lg font-semibold">{t("staff.search.companies")}</h2>
              <div className="grid gap-4 md:grid-cols-2">
                {result.companies.map((c) => (
                  <CompanyCard key={c.companyId} company={c.company} sites={c.sites} matchedSite={c.matchedSite} />
                ))}
              </div>
            </section>
          ) : null}
          <StaffTable
            title={t("staff.search.members")}
            testId="member-results"
            headers={[
              t("staff.member.id"),
              t("staff.member.email"),
              t("staff.member.name"),
              t("staff.member.site"),
              t("staff.member.status"),
              t("staff.member.signup"),
              t("staff.search.matchedBy"),
            ]}
            rows={result.members.map((m) => [
              <Link key="id" to={`/staff/members/${m.id}`} className="font-semibold underline">
                #{m.id}
              </Link>,
              m.email,
              m.name ?? "–",
              m.siteKey,
              m.status,
              utc(m.signupDate),
              t(`staff.search.by.${m.matchedBy}`),
            ])}
          />
          {!result.companies.length && !result.members.length ? (
            <p className="mt-4" role="status">
              {t("staff.search.nothing")}
            </p>
          ) : null}
        </>
      ) : null}
    </main>
  );
}
