// /profile/settings: one form with one Save for the ordinary settings (invisible mode, location,
// language), saved together or not at all; a link to the notifications' one place; the flows
// with their own confirmation (password, e-mail address, data export, deletion) below.
import { useMemo } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, useNavigation } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/profile.settings";
import { changePassword, emailInUse, requestEmailChange } from "#app/accounts/account.server.ts";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { requireUser } from "#app/auth/user-context.server.ts";
import { changePasswordSchema, emailChangeSchema } from "#app/auth/validation.ts";
import { EMAIL_CHECKED_FIELD, suggestEmail, suggestionToConfirm, USE_SUGGESTION_FIELD } from "#app/accounts/email-suggestion.ts";
import { formFields, parseSubmission, readForm } from "#app/utils/request.server.ts";
import { useEmailSuggestion } from "#app/components/email-suggestion.tsx";
import { FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { Button, Card, CardHeader, Checkbox, Select } from "#app/components/ui/index.ts";
import { redirectWithToast } from "#app/toast/toast.server.ts";
import { localeCookie } from "#app/i18n/i18n.server.ts";
import { LocationFields } from "#app/components/location-fields.tsx";
import { FieldInput, NewPasswordFields, useSchemaForm } from "#app/components/schema-form.tsx";
import { loadProfileSettings, saveSettings } from "#app/profiles/profile-edit.server.ts";
import { settingsSchema } from "#app/profiles/profile-schema.ts";
import { LOCALE_NAMES, type Locale } from "#app/i18n/locales.ts";
import { exportState, ExportNotQueued, requestExport } from "#app/privacy/exports.server.ts";
import { DataExportSection } from "#app/components/data-export-section.tsx";
import { minutesOf } from "#app/limits/rate-limits.server.ts";

export const handle = { entryWarning: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site, locale } = requestInfo(request, context);
  const [profile, dataExport] = await Promise.all([loadProfileSettings(user.id), exportState(user.id)]);
  return {
    dataExport: { pending: dataExport.pending, readyUntil: dataExport.readyUntil?.toISOString() ?? null },
    email: user.email,
    // the password rules compare with these, in the browser as on the server
    who: { email: user.email, name: user.profile?.name ?? null },
    language: (user.language ?? locale) as Locale,
    locales: site.locales,
    invisible: profile.invisible,
    location: { country: profile.country, region: profile.region ?? "", city: profile.city ?? "" },
    countries: site.countries,
  };
}

type Result = {
  section: string;
  ok?: boolean;
  errors?: Record<string, string>;
  message?: string;
  params?: Record<string, unknown>;
  /** conform's reply to the settings form (validated by its schema on both sides). */
  result?: SubmissionResult<string[]>;
};

