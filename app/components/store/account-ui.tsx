import { AlertCircle, CheckCircle2 } from "lucide-react";
import { useSearchParams } from "react-router";
import { accountNotice } from "~/lib/account";
import { useLocale } from "~/lib/i18n/use-locale";

export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-full bg-brand-800 px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60";
export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-full border border-stone-300 bg-white px-5 py-2 text-sm font-semibold text-stone-800 hover:border-brand-600 hover:text-brand-800 disabled:opacity-60";
export const dangerButton =
  "inline-flex items-center justify-center gap-2 rounded-full bg-red-700 px-6 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60";
export const cardClass = "rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6";
export const textLink = "font-semibold text-brand-800 underline-offset-2 hover:underline";

/** A refusal (bad link, wrong password …) as an alert above the form. */
export function ErrorMessage({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
    >
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

/** A confirmation (from the action, or the page's ?notice=) as a polite status line. */
export function SuccessMessage({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900"
    >
      <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

export function NoticeFromUrl() {
  const [params] = useSearchParams();
  return <SuccessMessage message={accountNotice(params.get("notice"), useLocale())} />;
}

/** The narrow centred card of the sign-in, sign-up and emailed-link pages. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:px-6 lg:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">{title}</h1>
      {intro ? <div className="mt-2 text-stone-600">{intro}</div> : null}
      <div className={`mt-6 space-y-5 ${cardClass}`}>{children}</div>
      {footer ? <div className="mt-6 space-y-2 text-sm text-stone-600">{footer}</div> : null}
    </div>
  );
}
