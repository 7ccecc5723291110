import { Field } from "~/components/form/form";
import { TRACKING_NUMBER_HELP } from "~/lib/order-status";
import { inputClass } from "./field";

/** The Canada Post tracking number a shipped order needs; `input` adds to its box. */
export function TrackingNumberField({
  input,
}: {
  input: { maxLength: number } & React.InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <Field
      name="trackingNumber"
      label="Canada Post tracking number"
      required
      hint={TRACKING_NUMBER_HELP}
    >
      {(props) => (
        <input {...props} required autoComplete="off" className={inputClass} {...input} />
      )}
    </Field>
  );
}
