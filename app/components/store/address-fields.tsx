import { Field } from "~/components/form/form";
import { PROVINCES, provinceName } from "~/lib/address";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { useLocale, useT } from "~/lib/i18n/use-locale";
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
  const locale = useLocale();
  const t = useT(checkoutPageMessages);
  return (
    <>
      <Field
        id="street"
        name="street"
        label={t("street")}
        className="sm:col-span-6"
        hint={t("streetHint")}
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
      <Field id="city" name="city" label={t("city")} className="sm:col-span-2">
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
        label={t("province")}
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
              {t("choose")}
            </option>
            {PROVINCES.map((province) => (
              <option key={province.code} value={province.code}>
                {provinceName(province.code, locale)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="postalCode" name="postalCode" label={t("postalCode")} className="sm:col-span-2">
        {(p) => (
          <input
            {...p}
            autoComplete="postal-code"
            placeholder={t("postalCodePlaceholder")}
            maxLength={7}
            defaultValue={values.postalCode}
            className={`${inputClass} uppercase placeholder:normal-case`}
          />
        )}
      </Field>
    </>
  );
}
