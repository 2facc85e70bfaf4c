// A compact, horizontally scrollable table for the staff console's lists.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Card } from "#app/components/ui/index.ts";

export function StaffTable({ title, headers, rows, testId }: { title: string; headers: string[]; rows: React.ReactNode[][]; testId?: string }) {
  const { t } = useTranslation();
  return (
    <section className="mt-6" data-testid={testId}>
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-black/60">{t("staff.none")}</p>
      ) : (
        <Card padding="none" className="overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <thead className="bg-slate-100">
              <tr>
                {headers.map((h) => (
                  <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} className="border-t border-black/5">
                  {row.map((cell, j) => (
                    <td key={j} className="whitespace-nowrap px-3 py-1.5">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </section>
  );
}

/** Label/value pairs. */
export function Facts({ items, testId }: { items: [string, React.ReactNode][]; testId?: string }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]" data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-black/60">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
