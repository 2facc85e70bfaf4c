// Block or unblock a member. Blocking asks first (what it means, then confirm or cancel); without
// JavaScript the form posts at once. The result comes back as a toast.
import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";

export function BlockButton({ name, blocked }: { name: string; blocked: boolean }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (blocked) {
    return (
      <Form method="post" className="mt-8">
        <button type="submit" name="intent" value="unblock" className="text-sm font-semibold text-danger underline" data-testid="block-toggle">
          {t("profileView.unblock")}
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" className="mt-8">
      {asking ? (
        <div role="group" aria-labelledby="block-question" className="rounded-xl border border-danger/30 bg-danger/5 p-4" data-testid="block-confirm">
          <p id="block-question" className="font-semibold text-dark">{t("profileView.blockQuestion", { name })}</p>
          <p className="mt-1 text-sm text-black/70">{t("profileView.blockExplained", { name })}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" name="intent" value="block" className="rounded-full bg-danger px-4 py-2 text-sm font-bold text-white hover:opacity-90" data-testid="block-yes" autoFocus>
              {t("profileView.blockConfirm")}
            </button>
            <button type="button" onClick={() => setAsking(false)} className="rounded-full border border-black/20 px-4 py-2 text-sm font-semibold text-dark hover:bg-light">
              {t("profileView.blockCancel")}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="submit"
          name="intent"
          value="block"
          onClick={(e) => { e.preventDefault(); setAsking(true); }}
          className="text-sm font-semibold text-danger underline"
          data-testid="block-toggle"
        >
          {t("profileView.block", { name })}
        </button>
      )}
    </Form>
  );
}
