import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Form, href } from "react-router";
import {
  Alert,
  Field,
  FormProvider,
  FormSummary,
  useForm,
  type FormState,
} from "~/components/form/form";
import { replyOf, type FormReply } from "~/lib/form";
import {
  CANCEL_DAYS,
  EXPIRY_WARNING_DAYS,
  REMINDER_HOURS,
  SAMPLE_SUPPORT_HOURS,
  type SettingsSection,
  type StoreSettings,
} from "~/lib/store-settings";
import type { SenderSummary } from "~/server/email/sender.server";
import { buttonClass } from "./button";
import { inputClass } from "./field";
import { ImageSlot } from "./image-picker";
import { Section } from "./page";
import { SaveButton } from "./save-button";

// The Settings screen's sections (app/routes/admin/settings/store.tsx): one form each, posted with
// its section as the intent.

export function TextField({
  form,
  name,
  label,
  hint,
  value,
  type = "text",
  autoComplete = "off",
  inputMode,
  className = "",
}: {
  form: ReturnType<typeof useForm>;
  name: string;
  label: string;
  hint?: string;
  value: string;
  type?: string;
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  className?: string;
}) {
  return (
    <Field name={name} label={label} hint={hint}>
      {(props) => (
        <input
          {...props}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          defaultValue={form.values?.[name] ?? value}
          className={`${inputClass} ${className}`}
        />
      )}
    </Field>
  );
}

/**
 * One section's form: its own messages only, and, after a save reloads the page with the stored
 * (normalised) values, fields that start again from them.
 */
export function SettingsForm({
  intent,
  title,
  stored,
  actionData,
  saveLabel,
  children,
}: {
  intent: SettingsSection;
  title: string;
  stored: object;
  actionData: FormReply | undefined;
  saveLabel: string;
  children: (form: FormState) => React.ReactNode;
}) {
  const form = useForm({ lastResult: replyOf(actionData, intent) });
  const id = `${intent}-form`;
  return (
    <Section title={title}>
      <Form
        key={JSON.stringify(stored)}
        method="post"
        id={id}
        className="space-y-4"
        {...form.props}
      >
        <FormProvider form={form}>
          <FormSummary />
          <input type="hidden" name="intent" value={intent} />
          {children(form)}
          <SaveButton form={id}>{saveLabel}</SaveButton>
        </FormProvider>
      </Form>
    </Section>
  );
}

export function StoreSection({ actionData, loaderData }: SectionProps) {
  const { store } = loaderData.settings;
  return (
    <SettingsForm
      intent="store"
      title="Store"
      stored={store}
      actionData={actionData}
      saveLabel="Save store details"
    >
      {(form) => <StoreFields form={form} store={store} />}
    </SettingsForm>
  );
}

function StoreFields({
  form,
  store,
}: {
  form: FormState;
  store: SectionProps["loaderData"]["settings"]["store"];
}) {
  const [logo, setLogo] = useState(form.values?.logoUrl ?? store.logoUrl ?? "");
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField form={form} name="name" label="Store name" value={store.name} />
        <TextField
          form={form}
          name="email"
          label="Contact email"
          type="email"
          hint="Shown in the footer, the Contact page, invoices and emails"
          value={store.email ?? ""}
        />
        <TextField
          form={form}
          name="phone"
          label="Phone"
          type="tel"
          hint="10 digits, e.g. 604-555-0199"
          value={store.phone ?? ""}
        />
        <TextField
          form={form}
          name="hours"
          label="Support hours"
          hint={`e.g. ${SAMPLE_SUPPORT_HOURS}`}
          value={store.hours ?? ""}
        />
      </div>
      <Field
        name="address"
        label="Postal address"
        hint="With its postal code. Required before any newsletter or campaign is sent (Canada's anti-spam law)."
      >
        {(props) => (
          <textarea
            {...props}
            rows={3}
            defaultValue={form.values?.address ?? store.address ?? ""}
            className={inputClass}
          />
        )}
      </Field>
      <TextField
        form={form}
        name="gstNumber"
        label="GST/HST registration number"
        hint="e.g. 123456789 RT 0001; printed on invoices once set"
        value={store.gstNumber ?? ""}
        className="sm:max-w-xs"
      />
      <ImageSlot
        name="logoUrl"
        label="Logo (optional)"
        value={logo}
        onChange={setLogo}
        errorName="logoUrl"
      />
    </>
  );
}

export function PaymentsSection({ actionData, loaderData }: SectionProps) {
  const { payments } = loaderData.settings;
  return (
    <SettingsForm
      intent="payments"
      title="Payments"
      stored={payments}
      actionData={actionData}
      saveLabel="Save payments"
    >
      {(form) => (
        <>
          <TextField
            form={form}
            name="etransferEmail"
            label="Interac e-Transfer address"
            type="email"
            hint="Where shoppers send their payment"
            value={payments.etransferEmail ?? ""}
          />
          <Field
            name="etransferInstructions"
            label="Payment instructions (optional)"
            hint="Shown with the e-Transfer details at checkout, on the confirmation page and in its email"
          >
            {(props) => (
              <textarea
                {...props}
                rows={3}
                defaultValue={
                  form.values?.etransferInstructions ?? payments.etransferInstructions ?? ""
                }
                className={inputClass}
              />
            )}
          </Field>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              form={form}
              name="unpaidReminderHours"
              label="Payment reminder after (hours)"
              inputMode="numeric"
              hint={`${REMINDER_HOURS.min}-${REMINDER_HOURS.max}`}
              value={String(payments.unpaidReminderHours)}
            />
            <TextField
              form={form}
              name="unpaidCancelDays"
              label="Cancel unpaid orders after (days)"
              inputMode="numeric"
              hint={`${CANCEL_DAYS.min}-${CANCEL_DAYS.max}`}
              value={String(payments.unpaidCancelDays)}
            />
          </div>
          <p className="text-sm text-stone-600">
            <a
              href={href("/budzadmin/dashboard/settings/payment-mailbox")}
              className="font-medium text-brand-800 underline"
            >
              Payments mailbox: read the bank&apos;s e-Transfer notices and mark orders paid by
              themselves →
            </a>
          </p>
        </>
      )}
    </SettingsForm>
  );
}

