import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { userContext } from "#app/auth/user-context.server.ts";
import { CatalogueContext } from "#app/i18n/catalogue.ts";
import { catalogueOf, catalogueRef } from "#app/i18n/catalogue.server.ts";
import { localeContext } from "#app/i18n/i18n.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { getLogger, redactUrl } from "#app/utils/logger.server.ts";
import { cspNonceContext, NonceContext } from "#app/utils/nonce.ts";
import { WHOLE_BODY } from "#app/utils/whole-body.ts";

export const streamTimeout = 5_000;

/** Pages are per visitor (language, session, entry warning): never stored by shared caches, and a member's never at all. */
function privateCaching(headers: Headers, context: Readonly<RouterContextProvider>) {
  if (headers.has("Cache-Control")) return;
  headers.set("Cache-Control", context.get(userContext) ? "private, no-store" : "private, no-cache");
}

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  const nonce = loadContext.get(cspNonceContext);
  const locale = pageLocale(loadContext);
  privateCaching(headers, loadContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The pages have no Suspense boundary: the shell is the whole document. It is sent as one
    // buffer with its length, not streamed in React's 2 KB pieces: each piece cost a trip through
    // a web stream and a socket write, about a tenth of a page's time on the server.
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <CatalogueContext.Provider value={catalogueRef(locale)}>
          <I18nextProvider i18n={catalogueOf(locale).i18n}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </I18nextProvider>
        </CatalogueContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeout);
              const document = Buffer.concat(chunks);
              headers.set("Content-Type", "text/html; charset=utf-8");
              headers.set("Content-Length", String(document.length));
              resolve(wholeDocument(document, headers, status));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) getLogger().error({ err: error, url: redactUrl(request.url) }, "render failed");
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/** The page as a Response that also carries its bytes, so the HTTP host sends them in one write (server/fetch-bridge.ts). */
function wholeDocument(document: Buffer<ArrayBuffer>, headers: Headers, status: number) {
  const response = new Response(document, { headers, status });
  Object.defineProperty(response, WHOLE_BODY, { value: document });
  return response;
}

/** The language the root middleware chose; English when the request never got that far. */
function pageLocale(context: RouterContextProvider): Locale {
  try {
    return context.get(localeContext).locale;
  } catch {
    return "en";
  }
}

export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  privateCaching(response.headers, context);
  return response;
};

/** Server errors go to the structured log; a refusal (4xx) or a client that went away is not an error. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  if (crossSiteRefusal(error, request))
    return void getLogger().warn({ url: redactUrl(request.url), origin: request.headers.get("origin") }, "cross-site post refused");
  getLogger().error({ err: error, url: redactUrl(request.url) }, "request failed");
};

/** React Router answers 400 to a post whose Origin is not a URL before the app's own guard runs
 * (react-router.config.ts lets every host through to that guard), and hands this error over: a
 * forged request, not a fault of the server. A data request's error says "Bad Request", a page's
 * says why (react-router's throwIfPotentialCSRFAttack). */
const CROSS_SITE_MESSAGES = new Set(["Bad Request", "`origin` header is not a valid URL. Aborting the action."]);
const crossSiteRefusal = (error: unknown, request: Request) =>
  error instanceof Error && CROSS_SITE_MESSAGES.has(error.message) && request.method !== "GET" && request.headers.has("origin");
