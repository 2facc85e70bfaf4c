// /staff/members/:id: one member of any site with their money, blocks, logins and sessions, and
// the actions support (lockout, activation mail, sessions, data export) and admins (credits,
// refunds, erasure) take. The forms staff fill in (credits, refund, the conduct switches, erasure)
// are checked with their schemas (app/staff/member-action-schema.ts) in the browser and in the
// action; their errors come back under their fields, a refusal as the form's message. Each view
// of the page is written to the audit log (who looked at which member, not what they saw).
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Link } from "react-router";
import type { Route } from "./+types/members.$id";
import { MemberActions, RefundForm } from "#app/components/staff/member-actions.tsx";
import { money, utc } from "#app/components/staff/format.ts";
import { Facts, StaffTable } from "#app/components/staff/table.tsx";
import { FormMessage } from "#app/components/form-field.tsx";
import { Card } from "#app/components/ui/index.ts";
import { adjustCredits, liftLockout, refundPayment, resendActivation, revokeMemberSessions, type ActionResult } from "#app/staff/actions.server.ts";
import { auditMemberView, markStaffAction } from "#app/staff/audit.server.ts";
import { answerForm } from "#app/staff/form-answer.server.ts";
import { pageMessage, type FormAnswer } from "#app/staff/form-answer.ts";
import { creditsSchema, erasureSchema, refundSchema, switchSchema } from "#app/staff/member-action-schema.ts";
import { memberDetails } from "#app/staff/member-view.server.ts";
import { sendPasswordReset, setBanned, setDirectDebitBlock, setFictional, setProfileHidden } from "#app/staff/moderation.server.ts";
import { eraseMember, exportMemberData } from "#app/staff/privacy.server.ts";
import { requireStaff } from "#app/staff/session.server.ts";
import { parseId, readForm, refuse } from "#app/utils/request.server.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  const id = parseId(params.id);
  const member = id ? await memberDetails(id) : null;
  if (!member) throw data(null, { status: 404 });
  await auditMemberView(staff, { id: member.user.id, siteKey: member.user.siteKey }, request, context);
  return { member, role: staff.role, creditsKey: randomBytes(12).toString("base64url") };
}

const intent = z.enum([
  "lift-lockout",
  "resend-activation",
  "password-reset",
  "revoke-sessions",
  "credits",
  "refund",
  "ban",
  "hide-profile",
  "direct-debit-block",
  "fictional",
  "export-data",
  "erase",
]);
const ADMIN_ONLY = new Set(["credits", "refund", "ban", "hide-profile", "direct-debit-block", "fictional", "erase"]);
const SWITCHES = { ban: setBanned, "hide-profile": setProfileHidden, "direct-debit-block": setDirectDebitBlock, fictional: setFictional } as const;

const NOT_FOUND = "staff.errors.memberNotFound";

export async function action({ request, context, params }: Route.ActionArgs) {
  const first = await requireStaff(request, context);
  markStaffAction(context);
  const id = parseId(params.id);
  if (!id) refuse(context, 404, NOT_FOUND);
  const form = await readForm(request, context);
  const what = intent.safeParse(form.get("intent"));
  if (!what.success) refuse(context, 400);
  const staff = ADMIN_ONLY.has(what.data) ? await requireStaff(request, context, "admin") : first;
  const done = (result: ActionResult) => data<FormAnswer>(result, { status: result.ok ? 200 : result.message === NOT_FOUND ? 404 : 409 });
  switch (what.data) {
    case "lift-lockout":
      return done(await liftLockout(staff, id));
    case "resend-activation":
      return done(await resendActivation(staff, id, request));
    case "revoke-sessions":
      return done(await revokeMemberSessions(staff, id));
    case "password-reset":
      return done(await sendPasswordReset(staff, id, request));
    case "export-data":
      return done(await exportMemberData(staff, id));
    case "erase":
      return answerForm(form, "erase", erasureSchema, (v) => eraseMember(staff, id, v.reason), NOT_FOUND);
    case "ban":
    case "hide-profile":
    case "direct-debit-block":
    case "fictional": {
      const change = SWITCHES[what.data];
      return answerForm(form, `switch-${what.data}`, switchSchema, (v) => change(staff, id, v.on, v.reason), NOT_FOUND);
    }
    case "credits":
      return answerForm(form, "credits", creditsSchema, (v) => adjustCredits(staff, id, v), NOT_FOUND);
    case "refund":
      // each payment's row has its own form
      return answerForm(form, `refund-${parseId(form.get("payment")) ?? 0}`, refundSchema, (v) => refundPayment(staff, id, v), NOT_FOUND);
  }
}

