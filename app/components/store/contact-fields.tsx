import { Field } from "~/components/form/form";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { useT } from "~/lib/i18n/use-locale";
import { inputClass } from "./field-styles";

/** The storefront's email field: sign-in, sign-up, password reset, order look-up, checkout. */
export function EmailField({
  id = "email",
  label,
  defaultValue,
}: {
  id?: string;
  label?: string;
  defaultValue: string | undefined;
}) {
  const t = useT(checkoutPageMessages);
  return (
    <Field id={id} name="email" label={label ?? t("email")}>
      {(p) => (
        <input
          {...p}
          type="email"
          autoComplete="email"
          defaultValue={defaultValue}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/** The storefront's phone field: checkout's contact step and the account's address book. */
export function PhoneField({
  hint,
  className,
  defaultValue,
}: {
  hint?: string;
  className?: string;
  defaultValue: string | undefined;
}) {
  const t = useT(checkoutPageMessages);
  return (
    <Field id="phone" name="phone" label={t("phone")} hint={hint} className={className}>
      {(p) => (
        <input
          {...p}
          type="tel"
          autoComplete="tel-national"
          placeholder={t("phonePlaceholder")}
          defaultValue={defaultValue}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/** The account's password, to sign in or to confirm who is asking. */
export function PasswordField({
  label,
  className = inputClass,
}: {
  label?: string;
  className?: string;
}) {
  const t = useT(checkoutPageMessages);
  return (
    <Field id="password" name="password" label={label ?? t("password")}>
      {(p) => (
        <input {...p} type="password" autoComplete="current-password" className={className} />
      )}
    </Field>
  );
}
