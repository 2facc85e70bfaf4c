// iconslanding: the promise in four icons, then a row of faces.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { ChatIcon, HeartIcon, SearchIcon, SparkIcon } from "#app/components/icons.tsx";
import { CTA_CLASS, Headline, ProfilePhoto, SignupTrigger, type LanderData } from "./lander-kit.tsx";

const FEATURES = [
  { key: "free", Icon: SparkIcon },
  { key: "nearby", Icon: SearchIcon },
  { key: "chat", Icon: ChatIcon },
  { key: "matches", Icon: HeartIcon },
] as const;

export function IconsLander({ page }: { page: LanderData }) {
  const { t } = useTranslation();
  return (
    <section className="bg-gradient-to-b from-accent to-light">
      <div className="container-site py-12 text-center">
        <Headline page={page} className="flex flex-col items-center" />
        <ul className="mx-auto mt-10 grid max-w-4xl grid-cols-2 gap-4 md:grid-cols-4" data-testid="lander-icons">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className="rounded-2xl bg-white p-5 shadow-sm">
              <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-primary text-white">
                <Icon className="h-7 w-7" />
              </span>
              <p className="mt-3 font-bold">{t(`landerPages.icons.${key}`)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex justify-center -space-x-3">
          {page.profiles.slice(0, 6).map((p) => (
            <ProfilePhoto key={p.id} profile={p} className="h-14 w-14 rounded-full border-2 border-white" />
          ))}
        </div>
        <SignupTrigger className={`${CTA_CLASS} mt-8`} />
      </div>
    </section>
  );
}
