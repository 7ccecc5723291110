import { redirect } from "react-router";
import type { Route } from "./+types/age-verification";
import { ageCookieHeader, UNDER_AGE_REDIRECT_URLS } from "~/lib/age-gate";
import { localeOfPath } from "~/lib/i18n/locale";
import { translator } from "~/lib/i18n/translate";
import { shellMessages } from "~/lib/i18n/messages/shell";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { readForm } from "~/server/http/form.server";

/** Only paths on this site, never "//host" or a full URL; percent-encoded for the Location header. */
function safeReturnPath(value: FormDataEntryValue | null): string {
  const path = typeof value === "string" ? value : "/";
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return "/";
  const base = "http://store.invalid";
  const url = new URL(path, base);
  return url.origin === base ? url.pathname + url.search + url.hash : "/";
}

/** The age gate without JavaScript: its buttons post here. */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  // The page the gate was on names the language.
  const returnTo = safeReturnPath(form.get("returnTo"));
  const locale = localeOfPath(new URL(returnTo, "http://store.invalid").pathname);
  if (form.get("answer") === "under") return redirect(UNDER_AGE_REDIRECT_URLS[locale]);
  if (form.get("answer") !== "adult") {
    return new Response(translator(shellMessages, locale)("ageChooseButton"), { status: 400 });
  }
  const secure = new URL(request.url).protocol === "https:";
  return redirect(returnTo, {
    headers: { "Set-Cookie": ageCookieHeader(secure) },
  });
}

export function loader() {
  return redirect("/");
}
