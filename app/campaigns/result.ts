// The answer of a campaign-console change: a catalogue key for the page, and the status and field of a refusal.
export type CampaignResult = { ok: true; message: string; id: number } | { ok: false; message: string; status: number; field?: string };
