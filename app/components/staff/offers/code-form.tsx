// The form of a typed discount code, to create one or edit one of the site's (times in UTC, as the
// console shows them), and the button that disables or enables one.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link } from "react-router";
import { Button, Select, TextField } from "#app/components/ui/index.ts";
import { useResetAfter } from "./package-forms.tsx";
import { countryName } from "#app/utils/format.ts";

interface CodeDefaults {
  id: number;
  code: string;
  valuePercentage: number;
  validity: string;
  startsAt: Date | string | null;
  expires: Date | string | null;
  country: string | null;
}

const VALIDITIES = ["once_per_user", "once", "unlimited"] as const;
/** A stored time as the datetime-local field shows it (UTC). */
const fieldTime = (at: Date | string | null) => (at ? new Date(at).toISOString().slice(0, 16) : "");

export function CodeForm({
  site,
  countries,
  edit,
  errors,
  resetAfter,
}: {
  site: string;
  countries: string[];
  edit: CodeDefaults | null;
  errors: { field?: string | undefined; message: string } | null;
  /** the answer to a saved post: a new code's form empties itself */
  resetAfter: object | null;
}) {
  const { t, i18n } = useTranslation();
  const form = useResetAfter(edit ? null : resetAfter);
  const errorOf = (field: string) => (errors?.field === field ? t(errors.message) : undefined);
  return (
    <Form
      ref={form}
      method="post"
      action={`/staff/offers/codes?site=${site}`}
      className="mt-6 flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:max-w-2xl"
      data-testid="code-form"
    >
      <h2 className="text-lg font-semibold">{edit ? t("staff.offers.codes.editTitle", { code: edit.code }) : t("staff.offers.codes.createTitle")}</h2>
      <input type="hidden" name="intent" value={edit ? "update" : "create"} />
      {edit ? <input type="hidden" name="id" value={edit.id} /> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          id="code-text"
          name="code"
          required
          maxLength={32}
          defaultValue={edit?.code ?? ""}
          autoComplete="off"
          label={t("staff.offers.codes.code")}
          hint={t("staff.offers.codes.codeHelp")}
          error={errorOf("code")}
        />
        <TextField
          id="code-percentage"
          name="percentage"
          inputMode="numeric"
          required
          maxLength={2}
          defaultValue={edit ? String(edit.valuePercentage) : ""}
          label={t("staff.offers.codes.percentage")}
          error={errorOf("percentage")}
        />
        <Select
          id="code-validity"
          name="validity"
          defaultValue={edit?.validity ?? "once_per_user"}
          label={t("staff.offers.codes.validity")}
          options={VALIDITIES.map((v) => ({ value: v, label: t(`staff.offers.codes.validities.${v}`) }))}
          error={errorOf("validity")}
        />
        <Select
          id="code-country"
          name="country"
          defaultValue={edit?.country ?? ""}
          label={t("staff.offers.country")}
          options={[{ value: "", label: t("staff.offers.allCountries") }, ...countries.map((c) => ({ value: c, label: countryName(c, i18n.language) }))]}
          error={errorOf("country")}
        />
        <TextField
          id="code-starts"
          name="startsAt"
          type="datetime-local"
          defaultValue={fieldTime(edit?.startsAt ?? null)}
          label={t("staff.offers.codes.startsAt")}
          hint={t("staff.offers.codes.utcHelp")}
          error={errorOf("startsAt")}
        />
        <TextField
          id="code-expires"
          name="expires"
          type="datetime-local"
          defaultValue={fieldTime(edit?.expires ?? null)}
          label={t("staff.offers.codes.expires")}
          hint={t("staff.offers.codes.utcHelp")}
          error={errorOf("expires")}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm">
          {edit ? t("staff.offers.save") : t("staff.offers.codes.create")}
        </Button>
        {edit ? (
          <Link to={`/staff/offers/codes?site=${site}`} className="text-sm underline">
            {t("staff.offers.cancel")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export function CodeActiveForm({ site, id, active }: { site: string; id: number; active: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={`/staff/offers/codes?site=${site}`}>
      <input type="hidden" name="intent" value={active ? "disable" : "enable"} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant={active ? "danger-outline" : "outline"} size="sm">
        {active ? t("staff.offers.disable") : t("staff.offers.enable")}
      </Button>
    </Form>
  );
}
