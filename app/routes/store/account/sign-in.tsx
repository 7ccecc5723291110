import { Mail } from "lucide-react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/sign-in";
import { FormProvider, FormSummary, useForm } from "~/components/form/form";
import {
  AuthCard,
  NoticeFromUrl,
  primaryButton,
  secondaryButton,
  SuccessMessage,
  textLink,
} from "~/components/store/account-ui";
import { EmailField, PasswordField } from "~/components/store/contact-fields";
import { LINK_SENT } from "~/lib/account";
import { echoValues, type FormReply } from "~/lib/form";
import { emailOnlyForm, signInForm } from "~/schemas/account";
import { requestSignInLink, signInWithPassword } from "~/server/accounts/accounts.server";
import { getShopper, safeRedirectTo } from "~/server/accounts/session.server";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { dispatchIntent, parseForm, readForm } from "~/server/http/form.server";
import { requestClient } from "~/server/http/request-context.server";

export const meta = () => [{ title: "Sign in" }, { name: "robots", content: "noindex" }];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (await getShopper(request)) throw redirect(safeRedirectTo(redirectTo));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  // Both forms' answers echo what was typed (with the intent): the page knows whose it is.
  return dispatchIntent<Promise<ReturnType<typeof data<SignInReply>>>>(form, {
    link: async () => {
      const submission = await parseForm(form, emailOnlyForm);
      if (!submission.ok) return submission.reply;
      await requestSignInLink(submission.data);
      return data<SignInReply>({ errors: {}, values: echoValues(form), sent: LINK_SENT });
    },
    password: async () => {
      const submission = await parseForm(form, signInForm);
      if (!submission.ok) return submission.reply;
      const result = await signInWithPassword({
        ...submission.data,
        ...requestClient(request, context),
      });
      if (result.ok) {
        throw redirect(safeRedirectTo(form.get("redirectTo")), {
          headers: { "Set-Cookie": result.setCookie },
        });
      }
      const headers: HeadersInit = result.retryAfterSeconds
        ? { "Retry-After": String(result.retryAfterSeconds) }
        : {};
      return data<SignInReply>(
        { errors: { form: result.message }, values: echoValues(form) },
        { status: result.status, headers },
      );
    },
  });
}

/** Either form's answer: its messages and what was typed (with its intent), or the link sent. */
type SignInReply = FormReply & { sent?: string };

export default function SignIn({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [params] = useSearchParams();
  const answeredIntent = actionData?.values?.intent;
  const passwordForm = useForm({
    lastResult: answeredIntent === "password" ? actionData : undefined,
  });
  const linkForm = useForm({ lastResult: answeredIntent === "link" ? actionData : undefined });
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  return (
    <AuthCard
      title="Sign in"
      intro="Sign in to see your orders, save addresses for checkout and manage your newsletter."
      footer={
        <>
          <p>
            New here?{" "}
            <Link to="/account/sign-up" className={textLink}>
              Create an account
            </Link>
          </p>
          <p>
            Ordered as a guest?{" "}
            <Link to="/order-lookup" className={textLink}>
              Look up an order
            </Link>{" "}
            with its number and your email.
          </p>
        </>
      }
    >
      <NoticeFromUrl />
      <Form method="post" {...passwordForm.props} className="space-y-4">
        <FormProvider form={passwordForm} variant="store">
          <FormSummary />
          <input type="hidden" name="intent" value="password" />
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
          <EmailField defaultValue={passwordForm.values?.email ?? ""} />
          <PasswordField />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <button type="submit" disabled={!!busy} className={primaryButton}>
              {busy === "password" ? "Signing in…" : "Sign in"}
            </button>
            <Link to="/account/forgot-password" className={`text-sm ${textLink}`}>
              Forgot your password?
            </Link>
          </div>
        </FormProvider>
      </Form>

      <div className="border-t border-stone-200 pt-5">
        <h2 className="font-semibold text-stone-900">Sign in without a password</h2>
        <p className="mt-1 text-sm text-stone-600">
          We email you a link that signs you in once. New to the store? The link creates your
          account.
        </p>
        <Form method="post" {...linkForm.props} className="mt-4 space-y-4">
          <FormProvider form={linkForm} variant="store">
            <FormSummary />
            <input type="hidden" name="intent" value="link" />
            <SuccessMessage message={sent} />
            <EmailField
              id="link-email"
              label="Email for the link"
              defaultValue={linkForm.values?.email ?? ""}
            />
            <button type="submit" disabled={!!busy} className={secondaryButton}>
              <Mail className="h-4 w-4" aria-hidden="true" />
              {busy === "link" ? "Sending…" : "Email me a sign-in link"}
            </button>
          </FormProvider>
        </Form>
      </div>
    </AuthCard>
  );
}
