// The fictional inbox's pages: the site picker and the list (waiting first), and one thread,
// read-only, with the reply box that answers as the fictional profile (a conform form checked with
// fictionalReplySchema, the schema the action parses).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link } from "react-router";
import { FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { FieldTextarea, useSchemaForm } from "#app/components/schema-form.tsx";
import { utc } from "#app/components/staff/format.ts";
import { StaffSitePicker } from "#app/components/staff/site-picker.tsx";
import { StaffTable } from "#app/components/staff/table.tsx";
import { Badge, Card, cx } from "#app/components/ui/index.ts";
import { fictionalReplySchema } from "#app/staff/fictional-reply-schema.ts";
import { answerFor, pageMessage, type FormAnswer } from "#app/staff/form-answer.ts";

interface Person {
  id: number;
  name: string;
}
interface Member extends Person {
  userId: number;
  site: string;
}

export function InboxHeader({ site, sites }: { site: string; sites: { key: string; name: string }[] }) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold">{t("staff.fictional.title")}</h1>
        <p className="mt-1 max-w-2xl text-sm text-black/60">{t("staff.fictional.intro")}</p>
      </div>
      <StaffSitePicker action="/staff/fictional" site={site} sites={sites} testId="fictional-site" />
    </header>
  );
}

export function InboxList({
  site,
  conversations,
}: {
  site: string;
  conversations: { id: number; lastMessageAt: Date | string; waiting: boolean; fictional: Person; member: Member; lastBody: string | null }[];
}) {
  const { t } = useTranslation();
  return (
    <StaffTable
      title={t("staff.fictional.conversations")}
      testId="fictional-inbox"
      headers={[
        t("staff.fictional.conversation"),
        t("staff.member.status"),
        t("staff.fictional.profile"),
        t("staff.fictional.member"),
        t("staff.member.date"),
        t("staff.fictional.last"),
      ]}
      rows={conversations.map((c) => [
        <Link key="id" to={`/staff/fictional/${c.id}?site=${site}`} className="font-semibold underline">
          #{c.id}
        </Link>,
        <Badge key="s" tone={c.waiting ? "warning" : "neutral"}>
          {t(c.waiting ? "staff.fictional.waiting" : "staff.fictional.answered")}
        </Badge>,
        c.fictional.name,
        `${c.member.name} (${c.member.site})`,
        utc(c.lastMessageAt),
        <span key="t" className="inline-block max-w-80 truncate align-bottom">
          {c.lastBody ?? "–"}
        </span>,
      ])}
    />
  );
}

export function InboxThread({
  site,
  conversation: c,
  clientKey,
  answer,
}: {
  site: string;
  conversation: {
    id: number;
    fictional: Person;
    member: Member;
    messages: {
      id: number;
      fromFictional: boolean;
      body: string | null;
      imageId: number | null;
      giftId: number | null;
      creditsCost: number;
      createdAt: Date | string;
    }[];
  };
  clientKey: string;
  answer: FormAnswer | null;
}) {
  const { t } = useTranslation();
  const shown = pageMessage(answer);
  return (
    <main>
      <p className="text-sm">
        <Link to={`/staff/fictional?site=${site}`} className="underline">
          {t("staff.fictional.back")}
        </Link>
      </p>
      <h1 className="mb-1 mt-1 text-2xl font-bold">{t("staff.fictional.threadTitle", { fictional: c.fictional.name, member: c.member.name })}</h1>
      <p className="mb-4 text-sm text-black/60">
        <Link to={`/staff/members/${c.member.userId}`} className="underline">
          {c.member.name} (#{c.member.userId}, {c.member.site})
        </Link>
      </p>
      {shown ? (
        <div className="mb-4">
          <FormMessage tone={shown.ok ? "success" : "danger"} message={shown.message} params={shown.params} />
        </div>
      ) : null}
      <Card as="section" padding="sm">
        {c.messages.length === 0 ? (
          <p className="text-sm text-black/60">{t("staff.none")}</p>
        ) : (
          <ol className="space-y-2 text-sm" data-testid="fictional-thread">
            {c.messages.map((m) => (
              <li
                key={m.id}
                data-from={m.fromFictional ? "fictional" : "member"}
                className={cx("max-w-[85%] rounded-lg px-3 py-2", m.fromFictional ? "ml-auto bg-primary/10" : "bg-slate-100")}
              >
                <p className="text-xs text-black/60">
                  <span className="font-semibold">{m.fromFictional ? c.fictional.name : c.member.name}</span> · {utc(m.createdAt)}
                  {m.creditsCost ? ` · ${t("staff.fictional.paid", { credits: m.creditsCost })}` : ""}
                </p>
                <p className="mt-0.5 whitespace-pre-line break-words">
                  {m.body ?? (m.imageId ? t("staff.cases.image") : m.giftId ? t("staff.cases.gift") : "")}
                </p>
              </li>
            ))}
          </ol>
        )}
      </Card>
      {/* a new key after each stored reply: the box starts empty again */}
      <ReplyForm key={clientKey} clientKey={clientKey} name={c.fictional.name} answer={answer} />
    </main>
  );
}

function ReplyForm({ clientKey, name, answer }: { clientKey: string; name: string; answer: FormAnswer | null }) {
  const { t } = useTranslation();
  const { lastResult, params } = answerFor(answer, "reply");
  const { form, fields, formProps, stateOf } = useSchemaForm(fictionalReplySchema, { id: "fictional-reply", lastResult });
  return (
    <Card as={Form} method="post" {...formProps} padding="sm" className="mt-4 flex flex-col gap-2">
      <FormMessage message={form.errors?.[0] ?? fields.clientKey.errors?.[0]} params={params} />
      <input type="hidden" name={fields.clientKey.name} value={clientKey} />
      <FieldTextarea
        field={fields.body}
        rows={3}
        maxLength={4000}
        label={t("staff.fictional.reply", { name })}
        hint={t("staff.fictional.replyHint")}
        state={stateOf(fields.body)}
      />
      <SubmitButton size="sm" className="self-start" testId="fictional-send">
        {t("staff.fictional.send")}
      </SubmitButton>
    </Card>
  );
}
