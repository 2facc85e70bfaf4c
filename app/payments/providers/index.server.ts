// Which provider serves which method of a site (site config `payments`), and the providers the
// process has configured (PaymentSettings from env.server.ts): the test provider where it is on,
// Mollie when MOLLIE_API_KEY is set. A method that no configured provider offers is not shown and
// cannot be ordered.
import type { PaymentMethod } from "#app/generated/prisma/enums.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getEnv, type PaymentSettings } from "#app/utils/env.server.ts";
import { singleton } from "#app/utils/singleton.ts";
import { countryMethods, type Method, type ProviderKey } from "../methods.ts";
import type { PaymentProvider } from "../provider.server.ts";
import { createMollieProvider } from "./mollie.server.ts";
import { createTestProvider } from "./test.server.ts";

export type Providers = ReadonlyMap<string, PaymentProvider>;

/** The providers a process with these settings has. */
export function createProviders(settings: PaymentSettings): Map<string, PaymentProvider> {
  const map = new Map<string, PaymentProvider>();
  if (settings.testProvider) map.set("test", createTestProvider());
  if (settings.mollie)
    map.set("mollie", createMollieProvider({ apiKey: settings.mollie.apiKey, ...(settings.mollie.apiUrl ? { apiEndpoint: settings.mollie.apiUrl } : {}) }));
  return map;
}

const configured = () => singleton("paymentProviders", () => createProviders(getEnv().payments));

/** The providers of this process. */
export const configuredProviders = (): Providers => configured();

/** A configured provider by key; null for an unknown or unconfigured one. */
export const getProvider = (key: string): PaymentProvider | null => configured().get(key) ?? null;

/** Tests (and a future admin) put a provider in place, e.g. Mollie against a local server. */
export function setProvider(provider: PaymentProvider) {
  configured().set(provider.key, provider);
}

/** Tests take one out again (the test provider switched off). */
export function removeProvider(key: string) {
  configured().delete(key);
}

export interface OfferedMethod {
  method: PaymentMethod;
  provider: ProviderKey;
}

/** The methods a site offers in a payment country (its file's list, else the country's defaults), in order. */
const siteCountryMethods = (site: Site, country: string): readonly Method[] => site.payments.countries[country] ?? countryMethods(country);

/** The methods of a payment country on a site, each with the provider that serves it. */
export function offeredMethods(site: Site, country: string, currency: string, providers: Providers = configured()): OfferedMethod[] {
  if (!site.countries.includes(country)) return [];
  const { providers: named, methods, disabled_methods } = site.payments;
  const offered: OfferedMethod[] = [];
  for (const method of siteCountryMethods(site, country)) {
    if (disabled_methods.includes(method)) continue;
    const candidates = methods[method] ? [methods[method]] : named;
    const provider = candidates.find((key) =>
      providers
        .get(key)
        ?.methods(country, currency)
        .includes(method as PaymentMethod),
    );
    if (provider) offered.push({ method: method as PaymentMethod, provider });
  }
  return offered;
}

export const providerFor = (site: Site, country: string, currency: string, method: string) =>
  offeredMethods(site, country, currency).find((m) => m.method === method) ?? null;
