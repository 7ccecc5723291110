import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { localizePath, requestLocale } from "~/lib/i18n/locale";
import { destroyShopperSession } from "~/server/accounts/session.server";
import { assertSameOrigin } from "~/server/auth/origin.server";

/** Signing out is a post (a link or prefetch must not sign anyone out). */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const setCookie = await destroyShopperSession(request);
  return redirect(localizePath("/account/sign-in?notice=signed-out", requestLocale(request)), {
    headers: { "Set-Cookie": setCookie },
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizePath("/account", requestLocale(request)));
}
