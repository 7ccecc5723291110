import type { LucideIcon } from "lucide-react";
import { Field } from "~/components/form/form";
import { Logo } from "~/components/store/logo";
import { inputClass } from "./field";

/** The admin's pages outside the dashboard (sign-in, accepting an invitation): one card. */
export function AuthCard({
  storeName,
  icon: Icon,
  title,
  subtitle,
  footer,
  children,
}: {
  storeName: string;
  icon: LucideIcon;
  title: string;
  subtitle: React.ReactNode;
  /** Below the card (a way back to the store). */
  footer?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center text-white">
          <Logo name={storeName} className="text-xl" />
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
          <div className="mb-6 flex items-center gap-3">
            <span className="rounded-xl bg-brand-50 p-2.5 text-brand-700">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <div>
              <h1 className="text-xl font-bold text-stone-900">{title}</h1>
              <p className="text-sm text-stone-600">{subtitle}</p>
            </div>
          </div>
          {children}
        </div>
        {footer}
      </div>
    </main>
  );
}

/** A password field: the current one (sign-in, confirming a change) or a new one. */
export function PasswordField({
  name,
  label,
  hint,
  current = false,
}: {
  name: string;
  label: string;
  hint?: string;
  /** The password the admin has now (a password manager fills it) rather than a new one. */
  current?: boolean;
}) {
  return (
    <Field name={name} label={label} required hint={hint}>
      {(props) => (
        <input
          {...props}
          type="password"
          autoComplete={current ? "current-password" : "new-password"}
          required={current || undefined}
          maxLength={current ? 500 : 200}
          className={inputClass}
        />
      )}
    </Field>
  );
}
