// /staff/cases/:id: one complaint or report with the reporter, the reported member, the reported
// conversation's last messages and the notes; take it, write a note, close it with an outcome
// that is mailed to the reporter. The note and the outcome are checked with their schemas
// (app/staff/case-note-schema.ts) in the browser and in the action; their errors come back under
// their fields with what was typed, a refusal (a case closed meanwhile) as the form's message.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/cases.$id";
import { FormMessage } from "#app/components/form-field.tsx";
import { CaseCloseForm, CaseNoteForm } from "#app/components/staff/case-forms.tsx";
import { Button, Card } from "#app/components/ui/index.ts";
import { utc } from "#app/components/staff/format.ts";
import { Facts } from "#app/components/staff/table.tsx";
import { addCaseNote, caseDetail, closeCase, takeCase } from "#app/staff/cases.server.ts";
import { caseCloseSchema, caseNoteSchema } from "#app/staff/case-note-schema.ts";
import { answerForm } from "#app/staff/form-answer.server.ts";
import { pageMessage, type FormAnswer } from "#app/staff/form-answer.ts";
import { requireStaff } from "#app/staff/session.server.ts";
import { parseId, readForm, refuse } from "#app/utils/request.server.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const id = parseId(params.id);
  const found = id ? await caseDetail(id) : null;
  if (!found) throw data(null, { status: 404 });
  const { site, ...rest } = found;
  return { c: { ...rest, siteName: site ? `${site.name} (${site.domains[0]})` : found.siteKey } };
}

const intent = z.enum(["take", "note", "close"]);

const NOT_FOUND = "staff.errors.caseNotFound";

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context);
  const id = parseId(params.id);
  if (!id) refuse(context, 404, NOT_FOUND);
  const form = await readForm(request, context);
  const what = intent.safeParse(form.get("intent"));
  if (!what.success) refuse(context, 400);
  if (what.data === "note") return answerForm(form, "case-note", caseNoteSchema, (v) => addCaseNote(staff, id, v.text), NOT_FOUND);
  if (what.data === "close") return answerForm(form, "case-close", caseCloseSchema, (v) => closeCase(staff, id, v.outcome), NOT_FOUND);
  const result = await takeCase(staff, id);
  return data<FormAnswer>(result, { status: result.ok ? 200 : result.message === NOT_FOUND ? 404 : 409 });
}

export default function StaffCase({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { c } = loaderData;
  const open = c.status !== "closed";
  const shown = pageMessage(actionData);
  return (
    <main>
      <p className="text-sm">
        <Link to="/staff/cases" className="underline">
          {t("staff.cases.back")}
        </Link>
      </p>
      <h1 className="mb-3 mt-1 text-2xl font-bold">
        {t(`staff.cases.kinds.${c.kind}`)} #{c.id}
      </h1>
      {shown ? (
        <div className="mb-4">
          <FormMessage tone={shown.ok ? "success" : "danger"} message={shown.message} params={shown.params} />
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <Card as="section" padding="sm">
          <Facts
            testId="case-facts"
            items={[
              [
                t("staff.member.status"),
                <span key="s" data-testid="case-status">
                  {t(`staff.cases.status.${c.status}`)}
                </span>,
              ],
              [t("staff.member.site"), c.siteName],
              [t("staff.member.date"), utc(c.createdAt)],
              [t("staff.cases.category"), t(c.kind === "complaint" ? `support.categories.${c.category}` : `support.reasons.${c.category}`)],
              [
                t("staff.cases.reporter"),
                c.reporter ? (
                  <Link key="r" to={`/staff/members/${c.reporter.id}`} className="underline">
                    {c.reporter.profile?.name ?? c.reporter.email} (#{c.reporter.id})
                  </Link>
                ) : (
                  t("staff.cases.visitor")
                ),
              ],
              [t("staff.cases.replyTo"), `${c.email} · ${c.locale}`],
              [
                t("staff.cases.about"),
                c.profile ? (
                  <Link key="p" to={`/staff/members/${c.profile.userId}`} className="underline">
                    {c.profile.name} (#{c.profile.userId}){c.profile.fictional ? ` · ${t("staff.member.fictional")}` : ""}
                  </Link>
                ) : (
                  "–"
                ),
              ],
              [t("staff.cases.assigned"), c.assignedStaff?.name ?? "–"],
              ...(c.closedAt ? [[t("staff.cases.closedAt"), utc(c.closedAt)] as [string, React.ReactNode]] : []),
            ]}
          />
          <h2 className="mt-4 font-semibold">{t("staff.cases.text")}</h2>
          <p className="mt-1 whitespace-pre-line rounded bg-slate-50 p-3 text-sm" data-testid="case-text">
            {c.text || "–"}
          </p>
          {c.outcome ? (
            <>
              <h2 className="mt-4 font-semibold">{t("staff.cases.outcome")}</h2>
              <p className="mt-1 whitespace-pre-line rounded bg-slate-50 p-3 text-sm" data-testid="case-outcome">
                {c.outcome}
              </p>
            </>
          ) : null}
          {c.messages.length ? (
            <>
              <h2 className="mt-4 font-semibold">{t("staff.cases.messages")}</h2>
              <ol className="mt-1 space-y-1 text-sm" data-testid="case-messages">
                {c.messages.map((m) => (
                  <li key={m.id} className="rounded bg-slate-50 px-3 py-1.5">
                    <span className="font-semibold">{m.sender.name}</span> <span className="text-black/60">{utc(m.createdAt)}</span>{" "}
                    {m.body ?? (m.imageId ? t("staff.cases.image") : m.giftId ? t("staff.cases.gift") : "")}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </Card>
        <aside className="space-y-4">
          {open ? (
            <Card as={Form} method="post" padding="sm">
              <input type="hidden" name="intent" value="take" />
              <Button type="submit" size="sm" data-testid="case-take">
                {t("staff.cases.take")}
              </Button>
            </Card>
          ) : null}
          <CaseNoteForm answer={actionData} />
          {open ? <CaseCloseForm answer={actionData} /> : null}
        </aside>
      </div>
      <section className="mt-6" data-testid="case-notes">
        <h2 className="mb-2 text-lg font-semibold">{t("staff.cases.notes")}</h2>
        {c.notes.length ? (
          <ul className="space-y-2 text-sm">
            {c.notes.map((n) => (
              <Card as="li" key={n.id} padding="sm">
                <span className="text-black/60">
                  {utc(n.createdAt)} · {n.staffEmail}
                </span>
                <p className="mt-1 whitespace-pre-line">{n.text}</p>
              </Card>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-black/60">{t("staff.none")}</p>
        )}
      </section>
    </main>
  );
}
