// Picks the design of /landers/{name}: each one its own component.
import type { LanderName } from "#app/landers/lander-config.server.ts";
import { AloneTonightLander } from "./alonetonight.tsx";
import { CollageLander } from "./collagelanding.tsx";
import { GalleryLander } from "./gallery.tsx";
import { IconsLander } from "./iconslanding.tsx";
import { LanderSignupProvider, type LanderData } from "./lander-kit.tsx";
import { MapLander } from "./maplanding.tsx";
import { SocialNetworkLander } from "./socialnetwork.tsx";
import { TinderSwipeLander } from "./tinderswipe.tsx";
import { TransitionsVideoLander } from "./transitionsvideolanding.tsx";
import { VideoLander } from "./video.tsx";

const DESIGNS: Record<LanderName, (p: { page: LanderData }) => React.ReactNode> = {
  tinderswipe: TinderSwipeLander,
  alonetonight: AloneTonightLander,
  collagelanding: CollageLander,
  gallery: GalleryLander,
  iconslanding: IconsLander,
  maplanding: MapLander,
  socialnetwork: SocialNetworkLander,
  transitionsvideolanding: TransitionsVideoLander,
  video: VideoLander,
};

export function LanderView({ page }: { page: LanderData }) {
  const Design = DESIGNS[page.name];
  return (
    <LanderSignupProvider bounceLogging={page.bounceLogging}>
      <main
        data-lander={page.name}
        data-slug={page.slug ?? ""}
        data-profiles={page.profiles.length}
        data-bounce-logging={page.bounceLogging ? "on" : undefined}
      >
        <Design page={page} />
      </main>
    </LanderSignupProvider>
  );
}
