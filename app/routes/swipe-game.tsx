// /swipe-game: likely matches one card at a time; like or pass with the buttons, the arrow keys
// or a swipe. A few likes per day (LIMITS.swipe), then the game stops and says when it resumes.
// Without JavaScript the buttons are a form post.
import { FictionalMark } from "#app/components/fictional-mark.tsx";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Link, redirect, useFetcher, useRevalidator } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/swipe-game";
import { requireUser } from "#app/auth/user-context.server.ts";
import { CrossIcon, HeartIcon } from "#app/components/icons.tsx";
import { MatchDialog, type MatchPartner } from "#app/components/match-dialog.tsx";
import { Badge, Button, Card } from "#app/components/ui/index.ts";
import { localeContext } from "#app/i18n/i18n.server.ts";
import { matchCard } from "#app/likes/likes.server.ts";
import { loadSeeker } from "#app/likes/matching.server.ts";
import { swipe, swipeStack, swipeStatus } from "#app/likes/swipe.server.ts";
import { retryAfterHeader } from "#app/limits/rate-limits.server.ts";
import { retryAfterHeaders } from "#app/limits/retry-after.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { errorResponse, parseId, readForm, refuse } from "#app/utils/request.server.ts";
import { countryName, formatWeekdayTime, localeTag, memberTimeZone } from "#app/utils/format.ts";

export const headers = retryAfterHeaders;

/** app-like on phones: the tab bar, no footer */
export const handle = { appScreen: true };

/** "The game resumes on Tuesday 14:05": the member's language, their country's time format and time zone. */
const resumeText = (at: Date, language: string, country: string | null | undefined) =>
  formatWeekdayTime(at, localeTag(language, country), memberTimeZone(country));

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const { locale } = context.get(localeContext);
  const user = requireUser(context, request);
  const seeker = user.profile ? await loadSeeker(user.profile.id) : null;
  if (!seeker) throw data(null, { status: 404 });
  const now = new Date();
  const status = await swipeStatus(seeker.id, now);
  const [stack, match] = await Promise.all([
    status.left > 0 ? swipeStack(site, seeker, now) : [],
    matchCard(site, seeker.id, parseId(new URL(request.url).searchParams.get("match"))),
  ]);
  return {
    left: status.left,
    limit: status.limit,
    resumes: status.resumesAt ? { at: status.resumesAt.toISOString(), text: resumeText(status.resumesAt, locale, seeker.country) } : null,
    stack,
    match,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const site = context.get(siteContext);
  const { t, locale } = context.get(localeContext);
  const user = requireUser(context, request);
  const form = await readForm(request, context);
  const decision = z.enum(["like", "pass"]).safeParse(form.get("intent"));
  if (!decision.success) refuse(context);
  const js = form.get("js") === "1";
  const result = user.profile ? await swipe(site, user.profile.id, parseId(form.get("target")), decision.data) : { kind: "not_found" as const };
  switch (result.kind) {
    case "not_found":
      if (js) return errorResponse(context, 404, "likes.unavailable");
      throw data(null, { status: 404 });
    case "blocked": {
      const body = { error: t("profileView.blockedBy", { name: result.name }) };
      if (js) return data(body, 403);
      throw data(body, 403);
    }
    case "limit": {
      const at = result.status.resumesAt!;
      const text = resumeText(at, locale, user.profile?.country);
      const retry = retryAfterHeader(at.getTime() - Date.now());
      return data({ error: t("swipe.stopped", { time: text }), stopped: true }, { status: 429, headers: retry });
    }
    case "passed":
      return js ? { decision: "pass" as const, left: result.status.left } : redirect("/swipe-game");
    case "ok":
      if (js)
        return {
          decision: "like" as const,
          left: result.status.left,
          match: result.match,
          created: result.created,
          id: result.profile.id,
          name: result.profile.name,
        };
      return redirect(result.match && result.created ? `/swipe-game?match=${result.profile.id}` : "/swipe-game");
  }
}

