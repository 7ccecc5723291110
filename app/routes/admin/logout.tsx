import { href, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { destroyAdminSession } from "~/server/auth/session.server";

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  return redirect(href("/budzadmin"), {
    headers: { "Set-Cookie": await destroyAdminSession(request) },
  });
}

export function loader() {
  return redirect(href("/budzadmin"));
}
