// GET /api/companyinfo.php: the company behind the resolved site.
import { data } from "react-router";
import type { Route } from "./+types/companyinfo";
import { getCompanyInfo } from "#app/tenancy/company.server.ts";
import { siteContext } from "#app/tenancy/context.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const company = await getCompanyInfo(context.get(siteContext).company_id);
  if (!company) throw data({ error: "company not found" }, { status: 404 });
  return data({ company }, { headers: { "Cache-Control": "public, max-age=300" } });
}