export function NotificationsSection({ actionData, loaderData }: SectionProps) {
  const { notifications } = loaderData.settings;
  return (
    <SettingsForm
      intent="notifications"
      title="Notifications"
      stored={notifications}
      actionData={actionData}
      saveLabel="Save notifications"
    >
      {(form) => {
        const list = (
          name: Exclude<keyof typeof notifications, "lotExpiryWarningDays">,
          label: string,
          hint: string,
        ) => (
          <TextField
            form={form}
            name={name}
            label={label}
            hint={hint}
            value={notifications[name].join(", ")}
          />
        );
        return (
          <>
            <p className="text-sm text-stone-600">
              Who receives the staff emails. Separate addresses with commas; leave empty to send
              none.
            </p>
            {list("newOrderEmails", "New orders", "An email for each order placed")}
            {list(
              "dailySummaryEmails",
              "Daily summary",
              "Once a day: yesterday's orders, what waits to ship or is cancelled soon",
            )}
            {list("lowStockEmails", "Low stock", "Once a day when something is at its alert level")}
            <TextField
              form={form}
              name="lotExpiryWarningDays"
              label="Warn about lots expiring within (days)"
              inputMode="numeric"
              hint={`Once a day to the Low stock addresses: lots with stock that expire within this many days, and those expired. ${EXPIRY_WARNING_DAYS.min} turns it off; at most ${EXPIRY_WARNING_DAYS.max}.`}
              value={String(notifications.lotExpiryWarningDays)}
              className="sm:max-w-xs"
            />
          </>
        );
      }}
    </SettingsForm>
  );
}

export function SecuritySection({ actionData, loaderData }: SectionProps) {
  const { security } = loaderData.settings;
  return (
    <SettingsForm
      intent="security"
      title="Security"
      stored={security}
      actionData={actionData}
      saveLabel="Save security"
    >
      {(form) => {
        const ticked = form.values
          ? form.values.requireTwoFactor === "on"
          : security.requireTwoFactor;
        return (
          <label className="flex items-start gap-3 rounded-lg border border-stone-200 p-3">
            <input
              type="checkbox"
              name="requireTwoFactor"
              defaultChecked={ticked}
              className="mt-0.5 h-4 w-4 rounded border-stone-300 accent-brand-700"
            />
            <span className="text-sm">
              <span className="font-medium text-stone-900">
                Require two-factor sign-in for every admin
              </span>
              <span className="block text-stone-600">
                An admin without it is sent to set it up right after their password and can do
                nothing else until they have; nobody can turn theirs off. You too, if yours is not
                on yet (My profile).
              </span>
            </span>
          </label>
        );
      }}
    </SettingsForm>
  );
}

export function EmailSection({ actionData, loaderData }: SectionProps) {
  const { email } = loaderData.settings;
  const { sender } = loaderData;
  return (
    <SettingsForm
      intent="email"
      title="Email"
      stored={email}
      actionData={actionData}
      saveLabel="Save email"
    >
      {(form) => (
        <>
          <p className="text-sm text-stone-600">
            Emails go out from the store&apos;s name and this address, now{" "}
            <span className="font-medium break-all text-stone-900">{sender.text}</span>.
          </p>
          {sender.warning ? (
            <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              {sender.warning}
            </p>
          ) : null}
          <TextField
            form={form}
            name="fromAddress"
            label="Send emails from"
            type="email"
            hint={`Leave empty for the server's default (MAIL_FROM): ${sender.defaultAddress}`}
            value={email.fromAddress ?? ""}
          />
          <p className="text-sm text-stone-600">
            Your mail server (SMTP_URL) must accept sending as this address, and its domain&apos;s
            SPF and DKIM records must name that server; otherwise shoppers&apos; mail providers
            refuse these emails or file them as spam.
          </p>
        </>
      )}
    </SettingsForm>
  );
}

export function SampleDataSection({ actionData, loaderData }: SectionProps) {
  const form = useForm({ lastResult: replyOf(actionData, "remove-sample-data") });
  const refused = loaderData.realOrders > 0;
  return (
    <Section title="Sample data">
      <Form method="post" id="sample-form" className="space-y-4" {...form.props}>
        <FormProvider form={form}>
          <Alert message={form.errors.form} />
          <input type="hidden" name="intent" value="remove-sample-data" />
          <p className="text-sm text-stone-700">
            Starting for real? This deletes the sample products, customers, coupons and orders, and
            the sample contact and payment details, so you can add your own. Products and coupons
            you made yourself stay. It is refused once a real order (one placed at checkout) exists.
            It cannot be undone.
          </p>
          {refused ? (
            <p className="text-sm font-medium text-stone-800">
              The store has {loaderData.realOrders} real order
              {loaderData.realOrders === 1 ? "" : "s"}: its data is no longer sample data.
            </p>
          ) : (
            <>
              <TextField
                form={form}
                name="confirm"
                label="Type REMOVE to confirm"
                value=""
                className="sm:max-w-xs"
              />
              <button type="submit" className={buttonClass("danger")}>
                Remove sample data
              </button>
            </>
          )}
        </FormProvider>
      </Form>
    </Section>
  );
}

export interface SectionProps {
  loaderData: { settings: StoreSettings; realOrders: number; sender: SenderSummary };
  actionData: FormReply | undefined;
}
