import { Form, useNavigation } from "react-router";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import type { FormReply } from "~/lib/form";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { useT } from "~/lib/i18n/use-locale";
import { Link } from "./localized-link";
import { primaryButton, secondaryButton } from "./account-ui";
import { AddressFields } from "./address-fields";
import { PhoneField } from "./contact-fields";
import { inputClass } from "./field-styles";

type Values = Partial<Record<string, string | boolean>>;

/** Add or edit a saved address: the checkout's fields, with its rules (checked by the server). */
export function AddressForm({
  values,
  lastResult,
  submitLabel,
}: {
  values: Values;
  lastResult: FormReply | undefined;
  submitLabel: string;
}) {
  const t = useT(checkoutPageMessages);
  const busy = useNavigation().state === "submitting";
  const form = useForm({ lastResult });
  const strings = Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
  return (
    <Form method="post" {...form.props} className="grid gap-4 sm:grid-cols-6">
      <FormProvider form={form} variant="store">
        <FormSummary className="sm:col-span-6" />
        <Field id="name" name="name" label={t("fullName")} className="sm:col-span-3">
          {(p) => (
            <input {...p} autoComplete="name" defaultValue={strings.name} className={inputClass} />
          )}
        </Field>
        <PhoneField className="sm:col-span-3" defaultValue={strings.phone} />
        <AddressFields values={strings} />
        <label className="flex items-center gap-3 text-sm text-stone-800 sm:col-span-6">
          <input
            type="checkbox"
            name="isDefault"
            defaultChecked={values.isDefault === true || values.isDefault === "on"}
            className="h-5 w-5 rounded border-stone-300 accent-brand-700"
          />
          {t("useAsDefault")}
        </label>
        <div className="flex flex-wrap gap-3 sm:col-span-6">
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? t("saving") : submitLabel}
          </button>
          <Link to="/account/addresses" className={secondaryButton}>
            {t("cancel")}
          </Link>
        </div>
      </FormProvider>
    </Form>
  );
}
