// `useTranslation()` for the app's one namespace: the same `{ t, i18n }` as react-i18next's hook,
// made once per i18next instance and language instead of once per component. react-i18next's
// hook copies the instance into a wrapper object and makes a new fixed `t` on every call; on
// /members (two dozen cards, each with a few translated parts) that and the lookups behind `t`
// were a sixth of the server's time. A `t` call without options is looked up once per
// language and key; a call whose options only fill `{{name}}` placeholders of a plain text is
// filled in here from the text split once, without i18next's option handling and regular
// expressions (a twentieth of /members' time); so is a plural with only `count` and such
// placeholders, its form chosen as i18next chooses it. Anything else (context, nesting, formats,
// a missing key) goes to i18next.
import type { i18n as I18n, TFunction } from "i18next";
import { useContext, useSyncExternalStore } from "react";
import { getI18n, I18nContext } from "react-i18next";

export interface Translation {
  t: TFunction;
  i18n: I18n;
}

interface PerInstance {
  languages: Map<string, Translation>;
  subscribe: (onChange: () => void) => () => void;
}

const instances = new WeakMap<I18n, PerInstance>();

function perInstance(i18n: I18n): PerInstance {
  let entry = instances.get(i18n);
  if (!entry) {
    const languages = new Map<string, Translation>();
    // a language file that arrives later (a language change in the browser) must not meet
    // lookups remembered before it was there
    i18n.store?.on("added", () => languages.clear());
    entry = {
      languages,
      subscribe: (onChange) => {
        i18n.on("languageChanged", onChange);
        return () => i18n.off("languageChanged", onChange);
      },
    };
    instances.set(i18n, entry);
  }
  return entry;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** A text as [text, name, text, name, …, text], or null when it is more than plain text with `{{name}}` placeholders. */
function splitTemplate(key: string, text: string): string[] | null {
  if (text === key || text.includes("$t(")) return null;
  const parts = text.split(PLACEHOLDER);
  for (let i = 0; i < parts.length; i += 2) if (parts[i]!.includes("{{")) return null;
  return parts;
}

function isPlaceholder(parts: string[], name: string) {
  for (let i = 1; i < parts.length; i += 2) if (parts[i] === name) return true;
  return false;
}

/** The text with its placeholders filled, or null when the options are more than the placeholders' values (and a plural's count). */
function fill(parts: string[], options: Record<string, unknown>, plural = false): string | null {
  let names = 0;
  let text = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const value = options[parts[i]!];
    if (typeof value !== "string" && typeof value !== "number") return null;
    text += value + parts[i + 1]!;
  }
  for (const name in options) {
    if (!isPlaceholder(parts, name) && !(plural && name === "count")) return null; // context, defaultValue, lng, …: i18next's
    names++;
  }
  return names ? text : null;
}

/** The shortcut `t` of an i18next instance in its current language (also for the server's loaders, i18n.server.ts). */
export function translationOf(i18n: I18n): Translation {
  const { languages } = perInstance(i18n);
  const language = i18n.language;
  let translation = languages.get(language);
  if (!translation) {
    const fixed = i18n.getFixedT(language);
    const plain = new Map<string, string>();
    const templates = new Map<string, string[] | null>();
    const lookUp = (key: string) => {
      let text = plain.get(key);
      if (text === undefined) plain.set(key, (text = fixed(key) as string));
      return text;
    };
    const templateOf = (key: string) => {
      let parts = templates.get(key);
      if (parts === undefined) templates.set(key, (parts = splitTemplate(key, lookUp(key))));
      return parts;
    };
    // A plural the way i18next picks it (JSON v4): `_zero` for 0 when the language file has it,
    // else the language's plural category, else the key itself; only texts this language's own file holds.
    const rules = new Intl.PluralRules(language);
    const own = (key: string) => typeof i18n.getResource(language, i18n.options.defaultNS as string, key) === "string";
    const pluralForm = (key: string, count: number) => {
      if (count === 0 && own(`${key}_zero`)) return `${key}_zero`;
      const form = `${key}_${rules.select(count)}`;
      if (own(form)) return form;
      return own(key) ? key : null; // a text without plural forms, as i18next falls back to it
    };
    const forms = new Map<string, string | null>();
    const t = ((key: string | string[], options?: unknown) => {
      if (typeof key !== "string") return fixed(key as unknown as string, options as never);
      if (options === undefined) return lookUp(key);
      if (typeof options === "object" && options !== null && !Array.isArray(options)) {
        const values = options as Record<string, unknown>;
        const count = values.count;
        if (typeof count === "number") {
          const slot = `${key}\u0000${count === 0 ? "0" : rules.select(count)}`;
          let form = forms.get(slot);
          if (form === undefined) forms.set(slot, (form = pluralForm(key, count)));
          const parts = form === null ? null : templateOf(form);
          const text = parts && fill(parts, values, true);
          if (text !== null && text !== undefined) return text;
          return fixed(key, options as never);
        }
        const parts = templateOf(key);
        const text = parts && fill(parts, values);
        if (text !== null && text !== undefined) return text;
      }
      return fixed(key, options as never);
    }) as TFunction;
    languages.set(language, (translation = { t, i18n }));
  }
  return translation;
}

export function useTranslation(): Translation {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const { subscribe } = perInstance(i18n);
  const snapshot = () => translationOf(i18n);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
