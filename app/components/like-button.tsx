import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useFetcher, useLocation } from "react-router";
import { HeartIcon } from "./icons.tsx";
import { MatchDialog } from "./match-dialog.tsx";
import { Button, cx } from "./ui/index.ts";

/** How long a new like's confirmation stays. */
const CONFIRM_MS = 1_600;

export type LikeSourceName = "profile" | "search" | "likes" | "match_finder";

type LikeAnswer = { liked: boolean; match: boolean; created: boolean; id: number; name: string } | { error: string };

/**
 * Like / unlike: a form post to /members/{id}/like that works without JavaScript; with it, a
 * fetcher shows the new state at once and the match moment when the like made a match.
 */
export function LikeButton({
  profile,
  liked: initial,
  likedMe = false,
  source,
  variant = "icon",
}: {
  profile: { id: number; name: string; photo: string | null };
  liked: boolean;
  likedMe?: boolean;
  source: LikeSourceName;
  /** icon: a card's heart; large: a button with its word; bar: the same, sharing a row with Message */
  variant?: "icon" | "large" | "bar";
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<LikeAnswer>();
  const location = useLocation();
  const [matched, setMatched] = useState(false);
  const answer = fetcher.data;
  const pending = fetcher.formData?.get("intent");
  const liked = pending ? pending === "like" : answer && "liked" in answer ? answer.liked : initial;
  const error = fetcher.state === "idle" && answer && "error" in answer ? answer.error : null;
  // a new like's confirmation: the heart pops, "Liked" shows for a moment, and a reader hears "You liked Anna"
  const [confirmed, setConfirmed] = useState(0);
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer || !("match" in answer) || !answer.created) return;
    if (answer.match) setMatched(true);
    else if (answer.liked) setConfirmed((n) => n + 1);
  }, [fetcher.state, answer]);
  useEffect(() => {
    if (!confirmed) return;
    const timer = setTimeout(() => setConfirmed(0), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [confirmed]);

  const label = liked
    ? t("likes.unlikeName", { name: profile.name })
    : likedMe
      ? t("likes.likeBackName", { name: profile.name })
      : t("likes.likeName", { name: profile.name });
  const text = liked ? t("likes.liked") : likedMe ? t("likes.likeBack") : t("likes.like");
  return (
    <>
      {/* a plain form: its submit goes through the fetcher below, and a grid renders one per card
          (fetcher.Form would resolve its action again for each) */}
      <form
        method="post"
        action={`/members/${profile.id}/like`}
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          form.set("js", "1");
          fetcher.submit(form, { method: "post", action: `/members/${profile.id}/like` });
        }}
        className={variant === "icon" ? "relative" : "contents"}
      >
        <input type="hidden" name="intent" value={liked ? "unlike" : "like"} />
        <input type="hidden" name="source" value={source} />
        <input type="hidden" name="back" value={location.pathname + location.search} />
        {variant === "icon" && confirmed ? (
          <span
            key={confirmed}
            aria-hidden
            className="like-confirm pointer-events-none absolute bottom-full left-1/2 mb-1.5 whitespace-nowrap rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-white shadow"
            data-testid="like-confirm"
          >
            {t("likes.liked")}
          </span>
        ) : null}
        {variant === "icon" ? (
          <Button
            type="submit"
            variant={liked ? "primary" : "light"}
            size="inline"
            aria-pressed={liked}
            aria-label={label}
            title={label}
            className="h-11 w-11 ring-1 ring-black/5 active:scale-90"
            data-testid="like-button"
            data-liked={liked}
          >
            <HeartIcon key={confirmed} filled={liked} className={cx("h-6 w-6", confirmed ? "like-pop" : "")} />
          </Button>
        ) : (
          <Button
            type="submit"
            variant={liked ? "outline" : "primary"}
            size={variant === "bar" ? "inline" : "lg"}
            aria-pressed={liked}
            title={label}
            className={cx("active:scale-95", variant === "bar" ? "h-12 min-w-0 flex-1 whitespace-nowrap px-4 text-base font-bold" : "min-w-36")}
            data-testid="like-button"
            data-liked={liked}
          >
            <HeartIcon filled={!liked} className="h-5 w-5" /> {text}
            <span className="sr-only">: {profile.name}</span>
          </Button>
        )}
      </form>
      <span role="status" className="sr-only">
        {confirmed ? t("likes.youLiked", { name: profile.name }) : ""}
      </span>
      {error ? (
        <p role="alert" className="mt-1 text-xs font-semibold text-danger" data-testid="like-error">
          {error}
        </p>
      ) : null}
      {matched ? <MatchDialog partner={{ id: profile.id, name: profile.name, photo: profile.photo }} onClose={() => setMatched(false)} /> : null}
    </>
  );
}
