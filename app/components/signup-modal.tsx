import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Link } from "react-router";
import { useRootData } from "#app/root.tsx";
import { SignupForm } from "./signup-form.tsx";

/** On the brand-coloured hero the button is the secondary colour, larger, so it stands out. */
const SIGNUP_LOOK = {
  nav: "whitespace-nowrap rounded-full bg-primary px-4 py-1.5 font-semibold text-white",
  hero: "whitespace-nowrap rounded-full bg-secondary px-8 py-3 text-lg font-bold text-dark shadow-lg hover:brightness-105",
};

/** Whether this site takes this visitor's signup (a site open only to partner traffic does not). */
export const useSignupOpen = () => useRootData()?.signupGate !== "trafficsource_required";

/** "Sign up": the modal on desktop, the signup page on phones (below the md breakpoint); nothing where the visitor cannot sign up. */
export function SignupButton({ size = "nav" }: { size?: "nav" | "hero" }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!useSignupOpen()) return null;
  return (
    <>
      <Link to="/signup" className={`${SIGNUP_LOOK[size]} md:hidden`}>{t("nav.signup")}</Link>
      <button type="button" onClick={() => setOpen(true)} className={`${SIGNUP_LOOK[size]} hidden md:inline-block`} data-testid={size === "hero" ? "hero-signup-open" : "signup-open"}>
        {t("nav.signup")}
      </button>
      {open ? <SignupModal onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * "Send a message" on a profile for visitors: message or create, in the modal on desktop, on the
 * signup page on phones; where the visitor cannot sign up, logging in to write. `className` must not set `display`.
 */
export function MessageOrSignupButton({ target, className }: { target: { id: number; name: string }; className: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!useSignupOpen()) {
    return <Link to={`/login?redirectTo=${encodeURIComponent(`/members/${target.id}`)}`} className={`inline-flex ${className}`} data-testid="message-login-link">{t("chat.writeMessage")}</Link>;
  }
  return (
    <>
      <Link to={`/members/${target.id}/signup`} className={`inline-flex md:hidden ${className}`} data-testid="message-signup-link">{t("chat.writeMessage")}</Link>
      <button type="button" onClick={() => setOpen(true)} className={`hidden md:inline-flex ${className}`} data-testid="message-signup-open">{t("chat.writeMessage")}</button>
      {open ? <SignupModal onClose={() => setOpen(false)} targetProfile={target} /> : null}
    </>
  );
}

/** Once the visitor started filling in the form, neither the backdrop nor Escape closes it. */
export function SignupModal({ onClose, targetProfile }: { onClose: () => void; targetProfile?: { id: number; name: string } }) {
  const { t } = useTranslation();
  const root = useRootData()!;
  const [inProgress, setInProgress] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="signup-title"
      className="m-auto w-full max-w-[500px] rounded-lg p-0 backdrop:bg-black/60"
      data-testid="signup-modal"
      onCancel={(e) => { e.preventDefault(); if (!inProgress) onClose(); }}
      onClick={(e) => { if (e.target === dialog.current && !inProgress) onClose(); }}
    >
      <div className="p-6">
        <div className="mb-4 flex items-start justify-between">
          <h2 id="signup-title" className="text-xl font-bold text-primary">{t("signup.title", { siteName: root.site.name })}</h2>
          <button type="button" onClick={onClose} aria-label={t("signup.close")} className="text-2xl leading-none">×</button>
        </div>
        <SignupForm gate={root.signupGate} inModal onStarted={() => setInProgress(true)} targetProfile={targetProfile ?? null} />
      </div>
    </dialog>
  );
}
