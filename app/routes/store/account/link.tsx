import { LogIn } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/link";
import { AuthCard, ErrorMessage, primaryButton, textLink } from "~/components/store/account-ui";
import { signInLinkForm } from "~/schemas/account";
import { describeLink, signInWithLink } from "~/server/accounts/accounts.server";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { clientIp } from "~/server/http/request-context.server";

export const meta = () => [
  { title: "Sign in with your link" },
  { name: "robots", content: "noindex" },
];

export function headers() {
  // The token is in the URL: never cached, never sent on as a referrer.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/** Opening the link only shows a button: mail scanners that fetch links do not use it up. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await describeLink({ purpose: "sign_in", token });
  if (!link.ok) return data({ token, email: null, message: link.message }, { status: 400 });
  return { token, email: link.email, message: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const submission = await parseForm(request, signInLinkForm);
  if (!submission.ok) return submission.reply;
  const result = await signInWithLink({
    token: submission.data.token,
    ipAddress: clientIp(context),
    userAgent: request.headers.get("User-Agent"),
  });
  if (!result.ok) return formReply({ form: result.message }, { status: result.status });
  throw redirect("/account?notice=signed-in", { headers: { "Set-Cookie": result.setCookie } });
}

export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const message = actionData?.errors.token ?? actionData?.errors.form ?? loaderData.message;
  return (
    <AuthCard
      title="Sign in with your link"
      footer={
        message ? (
          <p>
            <Link to="/account/sign-in" className={textLink}>
              Ask for a new sign-in link
            </Link>
          </p>
        ) : null
      }
    >
      <ErrorMessage message={message} />
      {loaderData.email && !actionData ? (
        <Form method="post" className="space-y-4">
          <p className="text-stone-700">
            Sign in as <strong className="break-all">{loaderData.email}</strong>?
          </p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" disabled={busy} className={primaryButton}>
            <LogIn className="h-4 w-4" aria-hidden="true" />
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </Form>
      ) : null}
    </AuthCard>
  );
}
