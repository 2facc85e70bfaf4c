// /profile: the member edits every profile field and manages photos.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/profile";
import { requireUser } from "#app/auth/user-context.server.ts";
import { FormField, FormMessage, SelectField, SubmitButton } from "#app/components/form-field.tsx";
import { REGION_LABEL, REGIONS } from "#app/profiles/geo-data.ts";
import { addPhoto, PHOTO_LIMITS } from "#app/profiles/photos.server.ts";
import { readUploadForm } from "#app/media/upload.server.ts";
import { deletePhoto, loadOwnProfile, setMainPhoto, updateProfile } from "#app/profiles/profile-edit.server.ts";
import { BODY, EYES, HAIR, RELATIONSHIP } from "#app/profiles/profile-fields.ts";
import { InterestPicker } from "#app/components/interest-picker.tsx";
import { photoUrl } from "#app/profiles/photo-url.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { parseId } from "#app/utils/request.server.ts";

export const handle = { entryWarning: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const site = context.get(siteContext);
  const profile = await loadOwnProfile(user.id);
  return {
    profile: { ...profile, photos: profile.photos.map((p) => ({ id: p.id, thumb: photoUrl(site, p.thumbFilename), main: p.id === profile.mainPhotoId })) },
    countries: site.countries,
    regions: Object.fromEntries(site.countries.map((c) => [c, [...(REGIONS[c as keyof typeof REGIONS] ?? [])]])),
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
  const intent = form.get("intent");
  if (intent === "photo-upload") {
    const file = form.get("photo");
    if (!(file instanceof File) || !file.size) return data({ section: "photos", error: "photo.invalid" }, 400);
    const result = await addPhoto(profileId, user.paidUser, file);
    if ("error" in result) return data({ section: "photos", error: result.error, params: "limit" in result ? { count: result.limit } : undefined }, 400);
    return { section: "photos", ok: true };
  }
  if (intent === "photo-main" || intent === "photo-delete") {
    // only the member's own photos: another member's photo id is "not found"
    const photoId = parseId(form.get("photo"));
    const done = photoId !== null && (intent === "photo-main" ? await setMainPhoto(profileId, photoId) : await deletePhoto(profileId, photoId));
    return data({ section: "photos", ok: done }, done ? 200 : 404);
  }
  const result = await updateProfile(site, profileId, form, user.email);
  if (!result.ok) return data({ section: "profile", errors: result.errors }, 400);
  return { section: "profile", ok: true };
}

export default function EditProfile({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const p = d.profile;
  const [country, setCountry] = useState(p.country);
  const errors: Record<string, string> = actionData?.section === "profile" && "errors" in actionData ? actionData.errors ?? {} : {};
  const validated = actionData?.section === "profile";
  const opts = (group: string, values: readonly string[]) => values.map((v) => ({ value: v, label: t(`profile.${group}.${v}`) }));
  const countryName = new Intl.DisplayNames([i18n.language], { type: "region" });
  const photoResult = actionData?.section === "photos" ? actionData : undefined;
  return (
    <main className="container-site flex max-w-3xl flex-col gap-6 py-8">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold text-primary">{t("profileEdit.title")}</h1>
        <Link to={`/members/${p.id}`} className="text-sm underline">{t("profileEdit.view")}</Link>
      </div>

      <section className="rounded-lg bg-white p-6 shadow-sm" data-testid="photos">
        <h2 className="mb-1 text-lg font-semibold">{t("profileEdit.photos")}</h2>
        <p className="mb-4 text-sm text-black/60">{t("profileEdit.photoLimit", { count: d.photoLimit, used: p.photos.length })}</p>
        <FormMessage message={photoResult && "error" in photoResult ? photoResult.error : undefined} params={photoResult && "params" in photoResult ? (photoResult.params as Record<string, unknown> | undefined) : undefined} />
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5">
          {p.photos.map((photo) => (
            <li key={photo.id} className={`overflow-hidden rounded border-2 ${photo.main ? "border-primary" : "border-transparent"}`} data-testid="own-photo">
              <img src={photo.thumb} alt="" className="aspect-[4/5] w-full object-cover" />
              <Form method="post" className="flex justify-between gap-1 p-1 text-xs">
                <input type="hidden" name="photo" value={photo.id} />
                {photo.main ? <span className="font-semibold text-primary">{t("profileEdit.main")}</span> : <button name="intent" value="photo-main" className="underline">{t("profileEdit.makeMain")}</button>}
                <button name="intent" value="photo-delete" className="text-danger underline">{t("profileEdit.delete")}</button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="photo-upload" />
          <input type="file" name="photo" accept="image/jpeg,image/png,image/webp,image/heic,image/avif" aria-label={t("profileEdit.addPhoto")} className="text-sm" />
          <SubmitButton>{t("profileEdit.upload")}</SubmitButton>
        </Form>
      </section>

      <Form method="post" className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm" data-testid="profile-form">
        {actionData?.section === "profile" && "ok" in actionData ? <FormMessage tone="success" message="settings.saved" /> : null}
        <FormField name="name" label={t("signup.username")} defaultValue={p.name} error={errors.name} validated={validated} />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField name="gender" label={t("signup.iAm")} required defaultValue={p.gender} error={errors.gender} options={opts("gender", ["male", "female"])} />
          <SelectField name="seeking" label={t("signup.seeking")} required defaultValue={p.seeking ?? ""} error={errors.seeking} options={[{ value: "female", label: t("signup.women") }, { value: "male", label: t("signup.men") }]} />
          <SelectField name="sexuality" label={t("profileView.sexuality")} required defaultValue={p.sexuality} error={errors.sexuality} options={opts("sexuality", ["hetero", "gay", "lesbian", "bi"])} />
          <SelectField name="relationship" label={t("profile.fields.relationship")} defaultValue={p.relationship ?? ""} error={errors.relationship} options={opts("relationship", RELATIONSHIP)} />
          <SelectField name="hairColor" label={t("profile.fields.hairColor")} defaultValue={p.hairColor ?? ""} error={errors.hairColor} options={opts("hair", HAIR)} />
          <SelectField name="eyeColor" label={t("profile.fields.eyeColor")} defaultValue={p.eyeColor ?? ""} error={errors.eyeColor} options={opts("eye", EYES)} />
          <SelectField name="bodyType" label={t("profile.fields.bodyType")} defaultValue={p.bodyType ?? ""} error={errors.bodyType} options={opts("bodyType", BODY)} />
          <SelectField name="tattoos" label={t("profile.fields.tattoos")} defaultValue={p.tattoos == null ? "" : p.tattoos ? "yes" : "no"} options={[{ value: "yes", label: t("profile.yes") }, { value: "no", label: t("profile.no") }]} />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <label className="text-sm font-medium">{t("profile.fields.country")}
            <select name="country" value={country} onChange={(e) => setCountry(e.target.value)} className="mt-1 w-full rounded border border-black/20 bg-white px-3 py-2 font-normal">
              {d.countries.map((c) => <option key={c} value={c}>{countryName.of(c)}</option>)}
            </select>
          </label>
          <SelectField key={country} name="region" label={t(`profile.regionLabel.${regionLabelOf(country)}`)} defaultValue={country === p.country ? p.region ?? "" : ""} error={errors.region}
            options={(d.regions[country] ?? []).map((r) => ({ value: r, label: r }))} />
          <FormField name="city" label={t("profile.fields.city")} defaultValue={p.city ?? ""} error={errors.city} />
        </div>
        <div>
          <label htmlFor="aboutMe" className="mb-1 block text-sm font-medium">{t("profile.fields.aboutMe")}</label>
          <textarea id="aboutMe" name="aboutMe" rows={5} maxLength={2000} defaultValue={p.aboutMe ?? ""} className="w-full rounded border border-black/20 px-3 py-2" />
          {errors.aboutMe ? <p className="text-sm text-danger">{t(errors.aboutMe)}</p> : null}
        </div>
        <InterestPicker selected={p.interests} />
        <SubmitButton className="self-start">{t("settings.save")}</SubmitButton>
      </Form>
    </main>
  );
}

function regionLabelOf(country: string) {
  return REGION_LABEL[country as keyof typeof REGION_LABEL] ?? "region";
}
