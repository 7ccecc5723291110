import { LogIn } from "lucide-react";
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/link";
import { AuthCard, ErrorMessage, primaryButton, textLink } from "~/components/store/account-ui";
import { Link } from "~/components/store/localized-link";
import { localeOfPath, localizePath, requestLocale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { richText } from "~/lib/i18n/rich-text";
import { translator } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-locale";
import { accountForms } from "~/schemas/account";
import { signInWithLink } from "~/server/accounts/accounts.server";
import { linkPageHeaders, loadLinkPage, submitLinkPage } from "~/server/accounts/link-page.server";
import { formReply } from "~/server/http/form.server";

export const meta = ({ location }: Route.MetaArgs) => [
  { title: translator(accountMessages, localeOfPath(location.pathname))("titleLink") },
  { name: "robots", content: "noindex" },
];

export const headers = linkPageHeaders;

export function loader({ request }: Route.LoaderArgs) {
  return loadLinkPage(request, "sign_in");
}

export function action(args: Route.ActionArgs) {
  const locale = requestLocale(args.request);
  return submitLinkPage(args, accountForms(locale).signInLinkForm, signInWithLink, (result) => {
    if (!result.ok) return formReply({ form: result.message }, { status: result.status });
    throw redirect(localizePath("/account?notice=signed-in", locale), {
      headers: { "Set-Cookie": result.setCookie },
    });
  });
}

export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const busy = useNavigation().state === "submitting";
  const message = actionData?.errors.token ?? actionData?.errors.form ?? loaderData.message;
  return (
    <AuthCard
      title={t("titleLink")}
      footer={
        message ? (
          <p>
            <Link to="/account/sign-in" className={textLink}>
              {t("askNewSignInLink")}
            </Link>
          </p>
        ) : null
      }
    >
      <ErrorMessage message={message} />
      {loaderData.email && !actionData ? (
        <Form method="post" className="space-y-4">
          <p className="text-stone-700">
            {richText(t("signInAs", { email: loaderData.email }), {
              email: (text) => <strong className="break-all">{text}</strong>,
            })}
          </p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" disabled={busy} className={primaryButton}>
            <LogIn className="h-4 w-4" aria-hidden="true" />
            {busy ? t("signingIn") : t("signIn")}
          </button>
        </Form>
      ) : null}
    </AuthCard>
  );
}
