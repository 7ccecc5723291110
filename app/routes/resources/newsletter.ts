import { data, redirect } from "react-router";
import type { Route } from "./+types/newsletter";
import { isLocale, localizePath } from "~/lib/i18n/locale";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { formReply, readForm } from "~/server/http/form.server";

/**
 * The footer form. A fetcher gets the result as data; a plain form post (no JavaScript) is sent
 * back. The form posts its page's language (`locale`): the answer is in it, and the address gets
 * newsletters and campaigns in it.
 */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const posted = form.get("locale");
  const locale = isLocale(posted) ? posted : undefined;
  const result = await subscribeToNewsletter({
    email: form.get("email"),
    source: "footer",
    locale,
  });
  // The address is checked by the newsletter's own rules (the same for every way to subscribe).
  if (!result.ok) return formReply({ email: result.message }, { form });
  const plainPost = request.headers.get("Sec-Fetch-Mode") === "navigate";
  if (plainPost) {
    const back = new URL(request.headers.get("Referer") ?? "/", request.url);
    const target =
      back.origin === new URL(request.url).origin
        ? back
        : new URL(localizePath("/", locale ?? "en"), request.url);
    target.searchParams.set("subscribed", "1");
    target.hash = "newsletter";
    return redirect(target.pathname + target.search + target.hash);
  }
  return data(result);
}

export function loader() {
  return redirect("/");
}
