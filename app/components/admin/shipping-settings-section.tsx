import { href } from "react-router";
import { bandLabels, feesText, MAX_RATE_ZONES } from "~/lib/parcel-rates";
import { SettingsForm, TextField, type SectionProps } from "./settings-sections";

// Settings → Shipping: the parcel fee, flat or by a rate table of weight and zone, and the free
// threshold (docs/product/fulfilment.md#parcel-prices).

const dollars = (cents: number) => (cents / 100).toFixed(2);

export function ShippingSection({ actionData, loaderData }: SectionProps) {
  const { shipping } = loaderData.settings;
  const table = shipping.rateTable;
  const bands = table ? bandLabels(table.bandLimitsGrams) : null;
  // The stored zones, then blank rows to add more (up to the table's limit).
  const zoneRows = [...(table?.zones ?? []), ...Array.from({ length: 2 }, () => null)].slice(
    0,
    Math.max(MAX_RATE_ZONES, table?.zones.length ?? 0),
  );
  return (
    <SettingsForm
      intent="shipping"
      title="Shipping"
      stored={shipping}
      actionData={actionData}
      saveLabel="Save shipping"
    >
      {(form) => (
        <>
          <p className="text-sm text-stone-600">
            What a Canada Post parcel costs. Used by the cart, checkout, emails and invoices of new
            orders. With a Canada Post account connected, checkout quotes its live rates and falls
            back on this price when Canada Post does not answer in time:{" "}
            <a
              href={href("/budzadmin/dashboard/settings/canada-post")}
              className="font-medium text-brand-800 underline"
            >
              Canada Post account
            </a>
            .
          </p>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-stone-700">Parcel price</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {PRICINGS.map((option) => (
                <label
                  key={option.value}
                  className="flex cursor-pointer items-start gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm text-stone-700 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="parcelPricing"
                    value={option.value}
                    defaultChecked={
                      (form.values?.parcelPricing ?? shipping.parcelPricing) === option.value
                    }
                    className="mt-0.5 accent-brand-700"
                  />
                  <span>
                    <span className="font-medium">{option.label}</span>
                    <span className="block text-xs text-stone-600">{option.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              form={form}
              name="flatFeeCents"
              label="Shipping fee ($)"
              inputMode="decimal"
              hint="Every parcel's price with One flat fee"
              value={dollars(shipping.flatFeeCents)}
            />
            <TextField
              form={form}
              name="freeThresholdCents"
              label="Free shipping from ($)"
              inputMode="decimal"
              hint="Amount after discount, whatever the parcel's price"
              value={dollars(shipping.freeThresholdCents)}
            />
          </div>
          <fieldset className="space-y-3 rounded-lg border border-stone-200 p-3 sm:p-4">
            <legend className="px-1 text-sm font-medium text-stone-700">Rate table</legend>
            <p className="text-xs text-stone-500">
              A parcel weighs what its items' packed weights add up to (at least 50 g). A postal
              code takes the zone with its longest matching prefix; other postal codes pay
              Everywhere else.
            </p>
            <TextField
              form={form}
              name="bandLimits"
              label="Weight bands (g)"
              hint={
                bands
                  ? `Upper limits, like 500, 1000, 2000. Now: ${bands.join(" · ")}`
                  : "Upper limits, like 500, 1000, 2000: four bands, the last over 2 kg"
              }
              value={table ? table.bandLimitsGrams.join(", ") : ""}
            />
            <TextField
              form={form}
              name="elsewhereFees"
              label="Everywhere else: fees ($), one per band"
              inputMode="decimal"
              value={table ? feesText(table.elsewhereFeesCents) : ""}
            />
            <ul className="space-y-3" aria-label="Zones">
              {zoneRows.map((zone, index) => (
                <li
                  key={index}
                  className="grid grid-cols-1 gap-2 border-t border-stone-100 pt-3 sm:grid-cols-[1fr_1fr_1.4fr]"
                >
                  <TextField
                    form={form}
                    name={`zones.${index}.name`}
                    label={`Zone ${index + 1} name`}
                    value={zone?.name ?? ""}
                  />
                  <TextField
                    form={form}
                    name={`zones.${index}.prefixes`}
                    label="Postal-code prefixes"
                    value={zone?.prefixes.join(", ") ?? ""}
                  />
                  <TextField
                    form={form}
                    name={`zones.${index}.fees`}
                    label="Fees ($), one per band"
                    inputMode="decimal"
                    value={zone ? feesText(zone.feesCents) : ""}
                  />
                </li>
              ))}
            </ul>
            <p className="text-xs text-stone-500">
              Leave a zone's three fields empty to remove it; save to get more empty rows (up to{" "}
              {MAX_RATE_ZONES}).
            </p>
          </fieldset>
        </>
      )}
    </SettingsForm>
  );
}

const PRICINGS = [
  { value: "flat", label: "One flat fee", hint: "Every parcel costs the shipping fee." },
  {
    value: "table",
    label: "By weight and zone",
    hint: "The rate table below prices each parcel.",
  },
] as const;
