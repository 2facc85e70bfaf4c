// What a complaint or report may say, shared by the forms and the server.
export const COMPLAINT_CATEGORIES = ["billing", "account", "member", "technical", "other"] as const;
export const REPORT_REASONS = ["fake", "scam", "harassment", "inappropriate", "underage", "spam", "other"] as const;
export const CASE_STATUSES = ["new", "in_progress", "closed"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export type CaseKind = "complaint" | "profile_report" | "chat_report";

export const CASE_TEXT = { complaintMin: 20, max: 4000 } as const;

/** A form's one-time key (the same key sent twice files one case). */
export const newRequestKey = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
};
