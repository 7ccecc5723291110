import { Form, Link, useNavigation } from "react-router";
import { primaryButton, secondaryButton } from "./account-ui";
import { AddressFields } from "./address-fields";
import { Field, inputClass } from "./checkout-field";

type Values = Partial<Record<string, string | boolean>>;

/** Add or edit a saved address: the checkout's fields, with its rules (checked by the server). */
export function AddressForm({
  values,
  errors,
  submitLabel,
}: {
  values: Values;
  errors: Partial<Record<string, string>>;
  submitLabel: string;
}) {
  const busy = useNavigation().state === "submitting";
  const strings = Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
  return (
    <Form method="post" noValidate className="grid gap-4 sm:grid-cols-6">
      <Field label="Full name" name="name" error={errors.name} className="sm:col-span-3">
        <input
          id="name"
          name="name"
          autoComplete="name"
          defaultValue={strings.name}
          className={inputClass(errors.name)}
        />
      </Field>
      <Field label="Phone" name="phone" error={errors.phone} className="sm:col-span-3">
        <input
          id="phone"
          name="phone"
          type="tel"
          autoComplete="tel-national"
          placeholder="604-555-0199"
          defaultValue={strings.phone}
          className={inputClass(errors.phone)}
        />
      </Field>
      <AddressFields values={strings} errors={errors} />
      <label className="flex items-center gap-3 text-sm text-stone-800 sm:col-span-6">
        <input
          type="checkbox"
          name="isDefault"
          defaultChecked={values.isDefault === true}
          className="h-5 w-5 rounded border-stone-300 accent-brand-700"
        />
        Use as my default address at checkout
      </label>
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-6">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3 sm:col-span-6">
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? "Saving…" : submitLabel}
        </button>
        <Link to="/account/addresses" className={secondaryButton}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
