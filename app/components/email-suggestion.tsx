import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { EMAIL_CHECKED_FIELD, suggestEmail, USE_SUGGESTION_FIELD } from "#app/accounts/email-suggestion.ts";
import { Button } from "./ui/index.ts";

/**
 * The did-you-mean hint under an e-mail field: from the server's answer, or computed as the member
 * leaves the field. "Use" puts the suggestion into the field (without JavaScript it submits the
 * form with the suggestion); submitting unchanged keeps the member's spelling. With JavaScript
 * "Use" is a plain button: as the form's first submit button it would take Enter in any field.
 */
export function useEmailSuggestion(field: string, answer: object | undefined, suggestion: string | null | undefined, email: string | undefined) {
  const { t } = useTranslation();
  const fromAnswer = () => (suggestion ? { suggestion, email: email ?? "" } : null);
  const [shown, setShown] = useState(fromAnswer);
  const [seen, setSeen] = useState(answer);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  // a new answer from the server (the action's data) replaces what the browser suggested
  if (seen !== answer) {
    setSeen(answer);
    setShown(fromAnswer());
  }
  const onBlur = (e: React.FocusEvent<HTMLInputElement>) => {
    const email = e.currentTarget.value.trim().toLowerCase();
    const suggestion = suggestEmail(email);
    setShown(suggestion ? { suggestion, email } : null);
  };
  const hint = shown ? (
    <div className="mt-1 text-sm">
      <input type="hidden" name={EMAIL_CHECKED_FIELD} value={shown.email} />
      <span>{t("validation.didYouMean", { suggestion: shown.suggestion })} </span>
      <Button
        type={scripted ? "button" : "submit"}
        name={USE_SUGGESTION_FIELD}
        value={shown.suggestion}
        formNoValidate
        variant="link"
        size="inline"
        className="text-primary"
        onClick={(e) => {
          e.preventDefault();
          const input = e.currentTarget.form?.elements.namedItem(field);
          if (input instanceof HTMLInputElement) {
            input.value = shown.suggestion;
            input.dispatchEvent(new Event("input", { bubbles: true }));
          }
          setShown(null);
        }}
      >
        {t("validation.useSuggestion")}
      </Button>
      <span className="block text-black/60">{t("validation.keepEmail")}</span>
    </div>
  ) : null;
  return { onBlur, hint };
}
