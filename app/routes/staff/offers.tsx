// /staff/offers?site=&country=: a site's credit packages per country (price, disable or enable,
// add one) and what a member of a country sees. Every change can be previewed first (step=preview
// writes nothing) and is written with its audit entry (app/offers/packages.server.ts).
import { data } from "react-router";
import type { Route } from "./+types/offers";
import { MemberPreviewPanel } from "#app/components/staff/offers/member-preview.tsx";
import { OffersHeader } from "#app/components/staff/offers/offers-header.tsx";
import { AddPackageForm } from "#app/components/staff/offers/package-forms.tsx";
import { PackageList } from "#app/components/staff/offers/package-list.tsx";
import { parsePackageChange } from "#app/offers/offer-forms.ts";
import { offerPackages, savePackageChange } from "#app/offers/packages.server.ts";
import { memberPreview } from "#app/offers/preview.server.ts";
import { offerSite, offerSites } from "#app/offers/site.server.ts";
import { requireStaffPermission } from "#app/staff/session.server.ts";
import { formFields, readForm } from "#app/utils/request.server.ts";

const askedCountry = (request: Request, countries: string[]) => {
  const asked = new URL(request.url).searchParams.get("country");
  return asked && countries.includes(asked) ? asked : countries[0]!;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "offers");
  const site = offerSite(request, context);
  const [packages, preview] = await Promise.all([offerPackages(site), memberPreview(site, askedCountry(request, site.countries))]);
  return { site: site.key, sites: offerSites(), countries: site.countries, packages, preview };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaffPermission(request, context, "offers");
  const site = offerSite(request, context);
  const form = formFields(await readForm(request, context));
  const parsed = parsePackageChange(form);
  if (!parsed.ok) return data({ answer: { ok: false, message: parsed.message }, preview: null }, 400);
  const country = askedCountry(request, site.countries);
  if (form.step === "preview") return { answer: null, preview: await memberPreview(site, country, parsed.change) };
  const result = await savePackageChange(staff, site, parsed.change);
  const { status, ...answer } = result.ok ? { ...result, status: 200 } : result;
  // a refused change is shown in the preview with its reason; a saved one shows in the page itself
  return data({ answer, preview: result.ok ? null : await memberPreview(site, country, parsed.change) }, status);
}

export default function StaffOffers({ loaderData: d, actionData }: Route.ComponentProps) {
  const pending = actionData?.preview ?? null;
  return (
    <main>
      <OffersHeader page="packages" site={d.site} sites={d.sites} answer={actionData?.answer ?? undefined} />
      {pending ? <MemberPreviewPanel preview={pending} site={d.site} countries={d.countries} pending showProblem={!actionData?.answer} /> : null}
      <PackageList packages={d.packages} />
      <AddPackageForm countries={d.countries} country={d.preview.country} resetAfter={actionData?.answer?.ok ? actionData.answer : null} />
      {pending ? null : <MemberPreviewPanel preview={d.preview} site={d.site} countries={d.countries} pending={false} showProblem={false} />}
    </main>
  );
}
