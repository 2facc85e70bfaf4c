// "Send invitation" for one request: a conform form checked with invitationSendSchema, the schema
// the action parses. Its answer is the page's message (the form has nothing to type).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { SubmitButton } from "#app/components/form-field.tsx";
import { useSchemaForm } from "#app/components/schema-form.tsx";
import { invitationSendSchema } from "#app/staff/invitation-schema.ts";

export function InvitationSendForm({ request, email }: { request: number; email: string }) {
  const { t } = useTranslation();
  const { fields, formProps } = useSchemaForm(invitationSendSchema, { id: `invitation-${request}` });
  return (
    <Form method="post" {...formProps}>
      <input type="hidden" name={fields.request.name} value={request} />
      <SubmitButton size="sm" label={t("staff.invitations.sendTo", { email })}>
        {t("staff.invitations.send")}
      </SubmitButton>
    </Form>
  );
}
