import { AlertCircle, Loader2, LockKeyhole } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { buttonClass } from "~/components/admin/button";
import { Field, inputClass } from "~/components/admin/field";
import { Logo } from "~/components/store/logo";
import { AdminLoginSchema } from "~/schemas/admin-login";
import { signIn } from "~/server/auth/login.server";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { ADMIN_HOME_PATH, getAdmin } from "~/server/auth/session.server";
import { config } from "~/server/config.server";
import { readForm } from "~/server/http/form.server";
import { clientIp } from "~/server/http/request-context.server";

export const meta: Route.MetaFunction = () => [
  { title: "Admin sign in · Budz Boutique" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getAdmin(request)) throw redirect(ADMIN_HOME_PATH);
  return { storeName: config().STORE_NAME };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const parsed = AdminLoginSchema.safeParse({
    username: form.get("username") ?? "",
    password: form.get("password") ?? "",
  });
  const username = typeof form.get("username") === "string" ? String(form.get("username")) : "";
  if (!parsed.success) {
    return data({ message: parsed.error.issues[0]!.message, username }, { status: 400 });
  }
  const result = await signIn({
    ...parsed.data,
    ipAddress: clientIp(context),
    userAgent: request.headers.get("User-Agent"),
  });
  if (result.ok) throw redirect(ADMIN_HOME_PATH, { headers: { "Set-Cookie": result.setCookie } });
  if (result.code === "throttled") {
    return data(
      { message: result.message, username },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return data({ message: result.message, username }, { status: 401 });
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const signingIn = navigation.state === "submitting";
  // After a successful check the dashboard's loader verifies the new session.
  const verifying =
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith("/budzadmin/dashboard");
  const busy = signingIn || verifying;
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center text-white">
          <Logo name={loaderData.storeName} className="text-xl" />
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
          <div className="mb-6 flex items-center gap-3">
            <span className="rounded-xl bg-brand-50 p-2.5 text-brand-700">
              <LockKeyhole className="h-5 w-5" aria-hidden />
            </span>
            <div>
              <h1 className="text-xl font-bold text-stone-900">Admin sign in</h1>
              <p className="text-sm text-stone-500">Store staff only</p>
            </div>
          </div>
          {actionData?.message ? (
            <div
              role="alert"
              className="mb-5 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm font-medium text-red-700"
            >
              <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              {actionData.message}
            </div>
          ) : null}
          <Form method="post" className="space-y-4">
            <Field label="Username" required>
              {(props) => (
                <input
                  {...props}
                  name="username"
                  autoComplete="username"
                  required
                  maxLength={100}
                  defaultValue={actionData?.username}
                  autoFocus
                  className={inputClass}
                />
              )}
            </Field>
            <Field label="Password" required>
              {(props) => (
                <input
                  {...props}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  maxLength={500}
                  className={inputClass}
                />
              )}
            </Field>
            <button
              type="submit"
              disabled={busy}
              className={buttonClass("primary", "md", "w-full")}
            >
              {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
              {signingIn ? "Signing In..." : verifying ? "Verifying authentication..." : "Sign In"}
            </button>
          </Form>
        </div>
        <p className="mt-6 text-center text-sm text-brand-100/80">
          <a href="/" className="hover:text-white">
            ← Back to the store
          </a>
        </p>
      </div>
    </main>
  );
}
