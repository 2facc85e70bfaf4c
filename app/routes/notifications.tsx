// /notifications: the member's notification switches. With a signed link from a notification
// e-mail (?source=email&u=…&type=…&sig=…) it is the e-mail source variant: that one type, for
// that member, switchable without logging in. The same URL answers the one-click unsubscribe
// POST of mail clients (RFC 8058: body List-Unsubscribe=One-Click).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data } from "react-router";
import type { Route } from "./+types/notifications";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { getUser, requireUser } from "#app/auth/user-context.server.ts";
import { recordCampaignUnsubscribe } from "#app/campaigns/deliveries.server.ts";
import { isEmailSource, verifyUnsubscribe } from "#app/notifications/unsubscribe-link.server.ts";
import { parseSwitchForm, setSwitch, setSwitches, switchesOf } from "#app/notifications/preferences.server.ts";
import { readForm } from "#app/utils/request.server.ts";
import { FormMessage } from "#app/components/form-field.tsx";
import { EmailSourceSwitch, NotificationSwitches } from "#app/components/notification-switches.tsx";
import { PushSwitch } from "#app/components/push.tsx";
import { useRootData } from "#app/root.tsx";

export const handle = { entryWarning: false };

// the site's title from the root, and no indexing
export const meta: Route.MetaFunction = ({ matches }) => [...(matches.find((m) => m?.id === "root")?.meta ?? []), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site } = requestInfo(request, context);
  const url = new URL(request.url);
  if (isEmailSource(url)) {
    const target = verifyUnsubscribe(url, site.key);
    const member = target && (await switchesOf(target.userId, site.key));
    if (!target || !member) return data({ variant: "email" as const, invalid: true as const }, 400);
    return {
      variant: "email" as const,
      type: target.type,
      on: !member.notificationsOff.includes(target.type),
      email: member.email,
      loggedIn: !!getUser(context),
    };
  }
  const user = requireUser(context, request);
  const switches = await switchesOf(user.id, site.key);
  return {
    variant: "member" as const,
    off: switches?.notificationsOff ?? user.notificationsOff,
    pushOff: switches?.pushOff ?? [],
    disabled: user.notificationsDisabled.length > 0,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { site } = requestInfo(request, context);
  const url = new URL(request.url);
  if (isEmailSource(url)) {
    const target = verifyUnsubscribe(url, site.key);
    if (!target || !(await switchesOf(target.userId, site.key))) return data({ ok: false as const, message: "messages.linkInvalid" }, 400);
    const form = await readForm(request, context);
    // a mail client's one-click unsubscribe, or the page's own button
    const on = form.get("List-Unsubscribe") === "One-Click" ? false : form.get("on") === "1";
    await setSwitch(target.userId, target.type, on);
    // the link of a campaign's mail: its report counts the unsubscribe
    if (!on && target.campaignId) await recordCampaignUnsubscribe(target.campaignId, target.userId, site.key);
    return data({ ok: true as const, message: on ? "notifications.switchedOn" : "notifications.switchedOff" });
  }
  const user = requireUser(context, request);
  const parsed = parseSwitchForm(await readForm(request, context));
  if (!parsed.success) return data({ ok: false as const, message: "messages.invalidInput" }, 400);
  await setSwitches(user.id, parsed.data);
  return data({ ok: true as const, message: "notifications.saved" });
}

export default function Notifications({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const pushPublicKey = useRootData()?.site.pushPublicKey ?? null;
  return (
    <main className="container-site flex max-w-2xl flex-col gap-6 py-10">
      <h1 className="text-2xl font-bold text-primary">{t("notifications.title")}</h1>
      {d.variant === "email" ? (
        "invalid" in d ? (
          <FormMessage message="messages.linkInvalid" />
        ) : (
          <EmailSourceSwitch type={d.type} on={d.on} email={d.email} loggedIn={d.loggedIn} result={actionData} />
        )
      ) : (
        <>
          <PushSwitch publicKey={pushPublicKey} />
          <NotificationSwitches off={d.off} pushOff={d.pushOff} disabled={d.disabled} result={actionData} />
        </>
      )}
    </main>
  );
}
