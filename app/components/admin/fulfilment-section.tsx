import { href } from "react-router";
import { Field } from "~/components/form/form";
import { HOLD_DAYS, METHOD_NAMES } from "~/lib/fulfilment";
import { inputClass } from "./field";
import { SettingsForm, TextField, type SectionProps } from "./settings-sections";

// Settings → Fulfilment (app/routes/admin/settings/store.tsx): the methods the store offers and the
// pickup details (docs/product/fulfilment.md#the-three-methods).

export function FulfilmentSection({ actionData, loaderData }: SectionProps) {
  const { fulfilment } = loaderData.settings;
  return (
    <SettingsForm
      intent="fulfilment"
      title="Fulfilment"
      stored={fulfilment}
      actionData={actionData}
      saveLabel="Save fulfilment"
    >
      {(form) => {
        const ticked = (name: "parcel" | "delivery" | "pickup") =>
          form.values ? form.values[name] === "on" : fulfilment[name];
        const method = (name: "parcel" | "delivery" | "pickup", label: string, hint: string) => (
          <label className="flex items-start gap-3 rounded-lg border border-stone-200 p-3">
            <input
              type="checkbox"
              name={name}
              defaultChecked={ticked(name)}
              className="mt-0.5 h-4 w-4 rounded border-stone-300 accent-brand-700"
            />
            <span className="text-sm">
              <span className="font-medium text-stone-900">{label}</span>
              <span className="block text-stone-600">{hint}</span>
            </span>
          </label>
        );
        return (
          <>
            <p className="text-sm text-stone-600">
              How orders reach shoppers. Each province offers only the methods its law allows
              (Provinces &amp; Taxes).
            </p>
            {method(
              "parcel",
              METHOD_NAMES.parcel,
              "At the Shipping fee above, with Canada Post's Proof of Age option",
            )}
            {method(
              "delivery",
              METHOD_NAMES.delivery,
              "By your staff, to the delivery zones in the windows you set, with an ID check at the door",
            )}
            <p className="-mt-2 text-sm">
              <a
                href={href("/budzadmin/dashboard/settings/delivery")}
                className="font-medium text-brand-800 underline"
              >
                Delivery zones &amp; windows
              </a>
            </p>
            {method("pickup", METHOD_NAMES.pickup, "At the address below, with an ID check")}
            <Field name="pickupAddress" label="Pickup address">
              {(props) => (
                <textarea
                  {...props}
                  rows={2}
                  defaultValue={form.values?.pickupAddress ?? fulfilment.pickupAddress ?? ""}
                  className={inputClass}
                />
              )}
            </Field>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField
                form={form}
                name="pickupHours"
                label="Pickup hours"
                hint="Shown at checkout, like Mon-Sat 10AM-8PM"
                value={fulfilment.pickupHours ?? ""}
              />
              <TextField
                form={form}
                name="pickupHoldDays"
                label="Days an order is held"
                inputMode="numeric"
                hint={`${HOLD_DAYS.min} to ${HOLD_DAYS.max}, once it is ready; said at checkout`}
                value={String(fulfilment.pickupHoldDays)}
              />
            </div>
          </>
        );
      }}
    </SettingsForm>
  );
}
