import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { FormRules } from "~/lib/form";
import { requestLocale, type Locale } from "~/lib/i18n/locale";
import { assertSameOrigin } from "../auth/origin.server";
import { parseForm } from "../http/form.server";
import { requestClient } from "../http/request-context.server";
import { describeLink } from "./accounts.server";

type LinkPurpose = Parameters<typeof describeLink>[0]["purpose"];

/** The pages a mailed link opens: the token is in the URL, never cached, never sent as a referrer. */
export function linkPageHeaders() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/**
 * Their loader: the link's email, or why it no longer works (400). Opening the link uses nothing
 * up: mail scanners that fetch links do not spend it; the page's form does.
 */
export async function loadLinkPage(request: Request, purpose: LinkPurpose) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await describeLink({ purpose, token, locale: requestLocale(request) });
  if (!link.ok) return data({ token, email: null, message: link.message }, { status: 400 });
  return { token, email: link.email, message: null };
}

/**
 * Their action: a form from this site, checked by `rules`, is passed with the client's address and
 * the page's language to `spend` (which spends the link), and `answer` turns the outcome into the
 * response. A form that does not pass is answered with its errors.
 */
export async function submitLinkPage<S extends z.ZodType<object>, R, A>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  rules: FormRules<S>,
  spend: (input: z.output<S> & ReturnType<typeof requestClient> & { locale: Locale }) => Promise<R>,
  answer: (outcome: R) => A,
) {
  assertSameOrigin(request);
  const submission = await parseForm(request, rules);
  if (!submission.ok) return submission.reply;
  const locale = requestLocale(request);
  return answer(await spend({ ...submission.data, ...requestClient(request, context), locale }));
}
