import { useState } from "react";
import { Form, href } from "react-router";
import type { Route } from "./+types/store";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { ImageSlot } from "~/components/admin/image-picker";
import { DetailPage, Section } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { SaveButton } from "~/components/admin/save-button";
import { Alert, Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import type { FormReply } from "~/lib/form";
import {
  CANCEL_DAYS,
  REMINDER_HOURS,
  SAMPLE_SUPPORT_HOURS,
  type SettingsSection,
} from "~/lib/store-settings";
import {
  notificationsForm,
  paymentsForm,
  removeSampleDataForm,
  shippingForm,
  storeForm,
} from "~/schemas/settings";
import { redirectWithToast } from "~/server/admin/flash.server";
import { currentAdmin, requirePermission } from "~/server/auth/admin-guard.server";
import { dispatchIntent, formReply, parseForm, readForm } from "~/server/http/form.server";
import { logger } from "~/server/logger.server";
import { countRealOrders, removeSampleData } from "~/server/seed/remove-sample-data.server";
import { saveSettingsSection, storeSettings } from "~/server/settings/store-settings.server";

// Owners only (the admin guard on the admin layout has already checked the session).
export const middleware: Route.MiddlewareFunction[] = [requirePermission("settings")];

export const meta: Route.MetaFunction = () => [{ title: "Settings · Admin" }];

export async function loader() {
  const [settings, realOrders] = await Promise.all([storeSettings(), countRealOrders()]);
  return { settings, realOrders };
}

const SAVED: Record<SettingsSection, string> = {
  store: "Store details saved.",
  payments: "Payment settings saved.",
  shipping: "Shipping settings saved.",
  notifications: "Notification recipients saved.",
};

/** Each section is its own form (intent store, payments, shipping, notifications). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const form = await readForm(request);
  const here = href("/budzadmin/dashboard/settings");
  const save = async <K extends SettingsSection>(
    section: K,
    data: Awaited<ReturnType<typeof storeSettings>>[K],
  ) => {
    await saveSettingsSection(section, data);
    logger.info({ section, by: admin.username }, "settings saved");
    return redirectWithToast(here, SAVED[section]);
  };
  return dispatchIntent(form, {
    store: async () => {
      const submission = await parseForm(form, storeForm);
      if (!submission.ok) return submission.reply;
      const { intent: _intent, ...store } = submission.data;
      return save("store", store);
    },
    payments: async () => {
      const submission = await parseForm(form, paymentsForm);
      if (!submission.ok) return submission.reply;
      const { intent: _intent, ...payments } = submission.data;
      return save("payments", payments);
    },
    shipping: async () => {
      const submission = await parseForm(form, shippingForm);
      if (!submission.ok) return submission.reply;
      const { intent: _intent, ...shipping } = submission.data;
      return save("shipping", shipping);
    },
    notifications: async () => {
      const submission = await parseForm(form, notificationsForm);
      if (!submission.ok) return submission.reply;
      const { intent: _intent, ...notifications } = submission.data;
      return save("notifications", notifications);
    },
    "remove-sample-data": async () => {
      const submission = await parseForm(form, removeSampleDataForm);
      if (!submission.ok) return submission.reply;
      const result = await removeSampleData();
      if (!result.ok) return formReply({ form: result.message }, { status: result.status, form });
      logger.info({ by: admin.username }, "sample data removed");
      return redirectWithToast(
        here,
        `Sample data removed: ${result.products} products, ${result.customers} customers, ${result.coupons} coupons and ${result.orders} orders.`,
      );
    },
  });
}

/** The answer of the form that was posted (each form shows only its own messages). */
function replyOf(actionData: FormReply | undefined, intent: string) {
  return actionData?.values?.intent === intent ? actionData : undefined;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

function TextField({
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

function StoreSection({ actionData, loaderData }: SectionProps) {
  const { store } = loaderData.settings;
  const form = useForm({ lastResult: replyOf(actionData, "store") });
  const [logo, setLogo] = useState(form.values?.logoUrl ?? store.logoUrl ?? "");
  return (
    <Section title="Store">
      <Form
        // A save reloads the page with the stored (normalised) values: the fields start again from them.
        key={JSON.stringify(store)}
        method="post"
        id="store-form"
        className="space-y-4"
        {...form.props}
      >
        <FormProvider form={form}>
          <FormSummary />
          <input type="hidden" name="intent" value="store" />
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
          <SaveButton form="store-form">Save store details</SaveButton>
        </FormProvider>
      </Form>
    </Section>
  );
}

function PaymentsSection({ actionData, loaderData }: SectionProps) {
  const { payments } = loaderData.settings;
  const form = useForm({ lastResult: replyOf(actionData, "payments") });
  return (
    <Section title="Payments">
      <Form
        // A save reloads the page with the stored (normalised) values: the fields start again from them.
        key={JSON.stringify(payments)}
        method="post"
        id="payments-form"
        className="space-y-4"
        {...form.props}
      >
        <FormProvider form={form}>
          <FormSummary />
          <input type="hidden" name="intent" value="payments" />
          <TextField
            form={form}
            name="etransferEmail"
            label="Interac e-Transfer address"
            type="email"
            hint="Where shoppers send their payment"
            value={payments.etransferEmail}
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
          <SaveButton form="payments-form">Save payments</SaveButton>
        </FormProvider>
      </Form>
    </Section>
  );
}

function ShippingSection({ actionData, loaderData }: SectionProps) {
  const { shipping } = loaderData.settings;
  const form = useForm({ lastResult: replyOf(actionData, "shipping") });
  return (
    <Section title="Shipping">
      <Form
        // A save reloads the page with the stored (normalised) values: the fields start again from them.
        key={JSON.stringify(shipping)}
        method="post"
        id="shipping-form"
        className="space-y-4"
        {...form.props}
      >
        <FormProvider form={form}>
          <FormSummary />
          <input type="hidden" name="intent" value="shipping" />
          <p className="text-sm text-stone-600">
            Canada Post, one flat fee per order. Used by the cart, checkout, emails and invoices of
            new orders.
          </p>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              form={form}
              name="flatFeeCents"
              label="Shipping fee ($)"
              inputMode="decimal"
              value={dollars(shipping.flatFeeCents)}
            />
            <TextField
              form={form}
              name="freeThresholdCents"
              label="Free shipping from ($)"
              inputMode="decimal"
              hint="Amount after discount"
              value={dollars(shipping.freeThresholdCents)}
            />
          </div>
          <SaveButton form="shipping-form">Save shipping</SaveButton>
        </FormProvider>
      </Form>
    </Section>
  );
}

function NotificationsSection({ actionData, loaderData }: SectionProps) {
  const { notifications } = loaderData.settings;
  const form = useForm({ lastResult: replyOf(actionData, "notifications") });
  const list = (name: keyof typeof notifications, label: string, hint: string) => (
    <TextField
      form={form}
      name={name}
      label={label}
      hint={hint}
      value={notifications[name].join(", ")}
    />
  );
  return (
    <Section title="Notifications">
      <Form
        // A save reloads the page with the stored (normalised) values: the fields start again from them.
        key={JSON.stringify(notifications)}
        method="post"
        id="notifications-form"
        className="space-y-4"
        {...form.props}
      >
        <FormProvider form={form}>
          <FormSummary />
          <input type="hidden" name="intent" value="notifications" />
          <p className="text-sm text-stone-600">
            Who receives the staff emails. Separate addresses with commas; leave empty to send none.
          </p>
          {list("newOrderEmails", "New orders", "An email for each order placed")}
          {list("dailySummaryEmails", "Daily summary", "The day's orders and sales")}
          {list("lowStockEmails", "Low stock", "Once a day when something is at its alert level")}
          <SaveButton form="notifications-form">Save notifications</SaveButton>
        </FormProvider>
      </Form>
    </Section>
  );
}

function SampleDataSection({ actionData, loaderData }: SectionProps) {
  const form = useForm({ lastResult: replyOf(actionData, "remove-sample-data") });
  const refused = loaderData.realOrders > 0;
  return (
    <Section title="Sample data">
      <Form method="post" id="sample-form" className="space-y-4" {...form.props}>
        <FormProvider form={form}>
          <Alert message={form.errors.form} />
          <input type="hidden" name="intent" value="remove-sample-data" />
          <p className="text-sm text-stone-700">
            Starting for real? This deletes every product, customer, coupon and order now in the
            store, and the sample contact details, so you can add your own. It is refused once a
            real order (one placed at checkout) exists. It cannot be undone.
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

interface SectionProps {
  loaderData: Route.ComponentProps["loaderData"];
  actionData: FormReply | undefined;
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const props = { loaderData, actionData };
  return (
    <DetailPage
      back={{ to: href("/budzadmin/dashboard"), label: "Overview" }}
      title="Settings"
      description="The store's details, how shoppers pay, what shipping costs and who gets staff emails."
    >
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <div className="space-y-6">
          <StoreSection {...props} />
        </div>
        <div className="space-y-6">
          <PaymentsSection {...props} />
          <ShippingSection {...props} />
          <NotificationsSection {...props} />
        </div>
      </div>
      <div className="mt-6">
        <SampleDataSection {...props} />
      </div>
      <p className="mt-6 text-sm text-stone-600">
        Provinces, age rules and sales taxes:{" "}
        <a
          href={href("/budzadmin/dashboard/settings/provinces")}
          className="font-medium text-brand-800 underline"
        >
          Provinces &amp; Taxes
        </a>
        .
      </p>
    </DetailPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
