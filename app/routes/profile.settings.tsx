// /profile/settings: password, e-mail address, notifications, language; the download of one's data; the way to delete.
import { useMemo } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/profile.settings";
import { changePassword, emailInUse, requestEmailChange, setLanguage, setNotificationsOff } from "#app/auth/account.server.ts";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { requireUser } from "#app/auth/user-context.server.ts";
import { changePasswordSchema, emailField, fieldErrors } from "#app/auth/validation.ts";
import { EMAIL_CHECKED_FIELD, suggestEmail, suggestionToConfirm, USE_SUGGESTION_FIELD } from "#app/auth/email-suggestion.ts";
import { formFields, readForm } from "#app/utils/request.server.ts";
import { useEmailSuggestion } from "#app/components/email-suggestion.tsx";
import { FormField, FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { NOTIFICATION_TYPES } from "#app/notifications/notification-types.ts";
import { localeCookie } from "#app/i18n/i18n.server.ts";
import { LocationFields } from "#app/components/location-fields.tsx";
import { useSchemaForm } from "#app/components/schema-form.tsx";
import { loadProfileSettings, parseProfileForm, saveProfileFields, setInvisible } from "#app/profiles/profile-edit.server.ts";
import { locationSchema } from "#app/profiles/profile-schema.ts";
import { LOCALE_NAMES, type Locale } from "#app/i18n/locales.ts";
import { exportState, requestExport } from "#app/privacy/exports.server.ts";
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
    notificationsOff: user.notificationsOff,
    language: (user.language ?? locale) as Locale,
    locales: site.locales,
    invisible: profile.invisible,
    location: { country: profile.country, region: profile.region ?? "", city: profile.city ?? "" },
    countries: site.countries,
  };
}

