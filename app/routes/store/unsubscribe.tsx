import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { cardClass, primaryButton, SuccessMessage, textLink } from "~/components/store/account-ui";
import { Logo } from "~/components/store/logo";
import { ErrorPage } from "~/components/ui/error-page";
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
 * per address (429 with Retry-After), so tokens cannot be guessed.
 */

export const NOT_FOUND_MESSAGE =
  "This unsubscribe link is not valid. It may have been cut short when it was copied: use the link in the email itself, or write to us and we will unsubscribe you.";

export const meta = () => [{ title: "Unsubscribe" }, { name: "robots", content: "noindex" }];

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

/** The page for a link; a link not found or a throttled address is this page's own state (with
 * its status), so it keeps the store's name in its header. */
function page(result: ThrottledLink, done = false) {
  const { name: storeName, email: contactEmail } = storeSettingsNow().store;
  const refused = (status: 404 | 429, message: string, headers?: HeadersInit) =>
    data(
      { storeName, contactEmail, link: null, done, refused: { status, message } },
      { status, headers },
    );
  if (!result.ok)
    return refused(429, result.message, { "Retry-After": String(result.retryAfterSeconds) });
  const { link } = result;
  if (link.kind === "unknown") return refused(404, NOT_FOUND_MESSAGE);
  return { storeName, contactEmail, link, done, refused: null };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const target = { token: params.token, ipAddress: clientIp(context) };
  return page(await throttleUnsubscribe(target, () => describeUnsubscribeLink(params.token)));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  // RFC 8058: the mail client's POST carries exactly this field and comes from another site.
  if (form.get("List-Unsubscribe") !== "One-Click") assertSameOrigin(request);
  const target = { token: params.token, ipAddress: clientIp(context) };
  return page(await throttleUnsubscribe(target, () => unsubscribeByToken(params.token)), true);
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
          Questions?{" "}
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
  const busy = useNavigation().state === "submitting";
  if (refused) {
    return (
      <Shell storeName={storeName} contactEmail={contactEmail}>
        <p className="text-sm font-semibold tracking-widest text-brand-600">{refused.status}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900">
          {TITLES[refused.status]}
        </h1>
        <p className="mt-4 text-stone-700">{refused.message}</p>
      </Shell>
    );
  }
  let content: React.ReactNode;
  if (link.kind === "test") {
    content = (
      <p className="text-stone-700">
        This link comes from a test message. In the real mailing, it unsubscribes the person who
        received it.
      </p>
    );
  } else if (link.kind === "unsubscribed") {
    content = (
      <>
        <SuccessMessage
          message={done ? "You have been unsubscribed." : "This address is already unsubscribed."}
        />
        <p className="text-stone-700">
          <strong className="break-all">{link.email}</strong> will not receive {storeName}{" "}
          newsletters or promotions any more. Emails about your orders still arrive.
        </p>
      </>
    );
  } else {
    content = (
      <Form method="post" className="space-y-5">
        <p className="text-stone-700">
          Stop sending {storeName} newsletters and promotions to{" "}
          <strong className="break-all">{link.email}</strong>?
        </p>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? "Unsubscribing…" : "Unsubscribe"}
        </button>
      </Form>
    );
  }
  return (
    <Shell storeName={storeName} contactEmail={contactEmail}>
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">Unsubscribe</h1>
      <div className={`mt-6 space-y-5 ${cardClass}`}>{content}</div>
      <p className="mt-6 text-sm text-stone-600">
        <Link to="/" className={textLink}>
          Back to the store
        </Link>
      </p>
    </Shell>
  );
}

/** The titles of this page's refusals. */
const TITLES: Record<404 | 429, string> = {
  404: "Unsubscribe link not found",
  429: "Too many attempts",
};

/** Anything unexpected: the store's error page. */
export function ErrorBoundary() {
  return <ErrorPage variant="store" />;
}
