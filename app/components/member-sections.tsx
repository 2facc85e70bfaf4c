// A member's sections: the phone's bottom tab bar shows them all, the top bar from the sm
// breakpoint on all but Home (the logo leads there).
import { ChatIcon } from "./chat/icons.tsx";
import { CardsIcon, HeartIcon, HomeIcon, SearchIcon } from "./icons.tsx";

export interface MemberSection {
  to: string;
  /** active only on exactly this path (Home), else also below it (/likes/received) */
  end: boolean;
  /** the catalogue key of its word */
  label: string;
  icon: (props: { className?: string }) => React.ReactNode;
  /** in the top bar from sm on */
  top: boolean;
  count?: "unread" | "newLikes";
  testId?: string;
  badgeTestId?: string;
}

export const MEMBER_SECTIONS: readonly MemberSection[] = [
  { to: "/", end: true, label: "nav.home", icon: HomeIcon, top: false },
  { to: "/members", end: false, label: "nav.search", icon: SearchIcon, top: true, testId: "nav-search" },
  { to: "/swipe-game", end: false, label: "nav.swipe", icon: CardsIcon, top: true, testId: "nav-swipe" },
  {
    to: "/chats",
    end: false,
    label: "nav.messages",
    icon: ChatIcon,
    top: true,
    count: "unread",
    testId: "nav-messages",
    badgeTestId: "unread-badge",
  },
  {
    to: "/likes",
    end: false,
    label: "nav.likes",
    icon: (p) => <HeartIcon filled={false} {...p} />,
    top: true,
    count: "newLikes",
    badgeTestId: "new-likes-badge",
  },
];
