// The visitor home's feature highlights: the cards the site file chose, in its order, each with its icon.
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { HOME_ICONS } from "#app/tenancy/site-schema.ts";
import { Card } from "./ui/index.ts";
import { CardsIcon, ChatIcon, HeartIcon, SparkIcon } from "./icons.tsx";

type IconName = (typeof HOME_ICONS)[number];

export interface HomeFeature {
  key: string;
  icon: IconName;
  /** the site file's words in this language, or null for the catalogue's */
  title: string | null;
  body: string | null;
}

function Stroke({ d, className }: { d: string; className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

const STROKES: Partial<Record<IconName, string>> = {
  shield: "M12 3l8 3v6c0 4.6-3.4 8.3-8 9-4.6-.7-8-4.4-8-9V6l8-3z M8.5 12l2.5 2.5 4.5-5",
  lock: "M6 11h12v10H6z M8.5 11V8a3.5 3.5 0 0 1 7 0v3",
  pin: "M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z M12 12.2a2.6 2.6 0 1 0 0-5.2 2.6 2.6 0 0 0 0 5.2z",
  star: "M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z",
  people: "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5 M16 4.3a3.3 3.3 0 0 1 0 6.4 M18 14.8c2 .6 3.2 2.4 3.5 5.2",
  check: "M4 12.5l5 5L20 6.5",
};

function FeatureIcon({ name }: { name: IconName }) {
  const className = "h-6 w-6";
  if (name === "heart") return <HeartIcon className={className} />;
  if (name === "chat") return <ChatIcon className={className} />;
  if (name === "spark") return <SparkIcon className={className} />;
  if (name === "cards") return <CardsIcon className={className} />;
  return <Stroke d={STROKES[name]!} className={className} />;
}

export function HomeFeatures({ features, siteName }: { features: HomeFeature[]; siteName: string }) {
  const { t } = useTranslation();
  const n = features.length;
  const columns = n === 1 ? "" : n % 3 === 0 ? "md:grid-cols-3" : n === 4 ? "sm:grid-cols-2 lg:grid-cols-4" : "md:grid-cols-2";
  return (
    <section className={`container-site grid gap-6 py-10 ${columns}`} data-testid="home-features">
      {features.map((f) => (
        <Card key={f.key} data-feature={f.key}>
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-accent text-primary">
            <FeatureIcon name={f.icon} />
          </span>
          <h2 className="mt-3 text-lg font-semibold text-primary">{f.title ?? t(`home.features.${f.key}.title`, { siteName })}</h2>
          <p className="mt-2 text-sm leading-relaxed text-black/75">{f.body ?? t(`home.features.${f.key}.body`, { siteName })}</p>
        </Card>
      ))}
    </section>
  );
}
