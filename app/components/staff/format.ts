// Dates and money in the staff console: UTC, unambiguous for support across time zones.
export const utc = (value: Date | string | null | undefined) => (value ? `${new Date(value).toISOString().slice(0, 16).replace("T", " ")} UTC` : "–");

export const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;
