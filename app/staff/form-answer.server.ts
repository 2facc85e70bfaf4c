// A staff form's post: parsed with its schema (the one the browser checks with), then the domain
// change. A refused form comes back with its fields' errors and what was typed; a refusal of the
// domain as the form's message (status 404 for the thing not found, else 409).
import type { z } from "zod";
import { data } from "react-router";
import { parseSubmission } from "#app/utils/request.server.ts";
import type { ActionResult } from "./actions.server.ts";
import type { FormAnswer } from "./form-answer.ts";

export async function answerForm<Schema extends z.ZodObject>(
  form: FormData,
  formId: string,
  schema: Schema,
  change: (value: z.output<Schema>) => Promise<ActionResult>,
  notFound: string,
) {
  const submission = parseSubmission(form, schema);
  if (submission.status !== "success") return data<FormAnswer>({ ok: false, form: formId, result: submission.reply() }, 400);
  const result = await change(submission.value);
  if (result.ok) return data<FormAnswer>({ ...result, form: formId }, 200);
  return data<FormAnswer>({ ...result, form: formId, result: submission.reply({ formErrors: [result.message] }) }, result.message === notFound ? 404 : 409);
}
