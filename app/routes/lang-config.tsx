// /lang-config: choose the interface language. POST sets the 365-day language cookie.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/lang-config";
import { localeContext, localeCookie } from "#app/i18n/i18n.server.ts";
import { LOCALE_NAMES, visibleLocales } from "#app/i18n/locales.ts";
import { siteContext, visitorContext } from "#app/tenancy/context.ts";
import { Button, Card } from "#app/components/ui/index.ts";
import { safeRedirectPath } from "#app/utils/redirect.ts";
import { formFields, readForm } from "#app/utils/request.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const site = context.get(siteContext);
  const form = z
    .object({ language: z.enum(site.locales as [string, ...string[]]), redirectTo: z.string().optional() })
    .safeParse(formFields(await readForm(request, context)));
  if (!form.success) return redirect("/lang-config");
  return redirect(safeRedirectPath(form.data.redirectTo, request), {
    headers: { "Set-Cookie": await localeCookie.serialize(form.data.language) },
  });
}

export function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const current = context.get(localeContext).locale;
  return { current, locales: visibleLocales(site.locales, context.get(visitorContext).country, current) };
}

export default function LangConfig({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container-site py-10">
      <h1 className="text-2xl font-bold">{t("langConfig.title")}</h1>
      <Card as={Form} method="post" className="mt-6 flex max-w-md flex-col gap-2">
        {loaderData.locales.map((l) => (
          <Button
            key={l}
            type="submit"
            name="language"
            value={l}
            lang={l}
            block
            variant={l === loaderData.current ? "primary" : "outline"}
            aria-current={l === loaderData.current ? "true" : undefined}
            className="justify-start"
          >
            {LOCALE_NAMES[l]}
          </Button>
        ))}
      </Card>
    </main>
  );
}
