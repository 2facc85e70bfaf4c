import { useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useRootData } from "#app/root.tsx";
import { SignupForm } from "./signup-form.tsx";
import { Button, type ButtonProps, Dialog } from "./ui/index.ts";

/** On the brand-coloured hero the button is the secondary colour, larger, so it stands out. */
const SIGNUP_LOOK = {
  nav: { variant: "primary", size: "sm", className: "whitespace-nowrap" },
  hero: { variant: "secondary", size: "lg", className: "whitespace-nowrap" },
} as const satisfies Record<string, Pick<ButtonProps, "variant" | "size" | "className">>;

/** Whether this site takes this visitor's signup (a site open only to partner traffic does not). */
export const useSignupOpen = () => useRootData()?.signupGate !== "trafficsource_required";

/**
 * "Sign up": the modal on desktop, the signup page on phones (below the md breakpoint). Where the
 * visitor cannot sign up (a site open only to partner traffic) it leads to the signup page, which
 * says so and takes a request to be invited.
 */
export function SignupButton({ size = "nav" }: { size?: "nav" | "hero" }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!useSignupOpen()) {
    return (
      <Button to="/signup" {...SIGNUP_LOOK[size]} data-testid="invitation-link">
        {size === "hero" ? t("signup.invitation.submit") : t("nav.join")}
      </Button>
    );
  }
  // the page on phones, the modal from md up: each in a wrapper that sets only its display
  return (
    <>
      <span className="contents md:hidden">
        <Button to="/signup" {...SIGNUP_LOOK[size]}>
          {/* the top bar of a phone has room for the short word ("Bli medlem", not "Registrer deg gratis") */}
          {size === "nav" ? (
            <>
              <span className="sm:hidden">{t("nav.join")}</span>
              <span className="max-sm:hidden">{t("nav.signup")}</span>
            </>
          ) : (
            t("nav.signup")
          )}
        </Button>
      </span>
      <span className="hidden md:contents">
        <Button onClick={() => setOpen(true)} {...SIGNUP_LOOK[size]} data-testid={size === "hero" ? "hero-signup-open" : "signup-open"}>
          {t("nav.signup")}
        </Button>
      </span>
      {open ? <SignupModal onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * "Send a message" on a profile for visitors: message or create, in the modal on desktop, on the
 * signup page on phones; where the visitor cannot sign up, logging in to write.
 */
export function MessageOrSignupButton({ target, className }: { target: { id: number; name: string }; className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!useSignupOpen()) {
    return (
      <Button to={`/login?redirectTo=${encodeURIComponent(`/members/${target.id}`)}`} className={className} data-testid="message-login-link">
        {t("chat.writeMessage")}
      </Button>
    );
  }
  return (
    <>
      <span className="contents md:hidden">
        <Button to={`/members/${target.id}/signup`} className={className} data-testid="message-signup-link">
          {t("chat.writeMessage")}
        </Button>
      </span>
      <span className="hidden md:contents">
        <Button onClick={() => setOpen(true)} className={className} data-testid="message-signup-open">
          {t("chat.writeMessage")}
        </Button>
      </span>
      {open ? <SignupModal onClose={() => setOpen(false)} targetProfile={target} /> : null}
    </>
  );
}

/**
 * The signup modal opened by a link: any page of any layout (default, chat, lander, empty) with
 * `?signup=1` shows it to a visitor, in the server's HTML too (spec section 2: the modal can open
 * on any layout). Closing it drops the parameter. Members and visitors of a site they cannot
 * join by themselves do not get it.
 */
export function SignupFromLink() {
  const root = useRootData();
  const [params, setParams] = useSearchParams();
  const open = useSignupOpen();
  if (params.get("signup") !== "1" || root?.user || !open) return null;
  const close = () =>
    setParams(
      (p) => {
        p.delete("signup");
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  return <SignupModal onClose={close} serverOpen />;
}

/** Once the visitor started filling in the form, neither the backdrop nor Escape closes it. */
export function SignupModal({
  onClose,
  targetProfile,
  serverOpen,
}: {
  onClose: () => void;
  targetProfile?: { id: number; name: string };
  /** open in the server's HTML (a page opened with the modal) */
  serverOpen?: boolean;
}) {
  const { t } = useTranslation();
  const root = useRootData()!;
  const [inProgress, setInProgress] = useState(false);
  return (
    <Dialog
      onClose={onClose}
      dismissible={!inProgress}
      title={t("signup.title", { siteName: root.site.name })}
      titleId="signup-title"
      size="md"
      closeLabel={t("signup.close")}
      serverOpen={serverOpen}
      data-testid="signup-modal"
    >
      <SignupForm gate={root.signupGate} inModal onStarted={() => setInProgress(true)} targetProfile={targetProfile ?? null} />
    </Dialog>
  );
}
