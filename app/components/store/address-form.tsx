import { Form, Link, useNavigation } from "react-router";
import { PROVINCES } from "~/lib/address";
import { primaryButton, secondaryButton } from "./account-ui";
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
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  return (
    <Form method="post" noValidate className="grid gap-4 sm:grid-cols-6">
      <Field label="Full name" name="name" error={errors.name} className="sm:col-span-3">
        <input
          id="name"
          name="name"
          autoComplete="name"
          defaultValue={text("name")}
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
          defaultValue={text("phone")}
          className={inputClass(errors.phone)}
        />
      </Field>
      <Field label="Street address" name="street" error={errors.street} className="sm:col-span-6">
        <input
          id="street"
          name="street"
          autoComplete="street-address"
          defaultValue={text("street")}
          className={inputClass(errors.street)}
        />
      </Field>
      <Field label="City" name="city" error={errors.city} className="sm:col-span-2">
        <input
          id="city"
          name="city"
          autoComplete="address-level2"
          defaultValue={text("city")}
          className={inputClass(errors.city)}
        />
      </Field>
      <Field
        label="Province or territory"
        name="province"
        error={errors.province}
        className="sm:col-span-2"
      >
        <select
          id="province"
          name="province"
          autoComplete="address-level1"
          defaultValue={text("province")}
          className={inputClass(errors.province)}
        >
          <option value="" disabled>
            Choose…
          </option>
          {PROVINCES.map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Postal code"
        name="postalCode"
        error={errors.postalCode}
        className="sm:col-span-2"
      >
        <input
          id="postalCode"
          name="postalCode"
          autoComplete="postal-code"
          placeholder="A1A 1A1"
          maxLength={7}
          defaultValue={text("postalCode")}
          className={`${inputClass(errors.postalCode)} uppercase placeholder:normal-case`}
        />
      </Field>
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
