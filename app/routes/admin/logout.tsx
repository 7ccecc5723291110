import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { ADMIN_LOGIN_PATH, destroyAdminSession } from "~/server/auth/session.server";

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  return redirect(ADMIN_LOGIN_PATH, {
    headers: { "Set-Cookie": await destroyAdminSession(request) },
  });
}

export function loader() {
  return redirect(ADMIN_LOGIN_PATH);
}