// passwords are never sent back into the page
const NO_PASSWORDS = { hideFields: ["old_password", "password", "password_repeat"] };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { site, locale, origin } = requestInfo(request, context);
  const form = await readForm(request, context);
  const intent = String(form.get("intent"));
  const raw = formFields(form);

  if (intent === "settings") {
    const submission = parseSubmission(form, settingsSchema({ countries: site.countries, locales: site.locales }));
    if (submission.status !== "success") return data<Result>({ section: intent, message: "settings.notSaved", result: submission.reply() }, 400);
    const { invisible, language, ...location } = submission.value;
    await saveSettings(user.id, user.profile!.id, {
      language: language as Locale | undefined,
      invisible,
      location,
    });
    // Post/redirect/get: the toast says it in the language just chosen
    const headers = language ? { "Set-Cookie": await localeCookie.serialize(language) } : undefined;
    return redirectWithToast("/profile/settings", { kind: "success", key: "settings.saved" }, { headers });
  }
  if (intent === "password") {
    const submission = parseSubmission(form, changePasswordSchema({ email: user.email, name: user.profile?.name }));
    if (submission.status !== "success") return data<Result>({ section: intent, result: submission.reply(NO_PASSWORDS) }, 400);
    const result = await changePassword(user.id, submission.value.old_password, submission.value.password, request);
    if (!result.ok)
      return data<Result>({ section: intent, result: submission.reply({ fieldErrors: { old_password: ["validation.oldPassword"] }, ...NO_PASSWORDS }) }, 400);
    return data<Result>({ section: intent, ok: true, message: "settings.passwordChanged", result: submission.reply({ resetForm: true }) });
  }
  if (intent === "email") {
    // without JavaScript the suggestion's button posts the suggested address instead
    if (raw[USE_SUGGESTION_FIELD]) form.set("email", raw[USE_SUGGESTION_FIELD]);
    const submission = parseSubmission(form, emailChangeSchema);
    if (submission.status !== "success") {
      const suggestion = suggestEmail(
        String(raw.email ?? "")
          .trim()
          .toLowerCase()
          .slice(0, 254),
      );
      return data<Result>({ section: intent, result: submission.reply(), params: suggestion ? { suggestion } : undefined }, 400);
    }
    const email = submission.value.email;
    if (email === user.email || (await emailInUse(site, email)))
      return data<Result>({ section: intent, result: submission.reply({ fieldErrors: { email: ["messages.emailExists"] } }) }, 400);
    // a likely typo (gmial.com): asked once before the confirmation mail goes to it
    const suggestion = suggestionToConfirm(email, raw[EMAIL_CHECKED_FIELD]);
    if (suggestion) return data<Result>({ section: intent, params: { suggestion, email } });
    await requestEmailChange(site, user.id, email, locale, origin, user.profile?.name ?? user.email);
    return data<Result>({ section: intent, ok: true, message: "settings.emailChangeSent", params: { email }, result: submission.reply({ resetForm: true }) });
  }
  if (intent === "export") {
    const result = await requestExport({ id: user.id, siteKey: site.key }).catch((error: unknown) => {
      if (error instanceof ExportNotQueued) return null;
      throw error;
    });
    // the queue is down: the member is told, nothing was kept, asking again later works
    if (!result) return data<Result>({ section: intent, ok: false, message: "messages.genericError" }, 503);
    if (!result.ok) return data<Result>({ section: intent, ok: false, message: "privacy.limit", params: { minutes: minutesOf(result.retryAfterMs) } }, 429);
    return data<Result>({ section: intent, ok: true, message: result.created ? "privacy.queued" : "privacy.pending" });
  }
  return data<Result>({ section: "form", message: "messages.genericError" }, 400);
}

