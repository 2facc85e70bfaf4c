/** Revenue per currency as the report shows it: "EUR 19.99 GBP 5.00". */
export const formatRevenue = (revenue: Record<string, number>) =>
  Object.entries(revenue)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([c, cents]) => `${c} ${(cents / 100).toFixed(2)}`)
    .join(" ");
