import { Field } from "~/components/form/form";
import { inputClass } from "./field-styles";

/** The storefront's email field: sign-in, sign-up, password reset, order look-up, checkout. */
export function EmailField({
  id = "email",
  label = "Email",
  defaultValue,
}: {
  id?: string;
  label?: string;
  defaultValue: string | undefined;
}) {
  return (
    <Field id={id} name="email" label={label}>
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
  return (
    <Field id="phone" name="phone" label="Phone" hint={hint} className={className}>
      {(p) => (
        <input
          {...p}
          type="tel"
          autoComplete="tel-national"
          placeholder="604-555-0199"
          defaultValue={defaultValue}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/** The account's password, to sign in or to confirm who is asking. */
export function PasswordField({
  label = "Password",
  className = inputClass,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <Field id="password" name="password" label={label}>
      {(p) => (
        <input {...p} type="password" autoComplete="current-password" className={className} />
      )}
    </Field>
  );
}
