// /profile: the member edits every profile field and manages photos.
import { useMemo } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/profile";
import { requireUser } from "#app/auth/user-context.server.ts";
import { FilePicker } from "#app/components/file-picker.tsx";
import { FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { FieldInput, FieldSelect, FieldTextarea, useSchemaForm } from "#app/components/schema-form.tsx";
import { LocationFields } from "#app/components/location-fields.tsx";
import { addPhoto, PHOTO_LIMITS } from "#app/profiles/photos.server.ts";
import { readUploadForm } from "#app/media/upload.server.ts";
import { deletePhoto, loadOwnProfile, saveProfileFields, setMainPhoto } from "#app/profiles/profile-edit.server.ts";
import { BODY, EYES, HAIR, RELATIONSHIP } from "#app/profiles/profile-fields.ts";
import { ABOUT_MAX, profileSchema } from "#app/profiles/profile-schema.ts";
import { InterestPicker } from "#app/components/interest-picker.tsx";
import { photoUrl } from "#app/profiles/photo-url.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { Button, Card } from "#app/components/ui/index.ts";
import { assertCleanForm, parseId, parseSubmission } from "#app/utils/request.server.ts";

export const handle = { entryWarning: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const site = context.get(siteContext);
  const profile = await loadOwnProfile(user.id);
  return {
    profile: {
      ...profile,
      photos: profile.photos.map((p) => ({
        id: p.id,
        thumb: photoUrl(site, p.thumbFilename),
        main: p.id === profile.mainPhotoId,
        pending: p.status === "pending",
      })),
    },
    email: user.email,
    countries: site.countries,
    photoLimit: user.paidUser ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const site = context.get(siteContext);
  const profileId = user.profile!.id;
  const read = await readUploadForm(request);
  if (!read.ok) return data({ section: "photos", error: read.error }, 413);
  const form = read.form;
  assertCleanForm(form, context);
  const intent = form.get("intent");
  if (intent === "photo-upload") {
    const file = form.get("photo");
    if (!(file instanceof File) || !file.size) return data({ section: "photos", error: "photo.invalid" }, 400);
    const result = await addPhoto(profileId, user.paidUser, file, site);
    if ("error" in result) return data({ section: "photos", error: result.error, params: "limit" in result ? { count: result.limit } : undefined }, 400);
    return { section: "photos", ok: true, pending: result.pending };
  }
  if (intent === "photo-main" || intent === "photo-delete") {
    // only the member's own photos: another member's photo id is "not found"
    const photoId = parseId(form.get("photo"));
    const done = photoId !== null && (intent === "photo-main" ? await setMainPhoto(profileId, photoId) : await deletePhoto(profileId, photoId));
    return data({ section: "photos", ok: done }, done ? 200 : 404);
  }
  const submission = parseSubmission(form, profileSchema({ countries: site.countries, email: user.email }));
  if (submission.status !== "success") return data({ section: "profile", result: submission.reply() }, 400);
  await saveProfileFields(profileId, submission.value);
  return { section: "profile", ok: true, result: submission.reply() };
}

export default function EditProfile({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const p = d.profile;
  const photoResult = actionData?.section === "photos" ? actionData : undefined;
  const reply = actionData?.section === "profile" && "result" in actionData ? (actionData.result as SubmissionResult<string[]>) : undefined;
  const schema = useMemo(() => profileSchema({ countries: d.countries, email: d.email }), [d.countries, d.email]);
  const { form, fields, formProps, stateOf } = useSchemaForm(schema, {
    id: "profile",
    lastResult: reply,
    defaultValue: {
      name: p.name,
      gender: p.gender,
      seeking: p.seeking ?? "",
      sexuality: p.sexuality,
      relationship: p.relationship ?? "",
      hairColor: p.hairColor ?? "",
      eyeColor: p.eyeColor ?? "",
      bodyType: p.bodyType ?? "",
      tattoos: p.tattoos == null ? "" : p.tattoos ? "yes" : "no",
      aboutMe: p.aboutMe ?? "",
      interests: p.interests,
      country: p.country,
      region: p.region ?? "",
      city: p.city ?? "",
    },
  });
  const opts = (group: string, values: readonly string[]) => values.map((v) => ({ value: v, label: t(`profile.${group}.${v}`) }));
  const select = (name: "relationship" | "hairColor" | "eyeColor" | "bodyType", group: string, values: readonly string[]) => (
    <FieldSelect field={fields[name]} label={t(`profile.fields.${name}`)} state={stateOf(fields[name])} options={opts(group, values)} />
  );
  return (
    <main className="container-site flex max-w-3xl flex-col gap-6 py-8">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold text-primary">{t("profileEdit.title")}</h1>
        <Button to={`/members/${p.id}`} variant="outline" size="sm">
          {t("profileEdit.view")}
        </Button>
      </div>

      <Card as="section" aria-labelledby="own-photos-title">
        <h2 id="own-photos-title" className="mb-1 text-lg font-semibold">
          {t("profileEdit.photos")}
        </h2>
        <p className="mb-4 text-sm text-black/60">{t("profileEdit.photoLimit", { count: d.photoLimit, used: p.photos.length })}</p>
        <FormMessage
          message={photoResult && "error" in photoResult ? photoResult.error : undefined}
          params={photoResult && "params" in photoResult ? (photoResult.params as Record<string, unknown> | undefined) : undefined}
        />
        {photoResult && "pending" in photoResult && photoResult.pending ? <FormMessage tone="success" message="profileEdit.photoPendingNotice" /> : null}
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5">
          {p.photos.map((photo, i) => {
            // each photo and its buttons say which photo they are ("Delete photo 2 of 4"): a list of "Delete" says nothing
            const which = { n: i + 1, total: p.photos.length };
            return (
              <li key={photo.id} className={`overflow-hidden rounded-lg border-2 ${photo.main ? "border-primary" : "border-black/5"}`}>
                <div className="relative">
                  <img
                    src={photo.thumb}
                    alt={t("profileEdit.photoN", which)}
                    className={`aspect-[4/5] w-full object-cover ${photo.pending ? "opacity-60" : ""}`}
                  />
                  {photo.pending ? (
                    <span
                      className="absolute inset-x-0 bottom-0 bg-black/70 px-1 py-0.5 text-center text-xs font-semibold text-white"
                      data-testid="photo-pending"
                    >
                      {t("profileEdit.photoPending")}
                    </span>
                  ) : null}
                </div>
                <Form method="post" className="flex flex-wrap justify-between gap-x-2 gap-y-0.5 p-1 text-xs">
                  <input type="hidden" name="photo" value={photo.id} />
                  {photo.main ? (
                    <span className="font-semibold text-primary">{t("profileEdit.main")}</span>
                  ) : photo.pending ? null : (
                    <button name="intent" value="photo-main" className="underline" aria-label={t("profileEdit.makeMainPhoto", which)}>
                      {t("profileEdit.makeMain")}
                    </button>
                  )}
                  <button name="intent" value="photo-delete" className="text-danger underline" aria-label={t("profileEdit.deletePhoto", which)}>
                    {t("profileEdit.delete")}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
        <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="photo-upload" />
          {/* a new photo remounts the picker: it starts empty for the next one */}
          <FilePicker key={p.photos.length} name="photo" />
          <SubmitButton>{t("profileEdit.upload")}</SubmitButton>
        </Form>
      </Card>

      <Card as={Form} method="post" {...formProps} className="flex flex-col gap-4" data-testid="profile-form">
        {reply?.status === "success" ? <FormMessage tone="success" message="settings.saved" /> : null}
        {reply?.status === "error" ? <FormMessage message="validation.checkFields" /> : null}
        <FieldInput field={fields.name} label={t("signup.username")} state={stateOf(fields.name)} autoComplete="nickname" />
        <div className="grid gap-4 sm:grid-cols-3">
          <FieldSelect field={fields.gender} label={t("signup.iAm")} state={stateOf(fields.gender)} options={opts("gender", ["male", "female"])} />
          <FieldSelect
            field={fields.seeking}
            label={t("signup.seeking")}
            state={stateOf(fields.seeking)}
            options={[
              { value: "female", label: t("signup.women") },
              { value: "male", label: t("signup.men") },
            ]}
          />
          <FieldSelect
            field={fields.sexuality}
            label={t("profileView.sexuality")}
            state={stateOf(fields.sexuality)}
            options={opts("sexuality", ["hetero", "gay", "lesbian", "bi"])}
          />
          {select("relationship", "relationship", RELATIONSHIP)}
          {select("hairColor", "hair", HAIR)}
          {select("eyeColor", "eye", EYES)}
          {select("bodyType", "bodyType", BODY)}
          <FieldSelect
            field={fields.tattoos}
            label={t("profile.fields.tattoos")}
            state={stateOf(fields.tattoos)}
            options={[
              { value: "yes", label: t("profile.yes") },
              { value: "no", label: t("profile.no") },
            ]}
          />
        </div>
        <LocationFields form={form} fields={fields} stateOf={stateOf} countries={d.countries} />
        <FieldTextarea field={fields.aboutMe} label={t("profile.fields.aboutMe")} state={stateOf(fields.aboutMe)} maxLength={ABOUT_MAX} />
        <InterestPicker field={fields.interests} />
        <SubmitButton className="self-start">{t("settings.save")}</SubmitButton>
      </Card>
    </main>
  );
}