type Result = {
  section: string; ok?: boolean; errors?: Record<string, string>; message?: string; params?: Record<string, unknown>;
  /** conform's reply to a form validated by its schema (the location). */
  result?: SubmissionResult<string[]>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { site, locale, origin } = requestInfo(request, context);
  const form = await readForm(request, context);
  const intent = String(form.get("intent"));
  const raw = formFields(form);

  if (intent === "password") {
    const parsed = changePasswordSchema({ email: user.email, name: user.profile?.name }).safeParse(raw);
    if (!parsed.success) return data<Result>({ section: intent, errors: fieldErrors(parsed.error) }, 400);
    const result = await changePassword(user.id, parsed.data.old_password, parsed.data.password, request);
    if (!result.ok) return data<Result>({ section: intent, errors: { old_password: "validation.oldPassword" } }, 400);
    return data<Result>({ section: intent, ok: true, message: "settings.passwordChanged" });
  }
  if (intent === "email") {
    const email = emailField.safeParse(raw[USE_SUGGESTION_FIELD] || raw.email);
    if (!email.success) {
      const suggestion = suggestEmail(String(raw.email ?? "").trim().toLowerCase().slice(0, 254));
      return data<Result>({ section: intent, errors: { email: "validation.invalidEmail" }, params: suggestion ? { suggestion } : undefined }, 400);
    }
    if (email.data === user.email || (await emailInUse(site, email.data))) return data<Result>({ section: intent, errors: { email: "messages.emailExists" } }, 400);
    // a likely typo (gmial.com): asked once before the confirmation mail goes to it
    const suggestion = suggestionToConfirm(email.data, raw[EMAIL_CHECKED_FIELD]);
    if (suggestion) return data<Result>({ section: intent, params: { suggestion, email: email.data } });
    await requestEmailChange(site, user.id, email.data, locale, origin, user.profile?.name ?? user.email);
    return data<Result>({ section: intent, ok: true, message: "settings.emailChangeSent", params: { email: email.data } });
  }
  if (intent === "notifications") {
    const enabled = new Set(form.getAll("enabled").map(String));
    await setNotificationsOff(user.id, NOTIFICATION_TYPES.filter((n) => !enabled.has(n)));
    return data<Result>({ section: intent, ok: true, message: "settings.saved" });
  }
  if (intent === "invisible") {
    await setInvisible(user.profile!.id, form.get("invisible") === "on");
    return data<Result>({ section: intent, ok: true, message: "settings.saved" });
  }
  if (intent === "location") {
    const submission = parseProfileForm(form, locationSchema(site.countries));
    if (submission.status !== "success") return data<Result>({ section: intent, result: submission.reply() }, 400);
    await saveProfileFields(user.profile!.id, submission.value);
    return data<Result>({ section: intent, ok: true, message: "settings.saved", result: submission.reply() });
  }
  if (intent === "language") {
    const language = z.enum(site.locales as [Locale, ...Locale[]]).safeParse(raw.language);
    if (!language.success) return data<Result>({ section: intent, errors: { language: "validation.required" } }, 400);
    await setLanguage(user.id, language.data);
    return data<Result>({ section: intent, ok: true, message: "settings.saved" }, { headers: { "Set-Cookie": await localeCookie.serialize(language.data) } });
  }
  if (intent === "export") {
    const result = await requestExport({ id: user.id, siteKey: site.key });
    if (!result.ok) return data<Result>({ section: intent, ok: false, message: "privacy.limit", params: { minutes: minutesOf(result.retryAfterMs) } }, 429);
    return data<Result>({ section: intent, ok: true, message: result.created ? "privacy.queued" : "privacy.pending" });
  }
  return data<Result>({ section: "form", message: "messages.genericError" }, 400);
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg bg-white p-6 shadow-sm">
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export default function Settings({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const result = (section: string) => (actionData?.section === section ? actionData : undefined);
  const pw = result("password");
  const em = result("email");
  const emailHint = useEmailSuggestion("email", em, em?.params?.suggestion as string | undefined, em?.params?.email as string | undefined);
  return (
    <main className="container-site flex max-w-2xl flex-col gap-6 py-10">
      <h1 className="text-2xl font-bold text-primary">{t("settings.title")}</h1>

      <Section title={t("settings.passwordTitle")}>
        <Form method="post" className="flex flex-col gap-4" data-testid="settings-password">
          <input type="hidden" name="intent" value="password" />
          {pw?.ok ? <FormMessage tone="success" message={pw.message} /> : null}
          <FormField name="old_password" type="password" label={t("settings.oldPassword")} autoComplete="current-password" error={pw?.errors?.old_password} validated={!!pw?.errors} />
          <FormField name="password" type="password" label={t("settings.newPassword")} autoComplete="new-password" error={pw?.errors?.password} validated={!!pw?.errors} />
          <FormField name="password_repeat" type="password" label={t("settings.repeatPassword")} autoComplete="new-password" error={pw?.errors?.password_repeat} validated={!!pw?.errors} />
          <SubmitButton busy={busy} className="self-start">{t("settings.save")}</SubmitButton>
        </Form>
      </Section>

      <Section title={t("settings.emailTitle")}>
        <Form method="post" className="flex flex-col gap-4" data-testid="settings-email">
          <input type="hidden" name="intent" value="email" />
          <p className="text-sm text-black/70">{t("settings.currentEmail", { email: d.email })}</p>
          {em?.ok ? <FormMessage tone="success" message={em.message} params={em.params} /> : null}
          <FormField name="email" type="email" label={t("settings.newEmail")} autoComplete="email" error={em?.errors?.email} validated={!!em?.errors}
            defaultValue={em?.params?.suggestion ? String(em.params.email ?? "") : undefined} onBlur={emailHint.onBlur} hint={emailHint.hint} />
          <SubmitButton busy={busy} className="self-start">{t("settings.changeEmail")}</SubmitButton>
        </Form>
      </Section>

      <Section title={t("settings.notificationsTitle")}>
        <Form method="post" className="flex flex-col gap-2" data-testid="settings-notifications">
          <input type="hidden" name="intent" value="notifications" />
          {result("notifications")?.ok ? <FormMessage tone="success" message="settings.saved" /> : null}
          {NOTIFICATION_TYPES.map((n) => (
            <label key={n} className="flex items-center gap-2">
              <input type="checkbox" name="enabled" value={n} defaultChecked={!d.notificationsOff.includes(n)} />
              {t(`settings.notificationTypes.${n}`)}
            </label>
          ))}
          <SubmitButton busy={busy} className="mt-2 self-start">{t("settings.save")}</SubmitButton>
        </Form>
      </Section>

      <Section title={t("settings.visibilityTitle")}>
        <Form method="post" className="flex flex-col gap-3" data-testid="settings-invisible">
          <input type="hidden" name="intent" value="invisible" />
          {result("invisible")?.ok ? <FormMessage tone="success" message="settings.saved" /> : null}
          <label className="flex items-center gap-2">
            <input type="checkbox" name="invisible" defaultChecked={d.invisible} />{t("settings.invisible")}
          </label>
          <p className="text-sm text-black/60">{t("settings.invisibleHelp")}</p>
          <SubmitButton busy={busy} className="self-start">{t("settings.save")}</SubmitButton>
        </Form>
      </Section>

      <Section title={t("settings.locationTitle")}>
        <LocationForm d={d} result={result("location")} busy={busy} />
      </Section>

      {d.locales.length > 1 ? (
        <Section title={t("nav.language")}>
          <Form method="post" className="flex items-center gap-3" data-testid="settings-language">
            <input type="hidden" name="intent" value="language" />
            <select name="language" defaultValue={d.language} aria-label={t("nav.language")} className="rounded border border-black/20 bg-white px-3 py-2">
              {d.locales.map((l) => <option key={l} value={l}>{LOCALE_NAMES[l]}</option>)}
            </select>
            <SubmitButton busy={busy}>{t("settings.save")}</SubmitButton>
          </Form>
        </Section>
      ) : null}

      <Section title={t("privacy.title")}>
        <DataExportSection state={d.dataExport} result={result("export")} busy={busy} />
      </Section>

      <Section title={t("deletion.title")}>
        <p className="mb-3 text-sm text-black/70">{t("deletion.settingsIntro")}</p>
        <Link to="/profile/delete" className="font-semibold text-danger underline">{t("deletion.start")}</Link>
      </Section>
    </main>
  );
}

function LocationForm({ d, result, busy }: { d: Awaited<ReturnType<typeof loader>>; result?: Result | undefined; busy: boolean }) {
  const schema = useMemo(() => locationSchema(d.countries), [d.countries]);
  const { form, fields, formProps, stateOf } = useSchemaForm(schema, { id: "settings-location", lastResult: result?.result, defaultValue: d.location });
  const { t } = useTranslation();
  return (
    <Form method="post" {...formProps} className="flex flex-col gap-4" data-testid="settings-location">
      <input type="hidden" name="intent" value="location" />
      {result?.ok ? <FormMessage tone="success" message="settings.saved" /> : null}
      <LocationFields form={form} fields={fields} stateOf={stateOf} countries={d.countries} geolocation />
      <SubmitButton busy={busy} className="self-start">{t("settings.save")}</SubmitButton>
    </Form>
  );
}
