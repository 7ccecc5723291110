import { LogIn } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/link";
import { AuthCard, ErrorMessage, primaryButton, textLink } from "~/components/store/account-ui";
import { signInLinkForm } from "~/schemas/account";
import { signInWithLink } from "~/server/accounts/accounts.server";
import { linkPageHeaders, loadLinkPage, submitLinkPage } from "~/server/accounts/link-page.server";
import { formReply } from "~/server/http/form.server";

export const meta = () => [
  { title: "Sign in with your link" },
  { name: "robots", content: "noindex" },
];

export const headers = linkPageHeaders;

export function loader({ request }: Route.LoaderArgs) {
  return loadLinkPage(request, "sign_in");
}

export function action(args: Route.ActionArgs) {
  return submitLinkPage(args, signInLinkForm, signInWithLink, (result) => {
    if (!result.ok) return formReply({ form: result.message }, { status: result.status });
    throw redirect("/account?notice=signed-in", { headers: { "Set-Cookie": result.setCookie } });
  });
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
