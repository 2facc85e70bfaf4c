// Block or unblock a member. Blocking asks first (what it means, then confirm or cancel); without
// JavaScript the form posts at once. The result comes back as a toast.
import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { Button, Card } from "./ui/index.ts";

export function BlockButton({ name, blocked }: { name: string; blocked: boolean }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (blocked) {
    return (
      <Form method="post" className="mt-8">
        <Button type="submit" name="intent" value="unblock" variant="link" size="inline" className="text-sm text-danger" data-testid="block-toggle">
          {t("profileView.unblock")}
        </Button>
      </Form>
    );
  }
  return (
    <Form method="post" className="mt-8">
      {asking ? (
        <Card role="group" aria-labelledby="block-question" padding="sm" className="border-l-4 border-danger" data-testid="block-confirm">
          <p id="block-question" className="font-semibold text-dark">
            {t("profileView.blockQuestion", { name })}
          </p>
          <p className="mt-1 text-sm text-black/70">{t("profileView.blockExplained", { name })}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="block" variant="danger" size="sm" data-testid="block-yes" autoFocus>
              {t("profileView.blockConfirm")}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setAsking(false)}>
              {t("profileView.blockCancel")}
            </Button>
          </div>
        </Card>
      ) : (
        <Button
          type="submit"
          name="intent"
          value="block"
          variant="link"
          size="inline"
          onClick={(e) => {
            e.preventDefault();
            setAsking(true);
          }}
          className="text-sm text-danger"
          data-testid="block-toggle"
        >
          {t("profileView.block", { name })}
        </Button>
      )}
    </Form>
  );
}
