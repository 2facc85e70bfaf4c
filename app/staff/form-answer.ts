// The answer of a staff page's action when the page holds several forms: which form it answers,
// that form's reply (conform's SubmissionResult) when it was refused, and the message. Read by
// the page to give each form only its own answer.
import type { SubmissionResult } from "@conform-to/react";

export interface FormAnswer {
  ok: boolean;
  /** a catalogue key: the page's message after a change, or the refusal of a button */
  message?: string | undefined;
  params?: Record<string, unknown> | undefined;
  /** the form the answer belongs to (its conform id) */
  form?: string | undefined;
  /** the form's reply: its values and its errors (a field's, or the refusal as the form's message) */
  result?: SubmissionResult<string[]> | undefined;
}

/** One form's part of the answer: its reply and params when refused, the answer itself when saved. */
export function answerFor(answer: FormAnswer | null | undefined, form: string) {
  const mine = answer?.form === form ? answer : null;
  return {
    lastResult: mine && !mine.ok ? mine.result : undefined,
    params: mine && !mine.ok ? mine.params : undefined,
    saved: mine?.ok ? mine : null,
  };
}

/** The page's own message: every answer but a form's refusal, which its form shows. */
export const pageMessage = (answer: FormAnswer | null | undefined) => (answer?.message && (answer.ok || !answer.form) ? answer : null);
