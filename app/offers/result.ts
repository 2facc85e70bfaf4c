// The answer of an offers-console change: a catalogue key for the page, and the status of a refusal.
export type OfferResult =
  | { ok: true; message: string; params?: Record<string, unknown> }
  | { ok: false; message: string; params?: Record<string, unknown>; status: number; field?: string };
