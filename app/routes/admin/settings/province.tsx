import { data, Form } from "react-router";
import type { Route } from "./+types/province";
import { Badge } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import { Field, FormAlert, inputClass } from "~/components/admin/field";
import { BackLink, PageHeader } from "~/components/admin/page";
import { Section } from "~/components/admin/order-panels";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { SaveButton } from "~/components/admin/save-button";
import { provinceName } from "~/lib/address";
import {
  formatEffectiveDate,
  formatRate,
  MAX_PROVINCE_AGE,
  MIN_PROVINCE_AGE,
  STORE_MINIMUM_AGE,
  TAX_KIND_NAMES,
  TAX_KINDS,
} from "~/lib/taxes";
import { formErrors, type FormErrors } from "~/lib/form";
import { PROVINCES_PATH, ProvinceActionSchema, ProvinceCodeSchema } from "~/schemas/provinces";
import { redirectWithToast } from "~/server/admin/flash.server";
import { readFormValues } from "~/server/http/form.server";
import {
  addTaxRate,
  deleteScheduledRate,
  getProvinceSettings,
  updateProvinceRule,
  type RateState,
} from "~/server/settings/provinces.server";
import { currentAdmin, ownerOnly } from "~/server/auth/admin-guard.server";

// Owners only (the admin guard on the admin layout has already checked the session).
export const middleware: Route.MiddlewareFunction[] = [ownerOnly];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? provinceName(data.rule.province) : "Province"} · Provinces & Taxes · Admin` },
];

function provinceParam(value: string) {
  const parsed = ProvinceCodeSchema.safeParse(value);
  if (!parsed.success)
    throw data({ message: "There is no such province or territory." }, { status: 404 });
  return parsed.data;
}

export async function loader({ params }: Route.LoaderArgs) {
  return getProvinceSettings(provinceParam(params.province));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const province = provinceParam(params.province);
  const parsed = ProvinceActionSchema.safeParse(await readFormValues(request));
  if (!parsed.success) {
    return data(
      { intent: "form", errors: formErrors(parsed.error) as FormErrors },
      { status: 400 },
    );
  }
  const input = parsed.data;
  const name = provinceName(province);
  const here = `${PROVINCES_PATH}/${province}`;
  if (input.intent === "rule") {
    await updateProvinceRule({
      province,
      ships: input.ships,
      minimumAge: input.minimumAge,
      updatedBy: admin.username,
    });
    return redirectWithToast(here, `${name} saved.`);
  }
  const result =
    input.intent === "add-rate"
      ? await addTaxRate({
          province,
          kind: input.kind,
          ratePer100k: input.rate,
          appliesToShipping: input.appliesToShipping,
          effectiveFrom: input.effectiveFrom,
          createdBy: admin.username,
        })
      : await deleteScheduledRate({ province, rateId: input.rateId });
  if (!result.ok) {
    return data(
      { intent: input.intent, errors: { [result.field]: result.message } as FormErrors },
      { status: result.status },
    );
  }
  return redirectWithToast(
    here,
    input.intent === "add-rate"
      ? `${input.kind} ${formatRate(input.rate)} scheduled for ${name} from ${formatEffectiveDate(input.effectiveFrom)}.`
      : `Scheduled rate removed from ${name}.`,
  );
}

const STATE_BADGES: Record<RateState, React.ReactNode> = {
  "in-force": <Badge tone="green">In force</Badge>,
  scheduled: <Badge tone="blue">Scheduled</Badge>,
  replaced: <Badge tone="stone">Replaced</Badge>,
};

export default function ProvinceSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { rule, rates, today } = loaderData;
  const name = provinceName(rule.province);
  const errors: FormErrors = actionData?.errors ?? {};
  const formError = errors.form ?? (errors.intent ? "Please reload the page and try again." : "");
  return (
    <>
      <BackLink to={PROVINCES_PATH}>All provinces</BackLink>
      <PageHeader
        title={name}
        description="Whether the store ships here, the age shoppers confirm, and the sales taxes charged."
      />
      <FormAlert message={formError} wide />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <Section title="Shipping and age">
          <Form method="post" id="rule-form" className="space-y-4">
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
            <Field
              label="Minimum age"
              error={errors.minimumAge}
              hint={`Shoppers confirm this age at checkout (never below the store's ${STORE_MINIMUM_AGE}+).`}
            >
              {(props) => (
                <input
                  {...props}
                  name="minimumAge"
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
          </Form>
        </Section>

        <Section title="Add a tax rate">
          <Form method="post" id="rate-form" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="add-rate" />
            <Field label="Tax" error={errors.kind}>
              {(props) => (
                <select
                  {...props}
                  name="kind"
                  defaultValue={rates[0]?.kind ?? "GST"}
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
            <Field label="Rate (%)" error={errors.rate} hint="e.g. 14 or 9.975; 0 ends the tax">
              {(props) => (
                <input {...props} name="rate" inputMode="decimal" className={inputClass} />
              )}
            </Field>
            <Field label="Effective from" error={errors.effectiveFrom} hint="Today or later">
              {(props) => (
                <input
                  {...props}
                  name="effectiveFrom"
                  type="date"
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
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
