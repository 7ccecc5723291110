import { href } from "react-router";
import { auditActor } from "~/server/auth/actor.server";
import type { Route } from "./+types/store";
import { DetailPage } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { StorageWarnings } from "~/components/admin/storage-warnings";
import { FulfilmentSection } from "~/components/admin/fulfilment-section";
import {
  EmailSection,
  NotificationsSection,
  PaymentsSection,
  SampleDataSection,
  SecuritySection,
  StoreSection,
} from "~/components/admin/settings-sections";
import { ShippingSection } from "~/components/admin/shipping-settings-section";
import type { FormRules } from "~/lib/form";
import type { StoreSettings } from "~/lib/store-settings";
import type { SettingsSection } from "~/lib/store-settings";
import {
  emailForm,
  fulfilmentForm,
  notificationsForm,
  paymentsForm,
  removeSampleDataForm,
  securityForm,
  shippingForm,
  storeForm,
} from "~/schemas/settings";
import { redirectWithToast } from "~/server/admin/flash.server";
import { currentAdmin, requirePermission } from "~/server/auth/admin-guard.server";
import { dispatchIntent, formReply, parseForm, readForm } from "~/server/http/form.server";
import { logger } from "~/server/logger.server";
import { storageWarnings } from "~/server/backup/storage-warnings.server";
import { senderSummary } from "~/server/email/sender.server";
import { countRealOrders, removeSampleData } from "~/server/seed/remove-sample-data.server";
import {
  saveSettingsSection,
  storeSettings,
  forgetStoreSettings,
} from "~/server/settings/store-settings.server";

// Owners only (the admin guard on the admin layout has already checked the session).
export const middleware: Route.MiddlewareFunction[] = [requirePermission("settings")];

export const meta: Route.MetaFunction = () => [{ title: "Settings · Admin" }];

export async function loader() {
  // The form shows what is stored, even when another instance saved it a moment ago.
  forgetStoreSettings();
  const [settings, realOrders] = await Promise.all([storeSettings(), countRealOrders()]);
  return {
    settings,
    realOrders,
    sender: senderSummary(settings),
    storageWarnings: await storageWarnings(realOrders),
  };
}

const SECTION_FORMS: Record<SettingsSection, FormRules> = {
  store: storeForm,
  payments: paymentsForm,
  shipping: shippingForm,
  fulfilment: fulfilmentForm,
  notifications: notificationsForm,
  security: securityForm,
  email: emailForm,
};

const SAVED: Record<SettingsSection, string> = {
  store: "Store details saved.",
  payments: "Payment settings saved.",
  shipping: "Shipping settings saved.",
  fulfilment: "Fulfilment settings saved.",
  notifications: "Notification settings saved.",
  security: "Security settings saved.",
  email: "Email settings saved.",
};

/**
 * Each section is its own form (intent store, payments, shipping, fulfilment, notifications,
 * security, email).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const form = await readForm(request);
  const here = href("/budzadmin/dashboard/settings");
  const save = async <K extends SettingsSection>(section: K, data: StoreSettings[K]) => {
    await saveSettingsSection(section, data, auditActor(context));
    logger.info({ section, by: admin.username }, "settings saved");
    return redirectWithToast(here, SAVED[section]);
  };
  // Each section's form is parsed by its own rules and saved whole.
  const saveSection = (section: SettingsSection) => async () => {
    const submission = await parseForm(form, SECTION_FORMS[section] as FormRules);
    if (!submission.ok) return submission.reply;
    const { intent: _intent, ...data } = submission.data as { intent: string };
    return save(section, data as StoreSettings[typeof section]);
  };
  return dispatchIntent(form, {
    store: saveSection("store"),
    payments: saveSection("payments"),
    shipping: saveSection("shipping"),
    fulfilment: saveSection("fulfilment"),
    notifications: saveSection("notifications"),
    security: saveSection("security"),
    email: saveSection("email"),
    "remove-sample-data": async () => {
      const submission = await parseForm(form, removeSampleDataForm);
      if (!submission.ok) return submission.reply;
      const result = await removeSampleData(auditActor(context));
      if (!result.ok) return formReply({ form: result.message }, { status: result.status, form });
      logger.info({ by: admin.username }, "sample data removed");
      return redirectWithToast(
        here,
        `Sample data removed: ${result.products} products, ${result.customers} customers, ${result.coupons} coupons and ${result.orders} orders.`,
      );
    },
  });
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const props = { loaderData, actionData };
  return (
    <DetailPage
      back={{ to: href("/budzadmin/dashboard"), label: "Overview" }}
      title="Settings"
      description="The store's details, how shoppers pay, what shipping costs and who gets staff emails."
    >
      <StorageWarnings warnings={loaderData.storageWarnings} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <div className="space-y-6">
          <StoreSection {...props} />
          <EmailSection {...props} />
        </div>
        <div className="space-y-6">
          <PaymentsSection {...props} />
          <ShippingSection {...props} />
          <FulfilmentSection {...props} />
          <NotificationsSection {...props} />
          <SecuritySection {...props} />
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
