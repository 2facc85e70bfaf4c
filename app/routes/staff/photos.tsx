// /staff/photos: the photo review queue of every site (pending photos of pre-moderation sites,
// unreviewed active ones of post-moderation sites), oldest first, 40 a page; approve, or reject
// with a reason that is mailed to the member. Optional filters: ?site={key}, ?member={userId}.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/photos";
import { FormMessage } from "#app/components/form-field.tsx";
import { Badge, Button, Card, Select } from "#app/components/ui/index.ts";
import { utc } from "#app/components/staff/format.ts";
import { photoUrl } from "#app/profiles/photo-url.server.ts";
import type { ActionResult } from "#app/staff/actions.server.ts";
import { PHOTO_REJECT_REASONS } from "#app/staff/photo-rules.ts";
import { decidePhoto, PHOTO_PAGE, photoDecisionForm, photoQueue } from "#app/staff/photos.server.ts";
import { requireStaff } from "#app/staff/session.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { formFields, parseId, readForm } from "#app/utils/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  // thumbnails are signed for the site whose host the console is open on: that host serves them
  const consoleSite = context.get(siteContext);
  const registry = getSiteRegistry();
  const url = new URL(request.url);
  const siteParam = url.searchParams.get("site");
  const siteKey = siteParam && registry.byKey.has(siteParam) ? siteParam : null;
  const userId = parseId(url.searchParams.get("member"));
  const photos = await photoQueue({ after: parseId(url.searchParams.get("after")), siteKey, userId });
  return {
    siteKey,
    userId,
    sites: [...registry.byKey.keys()].sort(),
    photos: photos.map((p) => ({
      id: p.id,
      status: p.status,
      createdAt: p.createdAt,
      thumb: photoUrl(consoleSite, p.thumbFilename),
      siteKey: p.profile.siteKey,
      siteName: registry.byKey.get(p.profile.siteKey)?.name ?? p.profile.siteKey,
      moderation: registry.byKey.get(p.profile.siteKey)?.photo_moderation ?? "post",
      member: { userId: p.profile.userId, name: p.profile.name },
    })),
    next: photos.length === PHOTO_PAGE ? photos.at(-1)!.id : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context);
  const form = formFields(await readForm(request, context));
  const photoId = parseId(form.photo);
  if (!photoId) return data<ActionResult>({ ok: false, message: "staff.errors.photoNotFound" }, 404);
  const input = photoDecisionForm.safeParse(form);
  if (!input.success) return data<ActionResult>({ ok: false, message: "staff.errors.photoReason" }, 400);
  const result = await decidePhoto(staff, photoId, input.data);
  return data(result, { status: result.ok ? 200 : result.message === "staff.errors.photoNotFound" ? 404 : 409 });
}

export default function StaffPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { photos, next, sites, siteKey, userId } = loaderData;
  const filter = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ ...(siteKey ? { site: siteKey } : {}), ...(userId ? { member: String(userId) } : {}), ...extra })}`;
  return (
    <main>
      <h1 className="text-2xl font-bold">{t("staff.photos.title")}</h1>
      <p className="mt-1 text-sm text-black/60">{t("staff.photos.intro")}</p>
      <nav className="mt-3 flex flex-wrap gap-2 text-sm" aria-label={t("staff.photos.filter")}>
        {[null, ...sites].map((key) => (
          <Button
            key={key ?? "all"}
            to={key ? `?site=${key}` : "?"}
            aria-current={key === siteKey ? "page" : undefined}
            size="sm"
            variant={key === siteKey ? "primary" : "outline"}
          >
            {key ?? t("staff.photos.allSites")}
          </Button>
        ))}
      </nav>
      {actionData ? (
        <div className="mt-4">
          <FormMessage tone={actionData.ok ? "success" : "danger"} message={actionData.message} params={actionData.params} />
        </div>
      ) : null}
      {photos.length ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="photo-queue">
          {photos.map((p) => (
            <Card as="li" key={p.id} padding="none" className="flex flex-col overflow-hidden" data-testid="queue-photo" data-photo-id={p.id}>
              <img src={p.thumb} alt={t("staff.photos.alt", { name: p.member.name })} className="aspect-[4/5] w-full bg-slate-100 object-cover" />
              <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
                <p>
                  <Badge tone={p.status === "pending" ? "warning" : "success"}>{t(`staff.photos.status.${p.status}`)}</Badge>{" "}
                  <span className="text-black/60">{t(`staff.photos.moderation.${p.moderation}`)}</span>
                </p>
                <p>
                  {p.siteName} ({p.siteKey})
                </p>
                <p>
                  <Link to={`/staff/members/${p.member.userId}`} className="font-semibold underline">
                    {p.member.name} (#{p.member.userId})
                  </Link>
                </p>
                <p className="text-black/60">
                  {t("staff.photos.uploaded")}: {utc(p.createdAt)}
                </p>
                <Form method="post" className="mt-2">
                  <input type="hidden" name="photo" value={p.id} />
                  <Button type="submit" name="intent" value="approve" variant="success" size="sm">
                    {t("staff.photos.approve")}
                  </Button>
                </Form>
                <Form method="post" className="mt-1 flex flex-wrap items-center gap-2">
                  <input type="hidden" name="photo" value={p.id} />
                  <input type="hidden" name="intent" value="reject" />
                  <Select
                    id={`reason-${p.id}`}
                    name="reason"
                    required
                    defaultValue=""
                    label={t("staff.photos.reason")}
                    hideLabel
                    placeholder={t("staff.photos.reason")}
                    options={PHOTO_REJECT_REASONS.map((r) => ({ value: r, label: t(`staff.photos.reasons.${r}`) }))}
                    className="min-w-0 flex-1"
                  />
                  <Button type="submit" variant="danger" size="sm">
                    {t("staff.photos.reject")}
                  </Button>
                </Form>
              </div>
            </Card>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-black/60" data-testid="photo-queue-empty">
          {t("staff.photos.empty")}
        </p>
      )}
      {next ? (
        <p className="mt-4">
          <Link to={filter({ after: String(next) })} className="underline">
            {t("staff.photos.more")}
          </Link>
        </p>
      ) : null}
    </main>
  );
}
