import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { CrossIcon, HeartIcon } from "./icons.tsx";
import { Button, Modal } from "./ui/index.ts";

interface ModalProfile {
  id: number;
  name: string;
  age: number;
  city: string | null;
  thumb: string | null;
  photo?: string | null;
  match?: boolean;
}

/** Spec section 9: the likes are loaded again this long after the auto-like. */
const LIKES_RELOAD_DELAY_MS = 500;
const T = /^[1-9]\d{0,4}$/;

/** Loads the likes state again and tells whoever shows likes (badges, lists). */
async function reloadLikes(revalidate: () => void) {
  const res = await fetch("/api/likes.php", { headers: { accept: "application/json" } });
  if (res.ok) window.dispatchEvent(new CustomEvent("rendezvous:likes", { detail: await res.json() }));
  revalidate();
}

/**
 * The like modal (spec section 4): with ?t=N (a positive integer) it opens after N seconds and
 * t leaves the URL. It shows the profile given as ?profile={id} (one the member liked) or, when
 * none is given, the one GET /api/auto-like.php liked for them; the likes reload 0.5 s later.
 * The image and the button go to the profile.
 */
export function LikeModal() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [profile, setProfile] = useState<ModalProfile | null>(null);
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const seconds = params.get("t");
    if (!seconds || !T.test(seconds)) return;
    const given = params.get("profile");
    let cancelled = false;
    const timer = window.setTimeout(
      async () => {
        let shown: ModalProfile | undefined;
        try {
          if (given && /^[1-9]\d{0,9}$/.test(given)) {
            const res = await fetch("/api/likes.php", { headers: { accept: "application/json" } });
            const state = res.ok ? ((await res.json()) as { profiles: (ModalProfile & { liked: boolean })[] }) : null;
            shown = state?.profiles.find((p) => p.id === Number(given) && p.liked);
          } else {
            const res = await fetch("/api/auto-like.php", { headers: { accept: "application/json" } });
            if (res.ok) shown = (await res.json()) as ModalProfile;
            window.setTimeout(() => {
              void reloadLikes(() => revalidate.current()).catch(() => {});
            }, LIKES_RELOAD_DELAY_MS);
          }
        } catch {
          shown = undefined; // offline or refused: no modal
        }
        if (cancelled) return;
        if (shown) setProfile(shown);
        params.delete("t");
        params.delete("profile");
        const search = params.toString();
        navigate({ pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash }, { replace: true, preventScrollReset: true });
      },
      Number(seconds) * 1000,
    );
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [location.search, location.pathname, location.hash, navigate]);

  if (!profile) return null;
  const href = `/members/${profile.id}`;
  const close = () => setProfile(null);
  return (
    <Modal size="sm" onClose={close} labelledBy="like-modal-title" className="overflow-hidden rounded-2xl text-center shadow-2xl">
      <button
        type="button"
        onClick={close}
        aria-label={t("likes.modalClose")}
        className="absolute right-2 top-2 z-10 flex h-9 w-9 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60 focus-visible:outline-2 focus-visible:outline-white"
      >
        <CrossIcon className="h-4 w-4" />
      </button>
      <Link to={href} onClick={close} className="relative block aspect-[4/5] bg-accent" data-testid="like-modal-image">
        {(profile.photo ?? profile.thumb) ? (
          <img src={(profile.photo ?? profile.thumb)!} alt={profile.name} className="h-full w-full object-cover" />
        ) : (
          <span className="flex h-full items-center justify-center text-6xl text-primary/40" aria-hidden>
            ♥
          </span>
        )}
        <span className="absolute -bottom-6 left-1/2 flex h-12 w-12 -translate-x-1/2 items-center justify-center rounded-full bg-primary text-white shadow-lg ring-4 ring-white">
          <HeartIcon className="h-6 w-6" />
        </span>
      </Link>
      <div className="px-5 pb-5 pt-9">
        <h2 id="like-modal-title" className="text-xl font-black">
          {t("likes.modalTitle", { name: profile.name })}
        </h2>
        <p className="mt-1 text-sm text-black/70">{[`${profile.name}, ${profile.age}`, profile.city].filter(Boolean).join(" · ")}</p>
        <p className="mt-2 text-sm">{profile.match ? t("likes.modalMatch", { name: profile.name }) : t("likes.modalBody", { name: profile.name })}</p>
        <Button to={href} onClick={close} block className="mt-4">
          {t("likes.modalButton")}
        </Button>
      </div>
    </Modal>
  );
}
