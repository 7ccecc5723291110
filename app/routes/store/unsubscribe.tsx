import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { cardClass, primaryButton, SuccessMessage, textLink } from "~/components/store/account-ui";
import { Link } from "~/components/store/localized-link";
import { Logo } from "~/components/store/logo";
import { ErrorPage } from "~/components/ui/error-page";
import { localeOfPath, requestLocale, type Locale } from "~/lib/i18n/locale";
import { unsubscribeMessages } from "~/lib/i18n/messages/unsubscribe";
import { richText } from "~/lib/i18n/rich-text";
import { translator } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-locale";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { readForm } from "~/server/http/form.server";
import {
  describeUnsubscribeLink,
  throttleUnsubscribe,
  unsubscribeByToken,
  type ThrottledLink,
} from "~/server/marketing/unsubscribe.server";
import { clientIp } from "~/server/http/request-context.server";

/**
 * The unsubscribe link of every newsletter and campaign. Outside the store layout: withdrawing
 * consent needs no age gate, no sign-in and no cookie. GET only shows a confirm button (mail
 * scanners fetch links); POST unsubscribes at once, from the button or from the mail client's
 * one-click POST (RFC 8058), which comes from another site without cookies. Both are throttled
 * per address (429 with Retry-After), so tokens cannot be guessed. At /fr/unsubscribe/:token (the
 * link of French subscribers' copies) it is in French.
 */

export const NOT_FOUND_MESSAGE = unsubscribeMessages.en.notFoundMessage;

export const meta = ({ location }: Route.MetaArgs) => [
  { title: translator(unsubscribeMessages, localeOfPath(location.pathname))("title") },
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/** The page for a link; a link not found or a throttled address is this page's own state (with
 * its status), so it keeps the store's name in its header. */
function page(result: ThrottledLink, locale: Locale, done = false) {
  const { name: storeName, email: contactEmail } = storeSettingsNow().store;
  const refused = (status: 404 | 429, message: string, headers?: HeadersInit) =>
    data(
      { storeName, contactEmail, link: null, done, refused: { status, message } },
      { status, headers },
    );
  if (!result.ok)
    return refused(429, result.message, { "Retry-After": String(result.retryAfterSeconds) });
  const { link } = result;
  if (link.kind === "unknown")
    return refused(404, translator(unsubscribeMessages, locale)("notFoundMessage"));
  return { storeName, contactEmail, link, done, refused: null };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const target = { token: params.token, ipAddress: clientIp(context), locale };
  return page(
    await throttleUnsubscribe(target, () => describeUnsubscribeLink(params.token)),
    locale,
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  // RFC 8058: the mail client's POST carries exactly this field and comes from another site.
  if (form.get("List-Unsubscribe") !== "One-Click") assertSameOrigin(request);
  const locale = requestLocale(request);
  const target = { token: params.token, ipAddress: clientIp(context), locale };
  return page(
    await throttleUnsubscribe(target, () => unsubscribeByToken(params.token)),
    locale,
    true,
  );
}

function Shell({
  storeName,
  contactEmail,
  children,
}: {
  storeName: string;
  contactEmail: string | null;
  children: React.ReactNode;
}) {
  const t = useT(unsubscribeMessages);
  return (
    <div className="flex min-h-screen flex-col bg-stone-50">
      <header className="bg-brand-900 py-4 text-white">
        <div className="mx-auto max-w-md px-4 sm:px-6">
          <Link to="/" className="inline-block">
            <Logo name={storeName} />
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-10 sm:px-6 lg:py-14">
        {children}
      </main>
      {contactEmail ? (
        <footer className="px-4 pb-8 text-center text-sm text-stone-600">
          {t("questions")}{" "}
          <a href={`mailto:${contactEmail}`} className={textLink}>
            {contactEmail}
          </a>
        </footer>
      ) : null}
    </div>
  );
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { storeName, contactEmail, link, done, refused } = actionData ?? loaderData;
  const t = useT(unsubscribeMessages);
  const busy = useNavigation().state === "submitting";
  const email = (text: string) => <strong className="break-all">{text}</strong>;
  if (refused) {
    return (
      <Shell storeName={storeName} contactEmail={contactEmail}>
        <p className="text-sm font-semibold tracking-widest text-brand-600">{refused.status}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900">
          {t(TITLES[refused.status])}
        </h1>
        <p className="mt-4 text-stone-700">{refused.message}</p>
      </Shell>
    );
  }
  let content: React.ReactNode;
  if (link.kind === "test") {
    content = <p className="text-stone-700">{t("testLink")}</p>;
  } else if (link.kind === "unsubscribed") {
    content = (
      <>
        <SuccessMessage message={t(done ? "unsubscribed" : "alreadyUnsubscribed")} />
        <p className="text-stone-700">
          {richText(t("noMore", { email: link.email, store: storeName }), { strong: email })}
        </p>
      </>
    );
  } else {
    content = (
      <Form method="post" className="space-y-5">
        <p className="text-stone-700">
          {richText(t("confirm", { email: link.email, store: storeName }), { strong: email })}
        </p>
        <button type="submit" className={primaryButton} disabled={busy}>
          {t(busy ? "unsubscribing" : "unsubscribe")}
        </button>
      </Form>
    );
  }
  return (
    <Shell storeName={storeName} contactEmail={contactEmail}>
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">{t("title")}</h1>
      <div className={`mt-6 space-y-5 ${cardClass}`}>{content}</div>
      <p className="mt-6 text-sm text-stone-600">
        <Link to="/" className={textLink}>
          {t("backToStore")}
        </Link>
      </p>
    </Shell>
  );
}

/** The titles of this page's refusals. */
const TITLES = { 404: "notFoundTitle", 429: "tooManyTitle" } as const;

/** Anything unexpected: the store's error page. */
export function ErrorBoundary() {
  return <ErrorPage variant="store" />;
}
