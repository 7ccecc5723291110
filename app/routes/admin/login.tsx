import { Loader2, LockKeyhole } from "lucide-react";
import { data, Form, href, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { AuthCard, PasswordField } from "~/components/admin/auth-card";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { echoValues, type FormReply } from "~/lib/form";
import { adminLoginForm } from "~/schemas/admin-login";
import { signIn } from "~/server/auth/login.server";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { getAdmin } from "~/server/auth/session.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { requestClient } from "~/server/http/request-context.server";

export const meta: Route.MetaFunction = () => [
  { title: "Admin sign in · Budz Boutique" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getAdmin(request)) throw redirect(href("/budzadmin/dashboard"));
  return { storeName: (await storeSettings()).store.name };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const submission = await parseForm(request, adminLoginForm);
  if (!submission.ok) return submission.reply;
  const result = await signIn({
    ...submission.data,
    ...requestClient(request, context),
  });
  if (result.ok)
    throw redirect(
      result.next === "two-factor" ? href("/budzadmin/two-factor") : href("/budzadmin/dashboard"),
      { headers: { "Set-Cookie": result.setCookie } },
    );
  const { form } = submission;
  if (result.code === "throttled") {
    // The one reply shape, with the Retry-After header (the password is never echoed).
    return data<FormReply>(
      { errors: { form: result.message }, values: echoValues(form) },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return formReply({ form: result.message }, { status: 401, form });
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const signingIn = navigation.state === "submitting";
  // After a successful check the dashboard's loader verifies the new session.
  const verifying =
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith(href("/budzadmin/dashboard"));
  const busy = signingIn || verifying;
  // Checked by the server only; the form shows its answer and focuses what it refused.
  const form = useForm({ lastResult: actionData });
  return (
    <AuthCard
      storeName={loaderData.storeName}
      icon={LockKeyhole}
      title="Admin sign in"
      subtitle="Store staff only"
      footer={
        <p className="mt-6 text-center text-sm text-brand-100/80">
          <a href="/" className="hover:text-white">
            ← Back to the store
          </a>
        </p>
      }
    >
      <Form method="post" className="space-y-4" {...form.props}>
        <FormProvider form={form}>
          <FormSummary />
          <Field name="username" label="Username" required>
            {(props) => (
              <input
                {...props}
                autoComplete="username"
                required
                maxLength={100}
                defaultValue={form.values?.username}
                autoFocus
                className={inputClass}
              />
            )}
          </Field>
          <PasswordField name="password" label="Password" current />
          <button type="submit" disabled={busy} className={buttonClass("primary", "md", "w-full")}>
            {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
            {signingIn ? "Signing In..." : verifying ? "Verifying authentication..." : "Sign In"}
          </button>
        </FormProvider>
      </Form>
    </AuthCard>
  );
}
