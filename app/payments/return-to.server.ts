// Where a purchase started from a paid action returns to: the `back` parameter of the checkout's
// pages (/credits, the order overview, the repeat order, the payment result). It is a path on this
// site (safeRedirectPath) and never a page of the checkout itself, so a return cannot loop. The
// payment result names the place: a chat or a profile by its member's name, looked up through the
// same access rules as the chat and profile pages (another member's conversation is only "back").
import type { Site } from "#app/tenancy/site-schema.ts";
import { chatAccess, chatWith } from "#app/chat/conversations.server.ts";
import { safeRedirectPath } from "#app/utils/redirect.ts";
import { parseId } from "#app/utils/request.server.ts";

const CHECKOUT_PAGES = /^\/(credits|payments|test-pay|directdebit)(\/|$|\?)/;

/** The validated return path from a request's `back` parameter (or a form field), or null. */
export function returnPath(raw: unknown, request: Request): string | null {
  const path = safeRedirectPath(raw, request, "");
  return path && !CHECKOUT_PAGES.test(path) ? path : null;
}

/** The `back` parameter of a request URL, validated. */
export const requestReturnPath = (request: Request) => returnPath(new URL(request.url).searchParams.get("back"), request);

export type ReturnTarget = { path: string; kind: "chat" | "profile"; name: string } | { path: string; kind: "page" };

const CHAT = /^\/chats\/(\d{1,10})(?:[?#]|$)/;
const MEMBER_CHAT = /^\/members\/(\d{1,10})\/chat(?:[?#]|$)/;
const PROFILE = /^\/members\/(\d{1,10})(?:[?#]|$)/;

/** What the member returns to, with the partner's name where the path is a chat or a profile the member may see. */
export async function returnTarget(site: Site, viewerProfileId: number | null, path: string | null): Promise<ReturnTarget | null> {
  if (!path) return null;
  if (viewerProfileId === null) return { path, kind: "page" };
  const chat = CHAT.exec(path);
  if (chat) {
    const access = await chatAccess(site, viewerProfileId, parseId(chat[1]));
    return access.kind === "ok" ? { path, kind: "chat", name: access.partner.name } : { path, kind: "page" };
  }
  const member = MEMBER_CHAT.exec(path) ?? PROFILE.exec(path);
  if (member) {
    const found = await chatWith(site, viewerProfileId, parseId(member[1]));
    if (found.kind !== "ok" && found.kind !== "new") return { path, kind: "page" };
    return { path, kind: MEMBER_CHAT.test(path) ? "chat" : "profile", name: found.partner.name };
  }
  return { path, kind: "page" };
}
