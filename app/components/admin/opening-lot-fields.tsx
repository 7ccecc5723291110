import { Field } from "~/components/form/form";
import { LOT_NUMBER_MAX, SUPPLIER_MAX } from "~/lib/lots";
import { inputClass } from "./field";

/** A lot's packaged-on or expiry day (the rules refuse days before 2000 and after 2100). */
export function LotDateInput(props: object) {
  return <input {...props} type="date" min="2000-01-01" max="2100-12-31" className={inputClass} />;
}

/**
 * The product form's "Lot of the opening stock": shown only where opening stock can be typed (a
 * new product, or new sizes). With a lot number, each new size's (or the new product's) opening
 * units are received into that lot, one lot record per size; without, into the unrecorded lot.
 */
export function OpeningLotFields() {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-1 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        Lot of the opening stock
      </legend>
      <p className="text-sm text-stone-600">
        Optional. With a lot number, the opening stock typed here (each new size&apos;s) is received
        into that lot; without one, it is recorded as stock without a lot.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="openingLotNumber" label="Lot number" hint="As printed on the package">
          {(props) => (
            <input
              {...props}
              maxLength={LOT_NUMBER_MAX}
              autoComplete="off"
              className={inputClass}
            />
          )}
        </Field>
        <Field name="openingSupplier" label="Supplier">
          {(props) => <input {...props} maxLength={SUPPLIER_MAX} className={inputClass} />}
        </Field>
        <Field name="openingPackagedOn" label="Packaged on">
          {LotDateInput}
        </Field>
        <Field name="openingExpiresOn" label="Expiry">
          {LotDateInput}
        </Field>
      </div>
    </fieldset>
  );
}