type Card = Route.ComponentProps["loaderData"]["stack"][number];
type Answer =
  | { decision: "pass"; left: number }
  | { decision: "like"; left: number; match: boolean; created: boolean; id: number; name: string }
  | { error: string; stopped?: boolean };
type Decision = "like" | "pass";

const THRESHOLD = 110; // px of horizontal drag that decide
const FLY_MS = 260;

export default function SwipeGame({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>();
  const revalidator = useRevalidator();
  const [gone, setGone] = useState<number[]>([]);
  const [leaving, setLeaving] = useState<{ id: number; decision: Decision; flown: boolean } | null>(null);
  const [drag, setDrag] = useState(0);
  const [match, setMatch] = useState<MatchPartner | null>(null);
  const start = useRef<{ x: number; id: number } | null>(null);
  // the card whose decision is on its way, set at once: two events before the next render (a
  // key and a release, say) cannot both decide, which state read in a handler would allow
  const deciding = useRef<number | null>(null);
  const stack = d.stack.filter((c) => !gone.includes(c.id));
  const top = stack[0];
  const answer = fetcher.data;
  const stoppedByAnswer = answer && "stopped" in answer && answer.stopped;
  const posted = actionData as Answer | undefined; // a post without JavaScript
  const error = (answer && "error" in answer ? answer.error : null) ?? (posted && "error" in posted ? posted.error : null);
  const left = answer && "left" in answer ? Math.min(answer.left, d.left) : d.left;

  // once per answer (not again when the stack reloads): the match moment opens as soon as it arrives
  useEffect(() => {
    if (!answer || !("decision" in answer)) return;
    if (answer.decision === "like" && answer.match && answer.created) {
      const card = d.stack.find((c) => c.id === answer.id);
      setMatch({ id: answer.id, name: answer.name, photo: card?.photo ?? card?.thumb ?? null });
    }
  }, [answer]);

  // the card leaves once it has flown out and its decision is stored: the next one is ready for a key
  useEffect(() => {
    if (!leaving?.flown || fetcher.state === "submitting") return;
    setGone((g) => [...g, leaving.id]);
    setLeaving(null);
    deciding.current = null;
    setDrag(0);
  }, [leaving, fetcher.state]);

  // a stack played through: fetch the next cards
  useEffect(() => {
    if (!top && d.stack.length && fetcher.state === "idle" && revalidator.state === "idle" && left > 0) revalidator.revalidate();
  }, [top, d.stack.length, fetcher.state, revalidator, left]);

  const decide = useCallback(
    (decision: Decision) => {
      // a card still flying out holds the next decision back, unless the stack reloaded from the
      // server has dropped it already: then the card on screen is a new one, ready for a key
      if (!top || deciding.current === top.id || fetcher.state === "submitting" || match) return;
      const id = top.id;
      deciding.current = id;
      setLeaving({ id, decision, flown: false });
      fetcher.submit({ intent: decision, target: String(id), js: "1" }, { method: "post" });
      window.setTimeout(() => setLeaving((l) => (l?.id === id ? { ...l, flown: true } : l)), FLY_MS);
    },
    [top, fetcher, match],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
      if (e.key === "ArrowRight") {
        e.preventDefault();
        decide("like");
      }
      if (e.key === "ArrowLeft") {
        e.preventDefault();
        decide("pass");
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [decide]);

  const stopped = !d.stack.length && d.resumes ? d.resumes : null;
  return (
    <main className="container-site py-6" data-testid="swipe-game">
      <header className="mx-auto flex max-w-sm items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-black tracking-tight">{t("swipe.title")}</h1>
          <p className="text-xs text-black/60">{t("swipe.subtitle")}</p>
        </div>
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-white px-3 py-1.5 text-sm font-bold text-primary shadow-sm">
          <HeartIcon className="h-4 w-4" />
          {t("swipe.left", { count: left })}
        </span>
      </header>

      <div className="relative mx-auto mt-4 aspect-[3/4] w-full max-w-sm">
        {stopped || stoppedByAnswer || (left === 0 && !top) ? (
          <Stopped resumes={stopped ?? d.resumes} fallback={error} />
        ) : top ? (
          <>
            {stack[1] ? <SwipeCard card={stack[1]} behind /> : null}
            <SwipeCard
              key={top.id}
              card={top}

              offset={leaving?.id === top.id ? (leaving.decision === "like" ? 600 : -600) : drag}
              animate={!start.current}
              onPointerDown={(e) => {
                start.current = { x: e.clientX, id: top.id };
                e.currentTarget.setPointerCapture(e.pointerId);
              }}
              onPointerMove={(e) => {
                if (start.current?.id === top.id) setDrag(e.clientX - start.current.x);
              }}
              onPointerUp={(e) => {
                // only a drag that began on this card decides, by how far the pointer went
                const began = start.current;
                start.current = null;
                if (began?.id !== top.id) return void setDrag(0);
                const dx = e.clientX - began.x;
                if (dx > THRESHOLD) decide("like");
                else if (dx < -THRESHOLD) decide("pass");
                else setDrag(0);
              }}
              onPointerCancel={() => {
                start.current = null;
                setDrag(0);
              }}
            />
          </>
        ) : (
          <Card className="flex h-full flex-col items-center justify-center rounded-3xl text-center" data-testid="swipe-empty">
            <div className="flex h-20 w-20 items-center justify-center rounded-full bg-accent text-primary">
              <HeartIcon className="h-10 w-10" />
            </div>
            <h2 className="mt-4 text-xl font-bold">{t("swipe.emptyTitle")}</h2>
            <p className="mt-2 text-sm text-black/70">{t("swipe.emptyBody")}</p>
            <Button to="/match-finder" className="mt-6">
              {t("matchFinder.short")}
            </Button>
          </Card>
        )}
      </div>

      {top && !stopped && !stoppedByAnswer ? (
        <form
          method="post"
          className="mx-auto mt-5 flex max-w-sm items-center justify-center gap-6"
          onSubmit={(e) => {
            e.preventDefault();
            const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            if (submitter?.value === "like" || submitter?.value === "pass") decide(submitter.value);
          }}
        >
          <input type="hidden" name="target" value={top.id} />
          <button
            type="submit"
            name="intent"
            value="pass"
            aria-label={t("swipe.pass", { name: top.name })}
            title={t("swipe.pass", { name: top.name })}
            className="flex h-16 w-16 items-center justify-center rounded-full bg-white text-danger shadow-lg ring-1 ring-black/5 transition hover:scale-105 active:scale-90"
            data-testid="swipe-pass"
          >
            <CrossIcon className="h-8 w-8" />
          </button>
          <Link
            to={`/members/${top.id}`}
            aria-label={t("swipe.profile", { name: top.name })}
            className="flex h-11 w-11 items-center justify-center rounded-full bg-white text-lg font-black text-info shadow ring-1 ring-black/5"
          >
            i
          </Link>
          <button
            type="submit"
            name="intent"
            value="like"
            aria-label={t("swipe.like", { name: top.name })}
            title={t("swipe.like", { name: top.name })}
            className="flex h-16 w-16 items-center justify-center rounded-full bg-primary text-white shadow-lg transition hover:scale-105 active:scale-90"
          >
            <HeartIcon className="h-8 w-8" />
          </button>
        </form>
      ) : null}
      {error && !stoppedByAnswer ? (
        <p role="alert" className="mt-3 text-center text-sm font-semibold text-danger" data-testid="swipe-error">
          {error}
        </p>
      ) : null}
      {top ? <p className="mt-4 hidden text-center text-xs text-black/60 md:block">{t("swipe.keys")}</p> : null}

      {match ? (
        <MatchDialog partner={match} onClose={() => setMatch(null)} continueLabel={t("likes.matchKeepSwiping")} />
      ) : d.match ? (
        <MatchDialog
          partner={{ id: d.match.id, name: d.match.name, photo: d.match.thumb }}
          closeHref="/swipe-game"
          continueLabel={t("likes.matchKeepSwiping")}
        />
      ) : null}
    </main>
  );
}

function SwipeCard({
  card,
  behind,
  offset = 0,
  animate = true,
  ...handlers
}: {
  card: Card;
  behind?: boolean;
  offset?: number;
  animate?: boolean;
} & Pick<React.HTMLAttributes<HTMLDivElement>, "onPointerDown" | "onPointerMove" | "onPointerUp" | "onPointerCancel">) {
  const { t, i18n } = useTranslation();
  const country = countryName(card.country, i18n.language);
  const stamp = Math.min(1, Math.abs(offset) / THRESHOLD);
  return (
    <article
      className={`absolute inset-0 select-none overflow-hidden rounded-3xl bg-dark shadow-xl ${behind ? "scale-[0.95] opacity-80" : "cursor-grab touch-pan-y active:cursor-grabbing"} ${animate ? "transition-transform duration-200 ease-out" : ""}`}
      style={behind ? undefined : { transform: `translateX(${offset}px) rotate(${offset / 18}deg)` }}
      aria-hidden={behind || undefined}
      aria-label={behind ? undefined : `${card.name}, ${card.age}`}
      data-testid={behind ? undefined : "swipe-card"}
      data-profile-id={behind ? undefined : card.id}
      {...(behind ? {} : handlers)}
    >
      {(card.photo ?? card.thumb) ? (
        <img src={(card.photo ?? card.thumb)!} alt="" draggable={false} className="pointer-events-none h-full w-full object-cover" />
      ) : (
        <div className="flex h-full items-center justify-center bg-accent text-8xl text-primary/30" aria-hidden>
          ♥
        </div>
      )}
      {!behind ? (
        <>
          <span
            className="absolute left-5 top-6 -rotate-12 rounded-lg border-4 border-success px-3 py-1 text-3xl font-black uppercase text-success"
            style={{ opacity: offset > 0 ? stamp : 0 }}
            aria-hidden
          >
            {t("swipe.stampLike")}
          </span>
          <span
            className="absolute right-5 top-6 rotate-12 rounded-lg border-4 border-danger px-3 py-1 text-3xl font-black uppercase text-danger"
            style={{ opacity: offset < 0 ? stamp : 0 }}
            aria-hidden
          >
            {t("swipe.stampNope")}
          </span>
        </>
      ) : null}
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/40 to-transparent px-5 pb-5 pt-16 text-white">
        <p className="flex items-center gap-2 text-3xl font-black drop-shadow">
          {card.name}
          <span className="font-light">{card.age}</span>
          {card.online ? <span className="h-3 w-3 rounded-full bg-success ring-2 ring-white" title={t("search.online")} /> : null}
        </p>
        <p className="text-sm text-white/85">{[card.city, country].filter(Boolean).join(", ")}</p>
        {card.fictional ? <FictionalMark withLabel className="mt-2" /> : null}
        {card.shared.length ? (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t("matchFinder.shared", { count: card.shared.length })}>
            {card.shared.slice(0, 4).map((i) => (
              <li key={i}>
                <Badge tone="inverse" className="backdrop-blur">
                  {t(`profile.interests.${i}`)}
                </Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}

function Stopped({ resumes, fallback }: { resumes: { at: string; text: string } | null; fallback: string | null }) {
  const { t } = useTranslation();
  const text = resumes?.text ?? null;
  return (
    <Card className="flex h-full flex-col items-center justify-center rounded-3xl text-center" data-testid="swipe-stopped">
      <div className="flex h-20 w-20 items-center justify-center rounded-full bg-accent text-primary">
        <HeartIcon className="h-10 w-10" />
      </div>
      <h2 className="mt-4 text-xl font-bold">{t("swipe.stoppedTitle")}</h2>
      <p className="mt-2 text-sm text-black/70">{text ? t("swipe.stopped", { time: text }) : fallback}</p>
      <div className="mt-6 flex flex-col gap-2">
        <Button to="/likes">{t("swipe.toLikes")}</Button>
        <Button to="/match-finder" variant="outline">
          {t("matchFinder.short")}
        </Button>
      </div>
    </Card>
  );
}
