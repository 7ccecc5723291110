import { data } from "react-router";
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
  const link = await describeLink({ purpose, token });
  if (!link.ok) return data({ token, email: null, message: link.message }, { status: 400 });
  return { token, email: link.email, message: null };
}
