// /staff/photos: the photo review queue of every site (pending photos of pre-moderation sites,
// unreviewed active ones of post-moderation sites), oldest first, 40 a page; approve, or reject
// with a reason that is mailed to the member. Optional filters: ?site={key}, ?member={userId}.
// A decision is checked with photoDecisionSchema in the browser and in the action: a rejection
// without a reason is answered under that photo's reason.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Link } from "react-router";
import type { Route } from "./+types/photos";
import { FormMessage } from "#app/components/form-field.tsx";
import { Badge, Button, Card } from "#app/components/ui/index.ts";
import { utc } from "#app/components/staff/format.ts";
import { PhotoDecisionForms } from "#app/components/staff/photo-forms.tsx";
import { photoUrl } from "#app/profiles/photo-url.server.ts";
import { answerForm } from "#app/staff/form-answer.server.ts";
import { pageMessage, type FormAnswer } from "#app/staff/form-answer.ts";
import { photoDecisionSchema } from "#app/staff/photo-schema.ts";
import { decidePhoto, PHOTO_PAGE, photoQueue } from "#app/staff/photos.server.ts";
import { requireStaff } from "#app/staff/session.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { parseId, readForm } from "#app/utils/request.server.ts";

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

const NOT_FOUND = "staff.errors.photoNotFound";

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context);
  const form = await readForm(request, context);
  const photoId = parseId(form.get("photo"));
  if (!photoId) return data<FormAnswer>({ ok: false, message: NOT_FOUND }, 404);
  // each photo's card has its own form
  return answerForm(
    form,
    `photo-${photoId}`,
    photoDecisionSchema,
    (v) => decidePhoto(staff, v.photo, v.intent === "reject" ? { intent: "reject", reason: v.reason! } : { intent: "approve" }),
    NOT_FOUND,
  );
}

export default function StaffPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { photos, next, sites, siteKey, userId } = loaderData;
  const shown = pageMessage(actionData);
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
      {shown ? (
        <div className="mt-4">
          <FormMessage tone={shown.ok ? "success" : "danger"} message={shown.message} params={shown.params} />
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
                <PhotoDecisionForms photo={p.id} answer={actionData} />
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
