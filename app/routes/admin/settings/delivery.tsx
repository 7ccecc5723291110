import { Form, href, Link } from "react-router";
import type { Route } from "./+types/delivery";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { DetailPage, Section } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { SaveButton } from "~/components/admin/save-button";
import { Alert, Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { replyOf } from "~/lib/form";
import { formatClock, MAX_WINDOW_CAPACITY, WEEKDAY_NAMES, windowName } from "~/lib/fulfilment";
import { formatMoney } from "~/lib/money";
import { deleteDeliveryItemForm, deliveryWindowForm, deliveryZoneForm } from "~/schemas/fulfilment";
import { redirectWithToast } from "~/server/admin/flash.server";
import { auditActor } from "~/server/auth/actor.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import {
  addDeliveryWindow,
  deleteDeliveryWindow,
  deleteDeliveryZone,
  listDeliveryWindows,
  listDeliveryZones,
  saveDeliveryZone,
} from "~/server/fulfilment/delivery-setup.server";
import { dispatchIntent, formReply, parseForm, readForm } from "~/server/http/form.server";
import { storeSettings } from "~/server/settings/store-settings.server";

// Owners only (the admin guard on the admin layout has already checked the session).
export const middleware: Route.MiddlewareFunction[] = [requirePermission("settings")];

