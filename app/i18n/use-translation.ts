// `useTranslation()` for the app's one namespace: the same `{ t, i18n }` as react-i18next's hook,
// made once per i18next instance and language instead of once per component. react-i18next's
// hook copies the instance into a wrapper object and makes a new fixed `t` on every call; on
// /members (two dozen cards, each with a few translated parts) that and the lookups behind `t`
// were a sixth of the server's time (issue 14). A `t` call without options is looked up once per
// language and key.
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

function translationOf(i18n: I18n): Translation {
  const { languages } = perInstance(i18n);
  const language = i18n.language;
  let translation = languages.get(language);
  if (!translation) {
    const fixed = i18n.getFixedT(language);
    const plain = new Map<string, string>();
    const t = ((key: string | string[], options?: unknown) => {
      if (options !== undefined || typeof key !== "string") return fixed(key as string, options as never);
      let text = plain.get(key);
      if (text === undefined) plain.set(key, (text = fixed(key) as string));
      return text;
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