export default function Settings({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const result = (section: string) => (actionData?.section === section ? actionData : undefined);
  return (
    <main className="container-site flex max-w-2xl flex-col gap-6 py-10">
      <h1 className="text-2xl font-bold text-primary">{t("settings.title")}</h1>

      {/* notifications have one place: e-mail and push per event */}
      <Card as="section" aria-labelledby="settings-notifications-title" data-testid="settings-notifications">
        <CardHeader id="settings-notifications-title" title={t("settings.notificationsTitle")} description={t("settings.notificationsLinkIntro")} />
        <Button to="/notifications" variant="outline" className="self-start">
          {t("settings.notificationsLink")}
        </Button>
      </Card>

      <SettingsForm d={d} result={result("settings")} busy={busy && navigation.formData?.get("intent") === "settings"} />

      <h2 className="mt-4 border-t border-black/10 pt-6 text-xl font-bold text-dark">{t("settings.accountTitle")}</h2>

      <PasswordForm who={d.who} result={result("password")} busy={busy} />
      <EmailForm email={d.email} result={result("email")} busy={busy} />

      <Card as="section" aria-labelledby="settings-export-title">
        <CardHeader id="settings-export-title" title={t("privacy.title")} />
        <DataExportSection state={d.dataExport} result={result("export")} busy={busy} />
      </Card>

      <Card as="section" aria-labelledby="settings-delete-title" className="ring-danger/20">
        <CardHeader id="settings-delete-title" title={t("deletion.title")} description={t("deletion.settingsIntro")} />
        <Button to="/profile/delete" variant="danger-outline" data-testid="settings-delete">
          {t("deletion.start")}
        </Button>
      </Card>
    </main>
  );
}

/** A part of the one settings form: a fieldset with its legend, parts divided by a line. */
function Part({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <fieldset className="min-w-0 border-t border-black/10 pt-5 first-of-type:border-t-0 first-of-type:pt-0" data-testid={testId}>
      <legend className="float-left mb-3 w-full text-base font-semibold text-dark">{title}</legend>
      <div className="clear-left">{children}</div>
    </fieldset>
  );
}

/** Invisible mode, location and language: one form, one Save, one transaction. */
function SettingsForm({ d, result, busy }: { d: Awaited<ReturnType<typeof loader>>; result?: Result | undefined; busy: boolean }) {
  const { t } = useTranslation();
  const schema = useMemo(() => settingsSchema({ countries: d.countries, locales: d.locales }), [d.countries, d.locales]);
  const { form, fields, formProps, stateOf } = useSchemaForm(schema, {
    id: "settings-form",
    lastResult: result?.result,
    defaultValue: {
      ...d.location,
      invisible: d.invisible,
      language: d.language,
    },
  });
  // after a refused post without JavaScript, the boxes show what the member sent
  const invisible = fields.invisible.initialValue === "on";
  const language = String(fields.language.initialValue ?? d.language);
  const error = (key: string | undefined) => (key ? t(key) : undefined);
  return (
    <Card as="section" aria-labelledby="settings-form-title">
      <CardHeader id="settings-form-title" title={t("settings.preferencesTitle")} description={t("settings.preferencesIntro")} />
      <Form method="post" {...formProps} className="flex flex-col gap-5" data-testid="settings-form">
        <input type="hidden" name="intent" value="settings" />
        {result && !result.ok ? <FormMessage message={result.message} /> : null}

        <Part title={t("settings.visibilityTitle")} testId="settings-invisible">
          <Checkbox
            name={fields.invisible.name}
            id={fields.invisible.id}
            defaultChecked={invisible}
            label={t("settings.invisible")}
            hint={t("settings.invisibleHelp")}
          />
        </Part>

        <Part title={t("settings.locationTitle")} testId="settings-location">
          <LocationFields form={form} fields={fields} stateOf={stateOf} countries={d.countries} geolocation />
        </Part>

        {d.locales.length > 1 ? (
          <Part title={t("nav.language")} testId="settings-language">
            <Select
              name={fields.language.name}
              id={fields.language.id}
              label={t("settings.languageLabel")}
              defaultValue={language}
              options={d.locales.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
              error={error(fields.language.errors?.[0])}
              className="sm:max-w-xs"
            />
          </Part>
        ) : null}

        <div className="flex flex-wrap items-center gap-3 border-t border-black/10 pt-5">
          <Button type="submit" disabled={busy} data-testid="settings-save">
            {busy ? t("settings.saving") : t("settings.save")}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function PasswordForm({ who, result, busy }: { who: { email: string; name: string | null }; result?: Result | undefined; busy: boolean }) {
  const { t } = useTranslation();
  const schema = useMemo(() => changePasswordSchema(who), [who]);
  const { fields, formProps, stateOf } = useSchemaForm(schema, { id: "settings-password", lastResult: result?.result });
  return (
    <Card as="section" aria-labelledby="settings-password-title">
      <CardHeader id="settings-password-title" title={t("settings.passwordTitle")} />
      <Form method="post" {...formProps} className="flex flex-col gap-4" data-testid="settings-password">
        <input type="hidden" name="intent" value="password" />
        {result?.ok ? <FormMessage tone="success" message={result.message} /> : null}
        <FieldInput
          field={fields.old_password}
          type="password"
          label={t("settings.oldPassword")}
          autoComplete="current-password"
          state={stateOf(fields.old_password)}
        />
        <NewPasswordFields password={fields.password} repeat={fields.password_repeat} stateOf={stateOf} />
        <SubmitButton busy={busy} className="self-start">
          {t("settings.changePassword")}
        </SubmitButton>
      </Form>
    </Card>
  );
}

function EmailForm({ email, result, busy }: { email: string; result?: Result | undefined; busy: boolean }) {
  const { t } = useTranslation();
  const suggested = result?.params?.suggestion as string | undefined;
  const typed = result?.params?.email as string | undefined;
  const hint = useEmailSuggestion("email", result, suggested, typed);
  const { fields, formProps, stateOf } = useSchemaForm(emailChangeSchema, {
    id: "settings-email",
    lastResult: result?.result,
    defaultValue: suggested && typed ? { email: typed } : undefined,
  });
  return (
    <Card as="section" aria-labelledby="settings-email-title">
      <CardHeader id="settings-email-title" title={t("settings.emailTitle")} description={t("settings.currentEmail", { email })} />
      <Form method="post" {...formProps} className="flex flex-col gap-4" data-testid="settings-email">
        <input type="hidden" name="intent" value="email" />
        {result?.ok ? <FormMessage tone="success" message={result.message} params={result.params} /> : null}
        <FieldInput
          field={fields.email}
          type="email"
          label={t("settings.newEmail")}
          autoComplete="email"
          state={stateOf(fields.email)}
          onBlur={hint.onBlur}
          hint={hint.hint}
        />
        <SubmitButton busy={busy} className="self-start">
          {t("settings.changeEmail")}
        </SubmitButton>
      </Form>
    </Card>
  );
}
