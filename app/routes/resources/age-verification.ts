import { redirect } from "react-router";
import type { Route } from "./+types/age-verification";
import { ageCookieHeader, UNDER_AGE_REDIRECT_URL } from "~/lib/age-gate";
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
  if (form.get("answer") === "under") return redirect(UNDER_AGE_REDIRECT_URL);
  if (form.get("answer") !== "adult") {
    return new Response("Please choose one of the age buttons.", { status: 400 });
  }
  const secure = new URL(request.url).protocol === "https:";
  return redirect(safeReturnPath(form.get("returnTo")), {
    headers: { "Set-Cookie": ageCookieHeader(secure) },
  });
}

export function loader() {
  return redirect("/");
}
