import { Component, type ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";

interface Props {
  status: number;
  message: string;
  showHomeLink?: boolean;
  /** the brand, for the tab title */
  siteName?: string | undefined;
}

/** The error page (spec section 8). */
export function ErrorView(props: Props) {
  return (
    <ErrorPageGuard>
      <ErrorContent {...props} />
    </ErrorPageGuard>
  );
}

function ErrorContent({ status, message, showHomeLink, siteName }: Props) {
  const { t } = useTranslation();
  return (
    <main className="container-site flex min-h-[60vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <title>{siteName ? `${message} | ${siteName}` : message}</title>
      <p className="text-6xl font-bold text-primary">{status}</p>
      <h1 className="text-2xl font-semibold">{message}</h1>
      {showHomeLink ? (
        <a href="/" className="rounded-full bg-primary px-6 py-2 font-semibold text-white hover:opacity-90">
          {t("errors.backHome")}
        </a>
      ) : null}
    </main>
  );
}

/** If rendering the error page itself throws, show a last plain message and a way home. */
class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorPageFailure />;
  }
}

function ErrorPageFailure() {
  const { t } = useTranslation();
  return (
    <main className="container-site py-16 text-center">
      <h1 className="text-xl font-semibold">{t("errors.errorPageFailed")}</h1>
      <a href="/" className="mt-4 inline-block underline">
        {t("errors.goHome")}
      </a>
    </main>
  );
}
