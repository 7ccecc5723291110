import { useEffect } from "react";
import { useRouteError } from "react-router";
import { describeError } from "~/lib/errors";
import { localizePath, type Locale } from "~/lib/i18n/locale";
import { shellMessages } from "~/lib/i18n/messages/shell";
import { translator } from "~/lib/i18n/translate";
import { useLocale } from "~/lib/i18n/use-locale";

type Described = ReturnType<typeof describeError>;

/** The statuses with their own words (app/lib/errors.ts), each as its messages' suffix. */
const WORDED = [400, 401, 403, 404, 405, 409, 413, 415, 422, 429] as const;
type Worded = (typeof WORDED)[number] | 500;

function wordedStatus(status: number): Worded {
  if ((WORDED as readonly number[]).includes(status)) return status as Worded;
  return status >= 500 ? 500 : 400;
}

/**
 * A storefront error page's title and words in a language. A status's own words are translated;
 * a message the route gave (already in the page's language, by its loader) is kept.
 */
export function storeErrorWords(described: Described, locale: Locale): Described {
  const status = wordedStatus(described.status);
  const english = translator(shellMessages, "en");
  const t = translator(shellMessages, locale);
  const title = described.status >= 500 ? t("unexpectedError") : t(`errorTitle${status}`);
  const ownWords = described.message === english(`errorMessage${status}`);
  return {
    status: described.status,
    title,
    message: ownWords ? t(`errorMessage${status}`) : described.message,
  };
}

/**
 * The one error page: the status, its title and its words (a given `{ message }` for a 4xx, never
 * a server error's own text). The store and the admin differ only in their way back. A server
 * error's title is 'Unexpected Application Error!' (docs/product/storefront.md#error-pages). The
 * store's is in the page's language; the admin's stays English.
 */
export function ErrorPage({
  variant,
  error: given,
  admin,
}: {
  variant: "store" | "admin";
  error?: unknown;
  /** The admin's sign-in and dashboard addresses (given by the admin's boundary). */
  admin?: { signIn: string; dashboard: string };
}) {
  const routeError = useRouteError();
  const locale = useLocale();
  const error = given ?? routeError;
  const described = describeError(error);
  const { status, title, message } =
    variant === "store" ? storeErrorWords(described, locale) : described;
  const signIn = variant === "admin" && status === 401;
  useEffect(() => {
    // An ended admin session while browsing: back to the sign-in page.
    if (signIn && admin) window.location.assign(admin.signIn);
  }, [signIn, admin]);
  const back =
    variant === "store" || !admin
      ? { href: localizePath("/", locale), label: translator(shellMessages, locale)("backToStore") }
      : signIn
        ? { href: admin.signIn, label: "Sign in" }
        : { href: admin.dashboard, label: "Back to the dashboard" };
  return (
    <div
      className={`mx-auto flex max-w-xl flex-col items-center px-6 text-center ${variant === "store" ? "min-h-[60vh] justify-center py-24" : "py-20"}`}
    >
      <p className="text-sm font-semibold tracking-widest text-brand-700">{status}</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-stone-900">{title}</h1>
      <p className="mt-4 text-stone-600">{message}</p>
      {import.meta.env.DEV && error instanceof Error && error.stack ? (
        <pre className="mt-6 max-w-full overflow-auto rounded bg-stone-100 p-4 text-left text-xs">
          {error.stack}
        </pre>
      ) : null}
      <a
        href={back.href}
        className="mt-8 inline-flex items-center rounded-full bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {back.label}
      </a>
    </div>
  );
}
