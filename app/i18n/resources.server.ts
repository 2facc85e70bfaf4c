// Every translation catalogue: app/locales/<locale>/<namespace>.json, read once at start.
// Read from disk rather than bundled, so the web bundle, the server entry and the workers
// (which run outside Vite) share one loader.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Resource } from "i18next";
import { singleton } from "#app/utils/singleton.ts";

const localesDir = () => path.resolve("app/locales");

function load(): Resource {
  const resources: Resource = {};
  for (const locale of readdirSync(localesDir())) {
    const dir = path.join(localesDir(), locale);
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      (resources[locale] ??= {})[file.replace(/\.json$/, "")] = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    }
  }
  return resources;
}

export const resources: Resource = singleton("i18nResources", load);
