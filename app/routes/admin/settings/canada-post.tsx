import { Form, href } from "react-router";
import type { Route } from "./+types/canada-post";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { DetailPage, Section } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { SaveButton } from "~/components/admin/save-button";
import { Alert, Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { CANADA_POST_SERVICES } from "~/lib/canada-post";
import { replyOf } from "~/lib/form";
import { canadaPostAccountForm } from "~/schemas/canada-post";
import { redirectWithToast } from "~/server/admin/flash.server";
import { auditActor } from "~/server/auth/actor.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { dispatchIntent, formReply, parseForm, readForm } from "~/server/http/form.server";
import {
  accountSummary,
  disconnectAccount,
  saveAccount,
  testAccount,
} from "~/server/canada-post/account.server";

// Owners only (the admin guard on the admin layout has already checked the session).
export const middleware: Route.MiddlewareFunction[] = [requirePermission("settings")];

export const meta: Route.MetaFunction = () => [{ title: "Canada Post · Admin" }];

export async function loader() {
  return { account: await accountSummary() };
}

const here = href("/budzadmin/dashboard/settings/canada-post");

export async function action({ request, context }: Route.ActionArgs) {
  const actor = auditActor(context);
  const form = await readForm(request);
  return dispatchIntent(form, {
    save: async () => {
      const submission = await parseForm(form, canadaPostAccountForm);
      if (!submission.ok) return submission.reply;
      const { intent: _intent, ...input } = submission.data;
      if (!(await saveAccount(input, actor)))
        return formReply({ password: "API password is required" }, { status: 400, form });
      return redirectWithToast(here, "Canada Post account saved. Test the connection below.");
    },
    test: async () => {
      const problem = await testAccount();
      if (problem) return formReply({ form: problem }, { status: 502, form });
      const account = await accountSummary();
      return redirectWithToast(
        here,
        `Canada Post answered: the account works (${account?.environment ?? "development"}).`,
      );
    },
    disconnect: async () => {
      await disconnectAccount(actor);
      return redirectWithToast(
        here,
        "Canada Post disconnected: checkout prices parcels by Settings → Shipping again.",
      );
    },
  });
}

export default function CanadaPostSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { account } = loaderData;
  const form = useForm({ lastResult: replyOf(actionData, "save") });
  const testReply = replyOf(actionData, "test");
  const value = (name: string, stored: string) => form.values?.[name] ?? stored;
  const offered = new Set(account?.services ?? ["DOM.RP", "DOM.EP"]);
  return (
    <DetailPage
      back={{ to: href("/budzadmin/dashboard/settings"), label: "Settings" }}
      title="Canada Post"
      description="Connect your Canada Post business account: checkout quotes live rates, the Shipping screen buys labels with Proof of Age, and parcels in transit are tracked by themselves."
    >
      <div className="grid max-w-3xl grid-cols-1 gap-6">
        <Section title="Connection">
          {account ? (
            <div className="space-y-3 text-sm text-stone-700">
              <p>
                <span className="font-medium text-stone-900">Connected</span> to Canada Post&apos;s{" "}
                {account.environment} environment as customer {account.customerNumber}
                {account.contractId ? `, contract ${account.contractId}` : " (no contract)"}.
              </p>
              {account.passwordUnreadable ? (
                <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
                  The saved API password cannot be read on this server (it was saved with another
                  key, for example before a restore). Enter it again below.
                </p>
              ) : null}
              <Alert message={testReply?.errors.form} />
              <div className="flex flex-wrap gap-3">
                <Form method="post">
                  <input type="hidden" name="intent" value="test" />
                  <button type="submit" className={buttonClass("secondary")}>
                    Test connection
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="disconnect" />
                  <button type="submit" className={buttonClass("danger")}>
                    Disconnect
                  </button>
                </Form>
              </div>
            </div>
          ) : (
            <p className="text-sm text-stone-600">
              Not connected: parcels cost what Settings → Shipping says, labels are bought on Canada
              Post&apos;s site and tracking numbers typed in the Ship dialog.
            </p>
          )}
        </Section>
        <Section title={account ? "Account" : "Connect"}>
          <Form
            method="post"
            id="canada-post-form"
            key={JSON.stringify(account)}
            className="space-y-4"
            {...form.props}
          >
            <FormProvider form={form}>
              <FormSummary />
              <input type="hidden" name="intent" value="save" />
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <Field name="customerNumber" label="Customer number">
                  {(props) => (
                    <input
                      {...props}
                      inputMode="numeric"
                      autoComplete="off"
                      defaultValue={value("customerNumber", account?.customerNumber ?? "")}
                      className={inputClass}
                    />
                  )}
                </Field>
                <Field
                  name="contractId"
                  label="Contract number"
                  hint="Empty for a small-business account"
                >
                  {(props) => (
                    <input
                      {...props}
                      inputMode="numeric"
                      autoComplete="off"
                      defaultValue={value("contractId", account?.contractId ?? "")}
                      className={inputClass}
                    />
                  )}
                </Field>
                <Field name="username" label="API user name">
                  {(props) => (
                    <input
                      {...props}
                      autoComplete="off"
                      defaultValue={value("username", account?.username ?? "")}
                      className={inputClass}
                    />
                  )}
                </Field>
                <Field
                  name="password"
                  label="API password"
                  hint={account ? "Saved and never shown: leave empty to keep it" : undefined}
                >
                  {(props) => (
                    <input
                      {...props}
                      type="password"
                      autoComplete="new-password"
                      className={inputClass}
                    />
                  )}
                </Field>
                <Field name="environment" label="Environment">
                  {(props) => (
                    <select
                      {...props}
                      defaultValue={value("environment", account?.environment ?? "development")}
                      className={inputClass}
                    >
                      <option value="development">Development (test keys, no charges)</option>
                      <option value="production">Production</option>
                    </select>
                  )}
                </Field>
                <Field
                  name="originPostalCode"
                  label="Origin postal code"
                  hint="Where parcels leave from"
                >
                  {(props) => (
                    <input
                      {...props}
                      autoComplete="off"
                      defaultValue={value("originPostalCode", account?.originPostalCode ?? "")}
                      className={inputClass}
                    />
                  )}
                </Field>
              </div>
              <fieldset aria-describedby={form.errors.services ? "services-error" : undefined}>
                <legend className="mb-1.5 text-sm font-medium text-stone-700">
                  Services offered at checkout
                </legend>
                <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                  {CANADA_POST_SERVICES.map((service) => (
                    <label
                      key={service.code}
                      className="flex items-center gap-2 text-sm text-stone-700"
                    >
                      <input
                        type="checkbox"
                        name="services"
                        value={service.code}
                        defaultChecked={offered.has(service.code)}
                        className="accent-brand-700"
                      />
                      {service.name}
                    </label>
                  ))}
                </div>
                {form.errors.services ? (
                  <p id="services-error" className="mt-1 text-sm text-red-700">
                    {form.errors.services}
                  </p>
                ) : null}
              </fieldset>
              <SaveButton form="canada-post-form">
                {account ? "Save account" : "Connect Canada Post"}
              </SaveButton>
            </FormProvider>
          </Form>
        </Section>
      </div>
    </DetailPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
