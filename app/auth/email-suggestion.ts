// "Did you mean …?" for mistyped e-mail domains (gmial.com → gmail.com).
import emailSpellChecker from "@zootools/email-spell-checker";

export function suggestEmail(email: string): string | null {
  const suggestion = emailSpellChecker.run({ email });
  return suggestion && suggestion.full !== email ? suggestion.full : null;
}
