// Every translation catalogue, bundled: app/locales/<locale>/<namespace>.json.
import type { Resource } from "i18next";

const files = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json", { eager: true });

export const resources: Resource = {};
for (const [file, module] of Object.entries(files)) {
  const [, locale, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  (resources[locale!] ??= {})[ns!] = module.default;
}
