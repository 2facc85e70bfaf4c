// "Did you mean …?" for mistyped e-mail domains (gmial.com → gmail.com), in the browser (as the
// member leaves the field) and on the server (once per address, before an account or an e-mail
// change is made with it). The member takes the suggestion or continues with their spelling:
// the form then carries the address the suggestion was shown for, and it is not asked again.
import emailSpellChecker, { POPULAR_DOMAINS, POPULAR_TLDS } from "@zootools/email-spell-checker";

// The library's lists are American; an address at a big provider of our countries, or under a
// top-level domain of theirs, must not be "corrected" (libero.it is not live.it). The names
// reserved for testing (RFC 2606, 6761) count as known too: staff and tests sign up with them.
const DOMAINS = [
  ...POPULAR_DOMAINS,
  "hotmail.com",
  "outlook.com",
  "live.com",
  "yahoo.com",
  "gmx.com",
  "mail.com",
  "ziggo.nl",
  "kpnmail.nl",
  "planet.nl",
  "home.nl",
  "hetnet.nl",
  "xs4all.nl",
  "live.nl",
  "hotmail.nl",
  "outlook.nl",
  "telenet.be",
  "skynet.be",
  "proximus.be",
  "hotmail.be",
  "gmx.de",
  "gmx.net",
  "t-online.de",
  "freenet.de",
  "posteo.de",
  "mailbox.org",
  "arcor.de",
  "yahoo.de",
  "hotmail.de",
  "outlook.de",
  "gmx.at",
  "aon.at",
  "chello.at",
  "bluewin.ch",
  "gmx.ch",
  "orange.fr",
  "free.fr",
  "sfr.fr",
  "laposte.net",
  "wanadoo.fr",
  "hotmail.fr",
  "outlook.fr",
  "yahoo.fr",
  "libero.it",
  "virgilio.it",
  "alice.it",
  "tiscali.it",
  "tim.it",
  "hotmail.it",
  "outlook.it",
  "yahoo.it",
  "telefonica.net",
  "hotmail.es",
  "outlook.es",
  "yahoo.es",
  "wp.pl",
  "o2.pl",
  "onet.pl",
  "interia.pl",
  "op.pl",
  "gazeta.pl",
  "mail.dk",
  "jubii.dk",
  "hotmail.dk",
  "telia.com",
  "spray.se",
  "bredband.net",
  "hotmail.se",
  "online.no",
  "getmail.no",
  "hotmail.no",
  "luukku.com",
  "suomi24.fi",
  "elisanet.fi",
  "sky.com",
  "virginmedia.com",
  "eircom.net",
  "hotmail.co.uk",
  "yahoo.co.uk",
];
// "live" and "mail" are too short to compare with: lovely.nl would become live.nl
const SECOND_LEVEL_DOMAINS = ["yahoo", "hotmail", "outlook", "gmail", "googlemail"];
const TOP_LEVEL_DOMAINS = [...POPULAR_TLDS, "lu", "pt", "lt", "lv", "ee", "is", "si", "hr", "bg", "li", "mt", "cy", "test", "example", "invalid", "localhost"];

/** The form field that carries the address a suggestion was already shown for. */
export const EMAIL_CHECKED_FIELD = "email_checked";
/** The button that takes the suggestion without JavaScript. */
export const USE_SUGGESTION_FIELD = "use_suggestion";

export function suggestEmail(email: string): string | null {
  if (!email.includes("@") || email.length > 254) return null;
  const suggestion = emailSpellChecker.run({ email, domains: DOMAINS, secondLevelDomains: SECOND_LEVEL_DOMAINS, topLevelDomains: TOP_LEVEL_DOMAINS });
  return suggestion && suggestion.full !== email ? suggestion.full : null;
}

/** The suggestion to show before `email` is used, unless one was shown for this very address. */
export function suggestionToConfirm(email: string, checked: string | null | undefined) {
  const suggestion = suggestEmail(email);
  return suggestion && checked?.trim().toLowerCase() !== email ? suggestion : null;
}
