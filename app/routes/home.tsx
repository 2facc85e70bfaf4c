// The site's home page for visitors.
import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import type { Route } from "./+types/home";
import { getUser } from "#app/auth/user-context.server.ts";
import { useRootData } from "#app/root.tsx";

/** After login the members search is home. */
export function loader({ context }: Route.LoaderArgs) {
  if (getUser(context)) throw redirect("/members");
  return null;
}

const FEATURES = ["profiles", "chat", "privacy"] as const;

export default function Home() {
  const { t } = useTranslation();
  const { site } = useRootData()!;
  return (
    <main>
      <section className="bg-gradient-to-br from-primary to-dark text-white">
        <div className="container-site py-16 md:py-24">
          {site.tagline ? <p className="text-sm font-semibold uppercase tracking-widest text-secondary">{site.tagline}</p> : null}
          <h1 className="mt-3 max-w-2xl text-4xl font-bold leading-tight md:text-5xl" data-testid="site-title">{site.title}</h1>
          <p className="mt-4 max-w-xl text-lg text-white/85">{site.description}</p>
        </div>
      </section>
      <section className="container-site grid gap-6 py-12 md:grid-cols-3">
        {FEATURES.map((f) => (
          <div key={f} className="rounded-lg bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold text-primary">{t(`home.features.${f}.title`)}</h2>
            <p className="mt-2 text-sm leading-relaxed text-black/75">{t(`home.features.${f}.body`, { siteName: site.name })}</p>
          </div>
        ))}
      </section>
      <section className="container-site pb-4 text-center text-sm text-black/60">
        <p>{t("home.adultsOnly", { siteName: site.name })}</p>
      </section>
    </main>
  );
}
