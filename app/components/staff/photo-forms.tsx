// A queued photo's decision: approve, or reject with a reason (mailed to the member). The reject
// form is a conform form checked with photoDecisionSchema, the schema the action parses; it
// shows only its own photo's answer.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { FieldSelect, useSchemaForm } from "#app/components/schema-form.tsx";
import { Button } from "#app/components/ui/index.ts";
import { answerFor, type FormAnswer } from "#app/staff/form-answer.ts";
import { PHOTO_REJECT_REASONS } from "#app/staff/photo-rules.ts";
import { photoDecisionSchema } from "#app/staff/photo-schema.ts";

export function PhotoDecisionForms({ photo, answer }: { photo: number; answer: FormAnswer | null | undefined }) {
  const { t } = useTranslation();
  const { lastResult, params } = answerFor(answer, `photo-${photo}`);
  const { form, fields, formProps, stateOf } = useSchemaForm(photoDecisionSchema, {
    id: `photo-${photo}`,
    lastResult,
    defaultValue: { photo: String(photo), intent: "reject" },
  });
  return (
    <>
      <Form method="post" className="mt-2">
        <input type="hidden" name="photo" value={photo} />
        <Button type="submit" name="intent" value="approve" variant="success" size="sm">
          {t("staff.photos.approve")}
        </Button>
      </Form>
      <Form method="post" {...formProps} className="mt-1 flex flex-col gap-2">
        <FormMessage message={form.errors?.[0] ?? fields.intent.errors?.[0]} params={params} />
        <input type="hidden" name={fields.photo.name} value={photo} />
        <input type="hidden" name={fields.intent.name} value="reject" />
        <div className="flex flex-wrap items-start gap-2">
          <FieldSelect
            field={fields.reason}
            label={t("staff.photos.reason")}
            hideLabel
            placeholder={t("staff.photos.reason")}
            state={stateOf(fields.reason)}
            options={PHOTO_REJECT_REASONS.map((r) => ({ value: r, label: t(`staff.photos.reasons.${r}`) }))}
            className="min-w-0 flex-1"
          />
          <SubmitButton variant="danger" size="sm" className="mt-1.5">
            {t("staff.photos.reject")}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}
