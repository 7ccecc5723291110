import { href, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { signOut } from "~/server/auth/signed-in.server";
import { clientIp } from "~/server/http/request-context.server";

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  return redirect(href("/budzadmin"), {
    headers: { "Set-Cookie": await signOut(request, clientIp(context)) },
  });
}

export function loader() {
  return redirect(href("/budzadmin"));
}