export const meta: Route.MetaFunction = () => [{ title: "Delivery zones & windows · Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const editing = new URL(request.url).searchParams.get("zone");
  const [zones, windows, settings] = await Promise.all([
    listDeliveryZones(),
    listDeliveryWindows(),
    storeSettings(),
  ]);
  return {
    zones,
    windows,
    deliveryOn: settings.fulfilment.delivery,
    editing: zones.find((zone) => zone.id === editing) ?? null,
  };
}

const here = href("/budzadmin/dashboard/settings/delivery");
const GONE = "This item no longer exists: reload the page";

export async function action({ request, context }: Route.ActionArgs) {
  const actor = auditActor(context);
  const form = await readForm(request);
  return dispatchIntent(form, {
    "save-zone": async () => {
      const submission = await parseForm(form, deliveryZoneForm);
      if (!submission.ok) return submission.reply;
      const { intent: _intent, ...zone } = submission.data;
      if (!(await saveDeliveryZone(zone, actor)))
        return formReply({ form: GONE }, { status: 404, form });
      return redirectWithToast(here, `Delivery zone ${zone.name} saved.`);
    },
    "delete-zone": async () => {
      const submission = await parseForm(form, deleteDeliveryItemForm);
      if (!submission.ok) return submission.reply;
      if (!(await deleteDeliveryZone(submission.data.id, actor)))
        return formReply({ form: GONE }, { status: 404, form });
      return redirectWithToast(here, "Delivery zone removed.");
    },
    "save-window": async () => {
      const submission = await parseForm(form, deliveryWindowForm);
      if (!submission.ok) return submission.reply;
      const { intent: _intent, ...window } = submission.data;
      await addDeliveryWindow(window, actor);
      return redirectWithToast(here, `Delivery window ${windowName(window)} added.`);
    },
    "delete-window": async () => {
      const submission = await parseForm(form, deleteDeliveryItemForm);
      if (!submission.ok) return submission.reply;
      if (!(await deleteDeliveryWindow(submission.data.id, actor)))
        return formReply({ form: GONE }, { status: 404, form });
      return redirectWithToast(here, "Delivery window removed.");
    },
  });
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const cell = "px-3 py-2 align-top";

export default function DeliverySettings({ loaderData, actionData }: Route.ComponentProps) {
  const { zones, windows, editing, deliveryOn } = loaderData;
  const zoneForm = useForm({ lastResult: replyOf(actionData, "save-zone") });
  const windowForm = useForm({ lastResult: replyOf(actionData, "save-window") });
  const removeRefused =
    replyOf(actionData, "delete-zone")?.errors ?? replyOf(actionData, "delete-window")?.errors;
  const zoneValue = (name: string, stored: string) => zoneForm.values?.[name] ?? stored;
  return (
    <DetailPage
      back={{ to: href("/budzadmin/dashboard/settings"), label: "Settings" }}
      title="Delivery zones & windows"
      description="Where your staff deliver, what it costs, and when. Checkout offers local delivery only in provinces whose law allows it."
    >
      <Alert message={removeRefused?.form ?? removeRefused?.id} />
      {deliveryOn ? null : (
        <p className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Local delivery is off: turn it on in Settings (Fulfilment) to offer it at checkout.
        </p>
      )}
      <div className="grid max-w-4xl grid-cols-1 gap-6">
        <Section title="Zones">
          {zones.length === 0 ? (
            <p className="text-sm text-stone-600">No zone yet: add the first below.</p>
          ) : (
            <div className="-mx-4 overflow-x-auto sm:mx-0">
              <table className="w-full text-left text-sm">
                <thead className="text-stone-600">
                  <tr>
                    <th className={cell}>Zone</th>
                    <th className={cell}>Postal codes</th>
                    <th className={`${cell} text-right`}>Fee</th>
                    <th className={`${cell} text-right`}>Minimum</th>
                    <th className={cell}>
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {zones.map((zone) => (
                    <tr key={zone.id}>
                      <td className={`${cell} font-medium break-words text-stone-900`}>
                        {zone.name}
                      </td>
                      <td className={`${cell} break-words`}>{zone.prefixes.join(", ")}</td>
                      <td className={`${cell} text-right tabular-nums`}>
                        {formatMoney(zone.feeCents)}
                      </td>
                      <td className={`${cell} text-right tabular-nums`}>
                        {formatMoney(zone.minimumOrderCents)}
                      </td>
                      <td className={`${cell} whitespace-nowrap text-right`}>
                        <Link
                          to={`${here}?zone=${zone.id}`}
                          className="font-medium text-brand-800 underline"
                          aria-label={`Edit ${zone.name}`}
                        >
                          Edit
                        </Link>
                        <Form method="post" className="ml-3 inline">
                          <input type="hidden" name="intent" value="delete-zone" />
                          <input type="hidden" name="id" value={zone.id} />
                          <button
                            type="submit"
                            className="font-medium text-red-700 underline"
                            aria-label={`Remove ${zone.name}`}
                          >
                            Remove
                          </button>
                        </Form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Form
            method="post"
            id="zone-form"
            // Started again from what is stored after each save (a new zone's form empties).
            key={`${editing?.id ?? "new"}:${JSON.stringify(zones)}`}
            className="mt-6 space-y-4 border-t border-stone-200 pt-4"
            {...zoneForm.props}
          >
            <FormProvider form={zoneForm}>
              <h3 className="font-semibold text-stone-900">
                {editing ? `Edit ${editing.name}` : "Add a zone"}
              </h3>
              <FormSummary />
              <input type="hidden" name="intent" value="save-zone" />
              <input type="hidden" name="id" value={editing?.id ?? ""} />
              <Field name="name" label="Zone name">
                {(props) => (
                  <input
                    {...props}
                    defaultValue={zoneValue("name", editing?.name ?? "")}
                    className={inputClass}
                  />
                )}
              </Field>
              <Field
                name="prefixes"
                label="Postal-code prefixes"
                hint="The first one to three characters of the postal codes in the zone, separated by commas: M5V, M6, K"
              >
                {(props) => (
                  <textarea
                    {...props}
                    rows={2}
                    defaultValue={zoneValue("prefixes", editing?.prefixes.join(", ") ?? "")}
                    className={inputClass}
                  />
                )}
              </Field>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <Field name="feeCents" label="Delivery fee ($)">
                  {(props) => (
                    <input
                      {...props}
                      inputMode="decimal"
                      defaultValue={zoneValue("feeCents", editing ? dollars(editing.feeCents) : "")}
                      className={inputClass}
                    />
                  )}
                </Field>
                <Field name="minimumOrderCents" label="Minimum order ($)" hint="After discount">
                  {(props) => (
                    <input
                      {...props}
                      inputMode="decimal"
                      defaultValue={zoneValue(
                        "minimumOrderCents",
                        editing ? dollars(editing.minimumOrderCents) : "0",
                      )}
                      className={inputClass}
                    />
                  )}
                </Field>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <SaveButton form="zone-form">{editing ? "Save zone" : "Add zone"}</SaveButton>
                {editing ? (
                  <Link to={here} className={buttonClass("secondary")}>
                    Cancel
                  </Link>
                ) : null}
              </div>
            </FormProvider>
          </Form>
        </Section>

        <Section title="Weekly windows">
          {windows.length === 0 ? (
            <p className="text-sm text-stone-600">No window yet: add the first below.</p>
          ) : (
            <ul className="divide-y divide-stone-100 text-sm">
              {windows.map((window) => (
                <li key={window.id} className="flex items-center justify-between gap-3 py-2">
                  <span>
                    <span className="font-medium text-stone-900">
                      {WEEKDAY_NAMES[window.weekday - 1]}
                    </span>{" "}
                    {formatClock(window.starts)} to {formatClock(window.ends)}
                    <span className="block text-stone-600">
                      {window.capacity} {window.capacity === 1 ? "order" : "orders"}
                    </span>
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-window" />
                    <input type="hidden" name="id" value={window.id} />
                    <button
                      type="submit"
                      className="font-medium text-red-700 underline"
                      aria-label={`Remove ${windowName(window)}`}
                    >
                      Remove
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          <Form
            method="post"
            id="window-form"
            key={windows.length}
            className="mt-6 space-y-4 border-t border-stone-200 pt-4"
            {...windowForm.props}
          >
            <FormProvider form={windowForm}>
              <h3 className="font-semibold text-stone-900">Add a window</h3>
              <FormSummary />
              <input type="hidden" name="intent" value="save-window" />
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <Field name="weekday" label="Day">
                  {(props) => (
                    <select
                      {...props}
                      defaultValue={windowForm.values?.weekday ?? "1"}
                      className={inputClass}
                    >
                      {WEEKDAY_NAMES.map((day, index) => (
                        <option key={day} value={index + 1}>
                          {day}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field
                  name="capacity"
                  label="Orders per window"
                  hint={`1 to ${MAX_WINDOW_CAPACITY}`}
                >
                  {(props) => (
                    <input
                      {...props}
                      inputMode="numeric"
                      defaultValue={windowForm.values?.capacity ?? "10"}
                      className={inputClass}
                    />
                  )}
                </Field>
                <Field name="starts" label="Start" hint="24-hour clock, like 16:00">
                  {(props) => (
                    <input
                      {...props}
                      type="time"
                      defaultValue={windowForm.values?.starts ?? "16:00"}
                      className={inputClass}
                    />
                  )}
                </Field>
                <Field name="ends" label="End">
                  {(props) => (
                    <input
                      {...props}
                      type="time"
                      defaultValue={windowForm.values?.ends ?? "18:00"}
                      className={inputClass}
                    />
                  )}
                </Field>
              </div>
              <SaveButton form="window-form">Add window</SaveButton>
            </FormProvider>
          </Form>
        </Section>
      </div>
    </DetailPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
