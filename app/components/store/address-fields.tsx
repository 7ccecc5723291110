import { Field } from "~/components/form/form";
import { ProvinceOptions } from "~/components/form/options";
import { inputClass } from "./field-styles";

/**
 * Street, city, province and postal code, for a `sm:grid-cols-6` grid: the same fields (names,
 * autocomplete, formats) at checkout and in the account's saved addresses. Their messages come from
 * the form; `provinceError` is one the page computes itself (a province the store does not serve).
 */
export function AddressFields({
  values,
  provinceError,
}: {
  values: Partial<Record<string, string>>;
  provinceError?: string;
}) {
  return (
    <>
      <Field
        id="street"
        name="street"
        label="Street address"
        className="sm:col-span-6"
        hint="Include an apartment or unit number if you have one"
      >
        {(p) => (
          <input
            {...p}
            autoComplete="street-address"
            defaultValue={values.street}
            className={inputClass}
          />
        )}
      </Field>
      <Field id="city" name="city" label="City" className="sm:col-span-2">
        {(p) => (
          <input
            {...p}
            autoComplete="address-level2"
            defaultValue={values.city}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        id="province"
        name="province"
        label="Province or territory"
        error={provinceError}
        className="sm:col-span-2"
      >
        {(p) => (
          <select
            {...p}
            autoComplete="address-level1"
            defaultValue={values.province ?? ""}
            className={inputClass}
          >
            <option value="" disabled>
              Choose…
            </option>
            <ProvinceOptions />
          </select>
        )}
      </Field>
      <Field id="postalCode" name="postalCode" label="Postal code" className="sm:col-span-2">
        {(p) => (
          <input
            {...p}
            autoComplete="postal-code"
            placeholder="A1A 1A1"
            maxLength={7}
            defaultValue={values.postalCode}
            className={`${inputClass} uppercase placeholder:normal-case`}
          />
        )}
      </Field>
    </>
  );
}
