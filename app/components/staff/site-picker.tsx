// The staff consoles' site choice: a GET form to the page's own address, so it works without JavaScript.
import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Button } from "#app/components/ui/index.ts";

export function StaffSitePicker({ action, site, sites, testId }: { action: string; site: string; sites: { key: string; name: string }[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action={action} className="flex items-end gap-2">
      <label className="flex flex-col text-sm font-medium">
        {t("staff.offers.site")}
        <select name="site" defaultValue={site} className="mt-1 h-10 rounded-lg border border-black/20 bg-white px-3" data-testid={testId}>
          {sites.map((s) => (
            <option key={s.key} value={s.key}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="outline" size="sm">
        {t("staff.offers.show")}
      </Button>
    </Form>
  );
}
