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
