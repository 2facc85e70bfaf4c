// The profile's overflow menu: Block (or Unblock) and Report, out of the way of Like and Message.
// A "More" button opens a menu (the arrow keys, Home and End move in it; Escape, Tab or a click
// elsewhere close it and Escape puts the focus back on the button). Block asks first in a dialog;
// Report opens the report form in a dialog, which stays open when the server refused the send.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { SubmissionResult } from "@conform-to/react";
import { Form, useSubmit } from "react-router";
import { newRequestKey } from "#app/support/case-rules.ts";
import { FlagIcon, MoreIcon } from "./icons.tsx";
import { ReportForm } from "./report-form.tsx";
import { Button, cx, Dialog, Modal } from "./ui/index.ts";

const ITEM = "flex w-full items-center gap-2 px-4 py-2.5 text-left text-sm font-medium hover:bg-accent focus:bg-accent focus:outline-none";

export function ProfileMoreMenu({
  name,
  blocked,
  report,
  reportParams,
  className,
}: {
  name: string;
  blocked: boolean;
  /** the server's reply to a refused report */
  report?: SubmissionResult<string[]> | undefined;
  reportParams?: Record<string, unknown> | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  // the report form's one-time key; set while the form is open (and again after a refused send)
  const [reportKey, setReportKey] = useState<string | null>(() => (report ? newRequestKey() : null));
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  useEffect(() => {
    if (report) setReportKey((k) => k ?? newRequestKey());
  }, [report]);

  // opened: the first item takes the focus; a click outside closes
  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const outside = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const onMenuKey = (e: React.KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (e.key === "ArrowDown") move(at + 1);
    else if (e.key === "ArrowUp") move(at - 1);
    else if (e.key === "Home") move(0);
    else if (e.key === "End") move(list.length - 1);
    else if (e.key === "Escape") {
      e.preventDefault();
      close(true);
    } else if (e.key === "Tab") setOpen(false);
  };

  return (
    <div ref={wrapper} className={cx("relative", className)}>
      <Button
        ref={button}
        variant="subtle"
        size="inline"
        className="h-11 w-11 ring-1 ring-black/10"
        aria-label={t("profileView.more")}
        title={t("profileView.more")}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? "profile-more-menu" : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        data-testid="profile-more"
      >
        <MoreIcon className="h-6 w-6" />
      </Button>
      {open ? (
        <ul
          ref={menu}
          id="profile-more-menu"
          role="menu"
          aria-label={t("profileView.more")}
          onKeyDown={onMenuKey}
          className="absolute right-0 top-full z-30 mt-2 min-w-56 overflow-hidden rounded-xl bg-white py-1 text-dark shadow-xl ring-1 ring-black/10"
          data-testid="profile-more-menu"
        >
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={cx(ITEM, "text-danger")}
              onClick={() => {
                setOpen(false);
                if (blocked) void submit({ intent: "unblock" }, { method: "post" });
                else setAsking(true);
              }}
              data-testid="block-toggle"
            >
              {blocked ? t("profileView.unblock") : t("profileView.block", { name })}
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={ITEM}
              onClick={() => {
                setOpen(false);
                setReportKey(newRequestKey());
              }}
              data-testid="report-open"
            >
              <FlagIcon /> {t("support.report.open", { name })}
            </button>
          </li>
        </ul>
      ) : null}
      {asking ? (
        <Dialog title={t("profileView.blockQuestion", { name })} titleId="block-question" size="md" onClose={() => setAsking(false)}>
          <Form method="post">
            <p className="text-sm text-black/70">{t("profileView.blockExplained", { name })}</p>
            <div className="mt-5 flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => setAsking(false)}>
                {t("profileView.blockCancel")}
              </Button>
              <Button type="submit" name="intent" value="block" variant="danger" autoFocus>
                {t("profileView.blockConfirm")}
              </Button>
            </div>
          </Form>
        </Dialog>
      ) : null}
      {reportKey ? (
        <Modal labelledBy="report-title" size="md" onClose={() => setReportKey(null)} className="rounded-xl bg-transparent shadow-2xl">
          <ReportForm name={name} requestKey={reportKey} lastResult={report} params={reportParams} onCancel={() => setReportKey(null)} />
        </Modal>
      ) : null}
    </div>
  );
}
