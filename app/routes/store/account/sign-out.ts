import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { destroyShopperSession } from "~/server/accounts/session.server";
import { assertSameOrigin } from "~/server/auth/origin.server";

/** Signing out is a post (a link or prefetch must not sign anyone out). */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const setCookie = await destroyShopperSession(request);
  return redirect("/account/sign-in?notice=signed-out", { headers: { "Set-Cookie": setCookie } });
}

export function loader() {
  return redirect("/account");
}
