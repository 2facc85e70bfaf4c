// /transactions/{id}/receipt.pdf: the receipt of one of the member's payments on this site;
// anything else (another member's, another site's, no such payment) is a 404.
import { data } from "react-router";
import type { Route } from "./+types/transactions.$id.receipt";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { requireUser } from "#app/auth/user-context.server.ts";
import { renderReceipt } from "#app/payments/receipt.server.ts";
import { findTransaction } from "#app/payments/transactions.server.ts";
import { getCompanyInfo } from "#app/tenancy/company.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { memberTimeZone } from "#app/utils/format.ts";
import { parseId } from "#app/utils/request.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site, locale, t } = requestInfo(request, context);
  const id = parseId(params.id);
  const payment = id ? await findTransaction(getDb(), site, user.id, id) : null;
  if (!payment) throw data(null, { status: 404 });
  const pdf = await renderReceipt({
    site,
    company: await getCompanyInfo(site.company_id),
    memberName: user.profile?.name ?? user.email,
    memberEmail: user.email,
    payment,
    locale,
    timeZone: memberTimeZone(user.profile?.country),
    t,
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="receipt-${payment.id}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
