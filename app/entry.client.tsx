import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { CatalogueContext, createI18n, fetchCatalogue } from "#app/i18n/catalogue.ts";
import type { Locale } from "#app/i18n/locales.ts";

// A lazily loaded page chunk that fails to load (a new deploy replaced it) reloads the page,
// at most once per minute.
const RELOAD_GUARD = "chunk-reload-at";
window.addEventListener("vite:preloadError", (event) => {
  const last = Number(sessionStorage.getItem(RELOAD_GUARD) ?? 0);
  if (Date.now() - last < 60_000) return;
  event.preventDefault();
  sessionStorage.setItem(RELOAD_GUARD, String(Date.now()));
  window.location.reload();
});

// The page's translations are a file of their own (app/i18n/catalogue.ts), preloaded by the
// page's head: hydrate once they are here. Without them the server's page stays as it is.
async function hydrate() {
  const html = document.documentElement;
  const catalogue = { locale: html.lang as Locale, url: html.dataset.catalogue ?? "" };
  const messages = catalogue.url ? await fetchCatalogue(catalogue.url) : null;
  if (!messages) return;
  const i18n = createI18n(catalogue.locale, messages);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <CatalogueContext.Provider value={catalogue}>
          <I18nextProvider i18n={i18n}>
            <HydratedRouter />
          </I18nextProvider>
        </CatalogueContext.Provider>
      </StrictMode>,
    );
  });
}

void hydrate();
