import { Form, href } from "react-router";
import { auditActor } from "~/server/auth/actor.server";
import type { Route } from "./+types/detail";
import { Badge } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { DetailPage, Section } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { SaveButton } from "~/components/admin/save-button";
import { Alert, Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { provinceName } from "~/lib/address";
import {
  FULFILMENT_METHODS,
  METHOD_NAMES,
  PROVINCE_LAW,
  provinceMethods,
  type FulfilmentMethod,
} from "~/lib/fulfilment";
import {
  formatEffectiveDate,
  formatRate,
  MAX_PROVINCE_AGE,
  MIN_PROVINCE_AGE,
  STORE_MINIMUM_AGE,
  TAX_KIND_NAMES,
  TAX_KINDS,
} from "~/lib/taxes";
import { replyOf } from "~/lib/form";
import {
  deleteRateForm,
  ProvinceCodeSchema,
  provinceRuleForm,
  taxRateForm,
} from "~/schemas/provinces";
import { redirectWithToast } from "~/server/admin/flash.server";
import { dispatchIntent, formReply, parseForm, readForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";
import {
  addTaxRate,
  deleteScheduledRate,
  getProvinceSettings,
  updateProvinceRule,
  type RateState,
} from "~/server/taxes/provinces.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

// Owners only (the admin guard on the admin layout has already checked the session).
export const middleware: Route.MiddlewareFunction[] = [requirePermission("taxes")];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? provinceName(data.rule.province) : "Province"} · Provinces & Taxes · Admin` },
];

function provinceParam(value: string) {
  const parsed = ProvinceCodeSchema.safeParse(value);
  invariantResponse(parsed.success, "There is no such province or territory.", { status: 404 });
  return parsed.data;
}

export async function loader({ params }: Route.LoaderArgs) {
  return getProvinceSettings(provinceParam(params.province));
}

/** Save (the rule), Add rate and a scheduled rate's Remove post here, each its own form. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = auditActor(context);
  const province = provinceParam(params.province);
  const form = await readForm(request);
  const name = provinceName(province);
  const here = href("/budzadmin/dashboard/settings/provinces/:province", { province });
  return dispatchIntent(form, {
    rule: async () => {
      const submission = await parseForm(form, provinceRuleForm);
      if (!submission.ok) return submission.reply;
      const { ships, minimumAge } = submission.data;
      const methods = FULFILMENT_METHODS.filter((m) => submission.data[`method-${m}`]);
      await updateProvinceRule({ province, ships, minimumAge, methods, actor });
      return redirectWithToast(here, `${name} saved.`);
    },
    "add-rate": async () => {
      const submission = await parseForm(form, taxRateForm);
      if (!submission.ok) return submission.reply;
      const input = submission.data;
      const result = await addTaxRate({
        province,
        kind: input.kind,
        ratePer100k: input.rate,
        appliesToShipping: input.appliesToShipping,
        effectiveFrom: input.effectiveFrom,
        actor,
      });
      if (!result.ok)
        return formReply({ [result.field]: result.message }, { status: result.status, form });
      return redirectWithToast(
        here,
        `${input.kind} ${formatRate(input.rate)} scheduled for ${name} from ${formatEffectiveDate(input.effectiveFrom)}.`,
      );
    },
    "delete-rate": async () => {
      const submission = await parseForm(form, deleteRateForm);
      if (!submission.ok) return submission.reply;
      const result = await deleteScheduledRate({
        province,
        rateId: submission.data.rateId,
        actor,
      });
      if (!result.ok) return formReply({ form: result.message }, { status: result.status, form });
      return redirectWithToast(here, `Scheduled rate removed from ${name}.`);
    },
  });
}

const STATE_BADGES: Record<RateState, React.ReactNode> = {
  "in-force": <Badge tone="green">In force</Badge>,
  scheduled: <Badge tone="blue">Scheduled</Badge>,
  replaced: <Badge tone="stone">Replaced</Badge>,
};

export default function ProvinceSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { rule, rates, today } = loaderData;
  const name = provinceName(rule.province);
  const lawMethods: readonly FulfilmentMethod[] = PROVINCE_LAW[rule.province].methods;
  const offered = provinceMethods(rule.province, rule.methods);
  // Server-side rules only (no zod in this page): useForm shows and focuses what was refused.
  const ruleForm = useForm({ lastResult: replyOf(actionData, "rule") });
  const rateForm = useForm({ lastResult: replyOf(actionData, "add-rate") });
  const removeRefused = replyOf(actionData, "delete-rate")?.errors;
  return (
    <DetailPage
      back={{ to: href("/budzadmin/dashboard/settings/provinces"), label: "All provinces" }}
      title={name}
      description="Whether the store ships here, the age shoppers confirm, and the sales taxes charged."
    >
      <Alert message={removeRefused?.form ?? removeRefused?.rateId} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <Section title="Shipping, methods and age">
          <Form method="post" id="rule-form" className="space-y-4" {...ruleForm.props}>
            <FormProvider form={ruleForm}>
              <FormSummary />
              <input type="hidden" name="intent" value="rule" />
              <label className="flex items-start gap-3 text-sm text-stone-800">
                <input
                  type="checkbox"
                  name="ships"
                  defaultChecked={rule.ships}
                  className="mt-0.5 h-4 w-4 rounded border-stone-300 accent-brand-700"
                />
                <span>
                  <span className="font-medium">Ship to {name}</span>
                  <span className="block text-stone-600">
                    When off, checkout refuses addresses here with a message.
                  </span>
                </span>
              </label>
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium text-stone-900">
                  Ways to receive an order
                </legend>
                {FULFILMENT_METHODS.map((method) =>
                  lawMethods.includes(method) ? (
                    <label key={method} className="flex items-center gap-3 text-sm text-stone-800">
                      <input
                        type="checkbox"
                        name={`method-${method}`}
                        defaultChecked={offered.includes(method)}
                        className="h-4 w-4 rounded border-stone-300 accent-brand-700"
                      />
                      {METHOD_NAMES[method]}
                    </label>
                  ) : (
                    <p key={method} className="text-sm text-stone-500">
                      {METHOD_NAMES[method]}: not allowed by {name}&apos;s law
                    </p>
                  ),
                )}
                <p className="text-sm text-stone-600">
                  Each is offered when it is also on in Settings (Fulfilment).
                </p>
              </fieldset>
              <Field
                name="minimumAge"
                label="Minimum age"
                hint={`Shoppers confirm this age at checkout (never below the store's ${STORE_MINIMUM_AGE}+).`}
              >
                {(props) => (
                  <input
                    {...props}
                    type="number"
                    inputMode="numeric"
                    min={MIN_PROVINCE_AGE}
                    max={MAX_PROVINCE_AGE}
                    defaultValue={rule.minimumAge}
                    className={`${inputClass} max-w-32`}
                  />
                )}
              </Field>
              <SaveButton form="rule-form">Save</SaveButton>
            </FormProvider>
          </Form>
        </Section>

        <Section title="Add a tax rate">
          <Form method="post" id="rate-form" {...rateForm.props}>
            <FormProvider form={rateForm}>
              <FormSummary />
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <input type="hidden" name="intent" value="add-rate" />
                <Field name="kind" label="Tax">
                  {(props) => (
                    <select
                      {...props}
                      defaultValue={rateForm.values?.kind ?? rates[0]?.kind ?? "GST"}
                      className={inputClass}
                    >
                      {TAX_KINDS.map((kind) => (
                        <option key={kind} value={kind}>
                          {kind}: {TAX_KIND_NAMES[kind]}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field name="rate" label="Rate (%)" hint="e.g. 14 or 9.975; 0 ends the tax">
                  {(props) => (
                    <input
                      {...props}
                      inputMode="decimal"
                      defaultValue={rateForm.values?.rate}
                      className={inputClass}
                    />
                  )}
                </Field>
                <Field name="effectiveFrom" label="Effective from" hint="Today or later">
                  {(props) => (
                    <input
                      {...props}
                      type="date"
                      defaultValue={rateForm.values?.effectiveFrom}
                      min={today}
                      className={inputClass}
                    />
                  )}
                </Field>
                <label className="flex items-center gap-3 self-center text-sm text-stone-800 sm:pt-5">
                  <input
                    type="checkbox"
                    name="appliesToShipping"
                    defaultChecked
                    className="h-4 w-4 rounded border-stone-300 accent-brand-700"
                  />
                  Also taxes shipping
                </label>
                <div className="sm:col-span-2">
                  <button type="submit" className={buttonClass("primary")}>
                    Add rate
                  </button>
                </div>
              </div>
            </FormProvider>
          </Form>
        </Section>
      </div>

      <section className="mt-6 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
        <h2 className="border-b border-stone-200 px-5 py-4 font-semibold text-stone-900">
          Tax rates and history
        </h2>
        {rates.length === 0 ? (
          <p className="px-5 py-8 text-center text-sm text-stone-600">
            No sales tax is charged in {name}.
          </p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Tax rates of {name}, newest first</caption>
              <thead className="bg-stone-50 text-xs font-semibold tracking-wide text-stone-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Tax
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Rate
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Shipping
                  </th>
                  <th scope="col" className="px-4 py-3">
                    From
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="relative px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {rates.map((rate) => (
                  <tr key={`${rate.kind}-${rate.effectiveFrom}`}>
                    <td className="px-4 py-3 font-medium text-stone-900">{rate.kind}</td>
                    <td className="px-4 py-3 text-right tabular-nums">
                      {formatRate(rate.ratePer100k)}
                    </td>
                    <td className="px-4 py-3">{rate.appliesToShipping ? "Taxed" : "Not taxed"}</td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {formatEffectiveDate(rate.effectiveFrom)}
                    </td>
                    <td className="px-4 py-3">{STATE_BADGES[rate.state]}</td>
                    <td className="px-4 py-3 text-right">
                      {rate.state === "scheduled" && rate.id ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="delete-rate" />
                          <input type="hidden" name="rateId" value={rate.id} />
                          <button
                            type="submit"
                            className={buttonClass("secondary", "sm")}
                            aria-label={`Remove ${rate.kind} ${formatRate(rate.ratePer100k)} from ${formatEffectiveDate(rate.effectiveFrom)}`}
                          >
                            Remove
                          </button>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </DetailPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