export default function StaffMember({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { member: m, role, creditsKey } = loaderData;
  const u = m.user;
  const shown = pageMessage(actionData);
  return (
    <main>
      <p className="text-sm">
        <Link to={`/staff?q=${encodeURIComponent(u.email)}`} className="underline">
          {t("staff.member.back")}
        </Link>
      </p>
      <h1 className="mb-3 mt-1 text-2xl font-bold">
        {u.profile?.name ?? u.email} <span className="text-base font-normal text-black/60">#{u.id}</span>
      </h1>
      {shown ? (
        <div className="mb-4">
          <FormMessage tone={shown.ok ? "success" : "danger"} message={shown.message} params={shown.params} />
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <Card as="section" padding="sm" data-testid="member-facts">
          <Facts
            items={[
              [t("staff.member.email"), u.email],
              [t("staff.member.site"), `${m.site.name} (${m.site.domain})`],
              [t("staff.member.status"), u.status],
              [t("staff.member.profileStatus"), u.profile ? `${u.profile.status}${u.profile.fictional ? ` · ${t("staff.member.fictional")}` : ""}` : "–"],
              [t("staff.member.signup"), utc(u.signupDate)],
              [t("staff.member.activated"), utc(u.confirmedAt)],
              [t("staff.member.lastSeen"), utc(u.lastSeenAt)],
              [t("staff.member.language"), u.language ?? "–"],
              [
                t("staff.member.credits"),
                <span key="c" data-testid="member-credits">
                  {u.credits}
                </span>,
              ],
              [t("staff.member.premium"), u.paidUser ? t("staff.yes") : t("staff.no")],
              [
                t("staff.member.trafficSource"),
                m.tracking
                  ? Object.entries(m.tracking)
                      .filter(([, v]) => v)
                      .map(([k, v]) => `${k}=${v}`)
                      .join(" ") || "–"
                  : "–",
              ],
              [t("staff.member.directDebit"), m.directDebitBlocked ? t("staff.member.directDebitBlocked") : t("staff.member.directDebitAllowed")],
              [t("staff.member.lockout"), m.lockout ? t("staff.member.lockedUntil", { until: utc(m.lockout.until) }) : t("staff.member.notLocked")],
            ]}
          />
        </Card>
        <MemberActions
          role={role}
          status={u.status}
          locked={!!m.lockout}
          sessions={m.sessions.length}
          creditsKey={creditsKey}
          switches={{
            ban: u.status === "banned",
            "hide-profile": u.profile?.status === "disabled",
            "direct-debit-block": m.directDebitBlocked,
            fictional: !!u.profile?.fictional,
          }}
          hasProfile={!!u.profile}
          answer={actionData}
        />
      </div>
      <StaffTable
        title={t("staff.member.ledger")}
        testId="member-ledger"
        headers={[t("staff.member.date"), t("staff.member.delta"), t("staff.member.balance"), t("staff.member.reason"), t("staff.member.reference")]}
        rows={m.ledger.map((e) => [
          utc(e.createdAt),
          e.delta > 0 ? `+${e.delta}` : String(e.delta),
          e.balanceAfter,
          e.reason,
          e.referenceType ? `${e.referenceType} ${e.referenceId ?? ""}` : "–",
        ])}
      />
      <StaffTable
        title={t("staff.member.payments")}
        testId="member-payments"
        headers={[
          t("staff.member.paymentId"),
          t("staff.member.date"),
          t("staff.member.status"),
          t("staff.member.method"),
          t("staff.member.amount"),
          t("staff.member.costs"),
          t("staff.member.credits"),
          t("staff.member.refunded"),
          "",
        ]}
        rows={m.payments.map((p) => [
          `#${p.id}`,
          utc(p.createdAt),
          p.status,
          `${p.method} (${p.provider})`,
          money(p.amountCents, p.currency),
          // what the provider charged (its fee); members never see it
          p.transactionCostsCents === null ? (
            <span key="c" className="text-black/50" data-testid={`costs-${p.id}`}>
              {t("staff.member.costsPending")}
            </span>
          ) : (
            <span key="c" data-testid={`costs-${p.id}`}>
              {money(p.transactionCostsCents, p.transactionCostsCurrency ?? p.currency)}
            </span>
          ),
          p.credits,
          p.refundedAt ? `${p.refundedCredits} / ${money(p.refundedCents, p.currency)}` : "–",
          role === "admin" && p.status === "completed" ? <RefundForm key="r" payment={p.id} answer={actionData} /> : "",
        ])}
      />
      <StaffTable
        title={t("staff.member.redemptions")}
        headers={[t("staff.member.date"), t("staff.member.code"), t("staff.member.paymentId")]}
        rows={m.redemptions.map((r) => [utc(r.createdAt), r.code.code, `#${r.paymentId}`])}
      />
      <StaffTable
        title={t("staff.member.blocksGiven")}
        headers={[t("staff.member.date"), t("staff.member.profile")]}
        rows={m.blocksGiven.map((b) => [utc(b.createdAt), `${b.blocked.name} (#${b.blockedId})`])}
      />
      <StaffTable
        title={t("staff.member.blocksReceived")}
        headers={[t("staff.member.date"), t("staff.member.profile")]}
        rows={m.blocksReceived.map((b) => [utc(b.createdAt), `${b.blocker.name} (#${b.blockerId})`])}
      />
      <StaffTable
        title={t("staff.member.logins")}
        testId="member-logins"
        headers={[t("staff.member.date"), t("staff.member.ip"), t("staff.member.result")]}
        rows={m.loginAttempts.map((a) => [utc(a.createdAt), a.ip, a.success ? t("staff.member.loginOk") : t("staff.member.loginFailed")])}
      />
      <StaffTable
        title={t("staff.member.sessions")}
        testId="member-sessions"
        headers={[t("staff.member.date"), t("staff.member.expires"), t("staff.member.ip"), t("staff.member.device")]}
        rows={m.sessions.map((s) => [
          utc(s.createdAt),
          utc(s.expiresAt),
          s.ip ?? "–",
          <span key="ua" className="inline-block max-w-64 truncate align-bottom">
            {s.userAgent ?? "–"}
          </span>,
        ])}
      />
      <p className="mt-6 text-sm">
        <Link to={`/staff/audit?member=${u.id}`} className="underline">
          {t("staff.member.auditLink")}
        </Link>
      </p>
    </main>
  );
}
