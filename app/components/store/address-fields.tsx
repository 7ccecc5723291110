import { PROVINCES } from "~/lib/address";
import { Field, inputClass } from "./checkout-field";

/**
 * Street, city, province and postal code, for a `sm:grid-cols-6` grid: the same fields (names,
 * autocomplete, formats) at checkout and in the account's saved addresses.
 */
export function AddressFields({
  values,
  errors,
}: {
  values: Partial<Record<string, string>>;
  errors: Partial<Record<string, string>>;
}) {
  return (
    <>
      <Field
        label="Street address"
        name="street"
        error={errors.street}
        className="sm:col-span-6"
        hint="Include an apartment or unit number if you have one"
      >
        <input
          id="street"
          name="street"
          autoComplete="street-address"
          defaultValue={values.street}
          className={inputClass(errors.street)}
        />
      </Field>
      <Field label="City" name="city" error={errors.city} className="sm:col-span-2">
        <input
          id="city"
          name="city"
          autoComplete="address-level2"
          defaultValue={values.city}
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
          defaultValue={values.province ?? ""}
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
          defaultValue={values.postalCode}
          className={`${inputClass(errors.postalCode)} uppercase placeholder:normal-case`}
        />
      </Field>
    </>
  );
}
