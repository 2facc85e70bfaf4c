// /staff/offers?site=&country=: a site's credit packages per country (price, disable or enable,
// add one) and what a member of a country sees. Every change can be previewed first (step=preview
// writes nothing) and is written with its audit entry (app/offers/packages.server.ts). A price and
// a new package are checked with packagePriceForm and packageAddForm in the browser and in the
// action: their errors come back under their fields with what was typed, a refusal in the header.
import { data } from "react-router";
import type { Submission, SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/offers";
import { MemberPreviewPanel } from "#app/components/staff/offers/member-preview.tsx";
import { OffersHeader } from "#app/components/staff/offers/offers-header.tsx";
import { AddPackageForm } from "#app/components/staff/offers/package-forms.tsx";
import { PackageList } from "#app/components/staff/offers/package-list.tsx";
import { activeChange, addChange, packageAddForm, packageIntent, packagePriceForm, priceChange } from "#app/offers/offer-forms.ts";
import type { PackageChange } from "#app/offers/package-rules.ts";
import { offerPackages, savePackageChange } from "#app/offers/packages.server.ts";
import { memberPreview, type MemberPreview } from "#app/offers/preview.server.ts";
import { offerSite, offerSites } from "#app/offers/site.server.ts";
import { requireStaffPermission } from "#app/staff/session.server.ts";
import { formFields, parseId, parseSubmission, readForm } from "#app/utils/request.server.ts";

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

type Reply = (options?: { formErrors: string[] }) => SubmissionResult<string[]>;
type Read = { change: PackageChange | null; message: string; formId?: string; reply?: Reply };

/** A conform form's change, with its id and reply; a field that is wrong gives no change. */
function checked<Value>(submission: Submission<unknown, string[], Value>, formId: string, changeOf: (value: Value) => PackageChange): Read {
  const reply: Reply = (options) => submission.reply(options);
  if (submission.status !== "success")
    // the fields' errors show under them; a package id that is none says so above
    return { change: null, message: submission.error?.id ? "messages.invalidInput" : "validation.checkFields", formId, reply };
  return { change: changeOf(submission.value), message: "", formId, reply };
}

/** The change a packages-page form asks for: a price (the package's row), a new package, or a package disabled or enabled. */
function readChange(form: FormData): Read {
  const what = packageIntent.safeParse(form.get("intent"));
  if (!what.success) return { change: null, message: "messages.invalidInput" };
  if (what.data === "price") return checked(parseSubmission(form, packagePriceForm), `price-${parseId(form.get("id")) ?? 0}`, priceChange);
  if (what.data === "add") return checked(parseSubmission(form, packageAddForm), "package-add", addChange);
  return { change: activeChange(what.data, formFields(form)), message: "messages.invalidInput" };
}

type Answer = {
  answer: { ok: boolean; message: string; params?: Record<string, unknown> | undefined } | null;
  preview: MemberPreview | null;
  /** the form the answer belongs to, and its reply when it was refused (what was typed, the errors) */
  form?: string | undefined;
  result?: SubmissionResult<string[]> | undefined;
};

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaffPermission(request, context, "offers");
  const site = offerSite(request, context);
  const form = await readForm(request, context);
  const { change, message, formId, reply } = readChange(form);
  if (!change) return data<Answer>({ answer: { ok: false, message }, preview: null, form: formId, result: reply?.() }, 400);
  const country = askedCountry(request, site.countries);
  if (form.get("step") === "preview") return data<Answer>({ answer: null, preview: await memberPreview(site, country, change) });
  const result = await savePackageChange(staff, site, change);
  const { status, ...answer } = result.ok ? { ...result, status: 200 } : result;
  // a refused change is shown in the preview with its reason, its form keeps what was typed; a saved one shows in the page itself
  return data<Answer>(
    {
      answer,
      preview: result.ok ? null : await memberPreview(site, country, change),
      form: formId,
      result: result.ok ? undefined : reply?.({ formErrors: [result.message] }),
    },
    status,
  );
}

export default function StaffOffers({ loaderData: d, actionData }: Route.ComponentProps) {
  const pending = actionData?.preview ?? null;
  return (
    <main>
      <OffersHeader page="packages" site={d.site} sites={d.sites} answer={actionData?.answer ?? undefined} />
      {pending ? <MemberPreviewPanel preview={pending} site={d.site} countries={d.countries} pending showProblem={!actionData?.answer} /> : null}
      <PackageList packages={d.packages} answer={actionData} />
      <AddPackageForm
        countries={d.countries}
        country={d.preview.country}
        lastResult={actionData?.form === "package-add" ? actionData.result : undefined}
        resetAfter={actionData?.form === "package-add" && actionData.answer?.ok ? actionData.answer : null}
      />
      {pending ? null : <MemberPreviewPanel preview={d.preview} site={d.site} countries={d.countries} pending={false} showProblem={false} />}
    </main>
  );
}
