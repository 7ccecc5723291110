import { Form, href } from "react-router";
import type { Route } from "./+types/handover";
import { OrderStatusBadge } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { DetailPage, Section } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import {
  Alert,
  Field,
  FormProvider,
  FormSummary,
  useFieldError,
  useForm,
} from "~/components/form/form";
import { formatDateTime, withDateTexts } from "~/lib/dates";
import { replyOf } from "~/lib/form";
import { fulfilmentLine } from "~/lib/fulfilment";
import {
  HANDOVER_RESULT_NAMES,
  ID_KIND_NAMES,
  ID_KINDS,
  REFUSAL_REASON_NAMES,
  REFUSAL_REASONS,
  type IdKind,
  type RefusalReason,
} from "~/lib/handover";
import { formatMoney } from "~/lib/money";
import { handOverForm, refuseHandoverForm } from "~/schemas/handover";
import { redirectWithToast } from "~/server/admin/flash.server";
import { auditActor } from "~/server/auth/actor.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { config } from "~/server/config.server";
import { handoverView, recordHandover } from "~/server/shipping/handover.server";
import { dispatchIntent, formReply, parseForm, readForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";

// Every role delivers (the admin guard on the admin layout has already checked the session).
export const middleware: Route.MiddlewareFunction[] = [requirePermission("delivery")];

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Hand over ${params.orderNumber} · Admin` },
];

const NOT_FOUND = "This order does not exist. Check the order number or the pickup code.";

export async function loader({ params }: Route.LoaderArgs) {
  const view = await handoverView(params.orderNumber);
  invariantResponse(view, NOT_FOUND, { status: 404 });
  return withDateTexts(view, config().STORE_TIMEZONE);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = auditActor(context);
  const form = await readForm(request);
  const here = href("/budzadmin/dashboard/handover/:orderNumber", {
    orderNumber: params.orderNumber,
  });
  const record = async (
    expectedStatus: string,
    handover: Parameters<typeof recordHandover>[0]["handover"],
  ) => {
    const result = await recordHandover({
      orderNumber: params.orderNumber,
      expectedStatus,
      handover,
      actor,
    });
    if (!result.ok)
      return formReply(result.errors ?? { form: result.message }, { status: result.status, form });
    const message =
      result.result === "delivered"
        ? `Order ${result.orderNumber} handed over.`
        : `Order ${result.orderNumber} recorded as refused: its stock is back${result.refunded > 0 ? ` and a refund of ${formatMoney(result.refunded)} is recorded. Send it by e-Transfer` : ""}.`;
    return redirectWithToast(here, message);
  };
  return dispatchIntent(form, {
    "hand-over": async () => {
      const submission = await parseForm(form, handOverForm);
      if (!submission.ok) return submission.reply;
      const { from, idKind, birthYear, birthdayPassed } = submission.data;
      return record(from, { result: "delivered", idKind, birthYear, birthdayPassed });
    },
    refuse: async () => {
      const submission = await parseForm(form, refuseHandoverForm);
      if (!submission.ok) return submission.reply;
      return record(submission.data.from, { result: "refused", reason: submission.data.reason });
    },
  });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function Handover({ loaderData, actionData }: Route.ComponentProps) {
  const { order, items, legalAge, canHandOver, records, dates } = loaderData;
  const handOver = useForm({ lastResult: replyOf(actionData, "hand-over") });
  const refuse = useForm({ lastResult: replyOf(actionData, "refuse") });
  const pickup = order.fulfilmentMethod === "pickup";
  const paid = order.paidAt !== null && order.refundedCents < order.totalCents;
  return (
    <DetailPage
      back={
        pickup
          ? { to: href("/budzadmin/dashboard/handover"), label: "Hand over another order" }
          : {
              to: `${href("/budzadmin/print/delivery-run")}${order.deliveryDate ? `?date=${order.deliveryDate}` : ""}`,
              label: "Delivery run",
            }
      }
      title={`Hand over ${order.orderNumber}`}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} /> {fulfilmentLine(order)}
        </span>
      }
    >
      <div className="grid max-w-3xl grid-cols-1 gap-6">
        <Section title={pickup ? "Picking up" : "Delivering to"}>
          <p className="font-semibold break-words text-stone-900">{order.name}</p>
          {pickup ? null : (
            <address className="text-sm leading-6 break-words not-italic">
              {order.street}, {order.city} {order.province} {order.postalCode}
            </address>
          )}
          {order.phone ? (
            <a href={`tel:${order.phone}`} className="text-sm text-brand-800 underline">
              {order.phone}
            </a>
          ) : null}
          <ul className="mt-3 text-sm text-stone-700">
            {items.map((item, i) => (
              <li key={i} className="break-words">
                {item.quantity} × {item.name}
                {item.size ? ` (${item.size})` : ""}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm font-medium text-stone-900">
            {order.paidAt ? "Collect: nothing (paid)." : "Not paid yet: do not hand it over."}
          </p>
        </Section>

        {canHandOver ? (
          <>
            <Section title="Handed over">
              <Form method="post" id="hand-over-form" {...handOver.props} className="space-y-4">
                <FormProvider form={handOver}>
                  <FormSummary />
                  <input type="hidden" name="intent" value="hand-over" />
                  <input type="hidden" name="from" value={order.status} />
                  <p className="text-sm text-stone-700">
                    Check government photo ID of the person taking the order: the photo matches, and
                    they are {legalAge} or older. Only the kind of ID and the year of birth are
                    kept.
                  </p>
                  <Field name="idKind" label="ID checked" required>
                    {(props) => (
                      <select
                        {...props}
                        required
                        defaultValue={(handOver.values?.idKind as IdKind | undefined) ?? ""}
                        className={inputClass}
                      >
                        <option value="" disabled>
                          Choose the ID…
                        </option>
                        {ID_KINDS.map((kind) => (
                          <option key={kind} value={kind}>
                            {ID_KIND_NAMES[kind]}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field name="birthYear" label="Year of birth on the ID" required>
                    {(props) => (
                      <input
                        {...props}
                        required
                        inputMode="numeric"
                        autoComplete="off"
                        maxLength={4}
                        defaultValue={handOver.values?.birthYear ?? ""}
                        className={`${inputClass} max-w-32`}
                      />
                    )}
                  </Field>
                  <BirthdayPassed
                    legalAge={legalAge}
                    checked={handOver.values?.birthdayPassed === "on"}
                  />
                  <button type="submit" className={buttonClass("primary")}>
                    {pickup ? "Picked up" : "Delivered"}
                  </button>
                </FormProvider>
              </Form>
            </Section>

            <Section title="Not handed over">
              <Form method="post" id="refuse-form" {...refuse.props} className="space-y-4">
                <FormProvider form={refuse}>
                  <FormSummary />
                  <input type="hidden" name="intent" value="refuse" />
                  <input type="hidden" name="from" value={order.status} />
                  <fieldset>
                    <legend className="mb-2 text-sm font-medium text-stone-700">Why</legend>
                    <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                      {REFUSAL_REASONS.filter((r) => !(pickup && r === "nobody_home")).map(
                        (reason: RefusalReason) => (
                          <label
                            key={reason}
                            className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm font-medium text-stone-800 has-[:checked]:border-red-600 has-[:checked]:bg-red-50"
                          >
                            <input
                              type="radio"
                              name="reason"
                              value={reason}
                              required
                              defaultChecked={refuse.values?.reason === reason}
                              className="h-4 w-4 accent-red-700"
                            />
                            {REFUSAL_REASON_NAMES[reason]}
                          </label>
                        ),
                      )}
                    </div>
                    <Alert message={refuse.errors.reason} className="mt-2" />
                  </fieldset>
                  <p className="text-sm text-stone-700">
                    The order comes back: it is cancelled, its stock returns
                    {paid
                      ? `, and a refund of ${formatMoney(order.totalCents - order.refundedCents)} is recorded for you to send by e-Transfer`
                      : ""}
                    . The shopper is emailed the reason.
                  </p>
                  <button type="submit" className={buttonClass("secondary", "md", "text-red-700")}>
                    Record as refused
                  </button>
                </FormProvider>
              </Form>
            </Section>
          </>
        ) : (
          <p className="rounded-xl border border-stone-200 bg-white p-5 text-sm text-stone-700">
            {order.fulfilmentMethod === "parcel"
              ? "This order is a Canada Post parcel: Canada Post checks the ID (Proof of Age) when it delivers."
              : order.status === "pending"
                ? "This order is not paid yet: it cannot be handed over."
                : "There is nothing left to hand over on this order."}
          </p>
        )}

        {records.length > 0 ? (
          <Section title="Delivery record">
            <ul className="divide-y divide-stone-100 text-sm">
              {records.map((record) => (
                <li key={record.id} className="py-2">
                  <p className="font-medium text-stone-900">
                    {HANDOVER_RESULT_NAMES[record.result as "delivered" | "refused"]}
                    {record.reason
                      ? `: ${REFUSAL_REASON_NAMES[record.reason as RefusalReason]}`
                      : ""}
                  </p>
                  <p className="text-stone-600">
                    {record.idKind
                      ? `${ID_KIND_NAMES[record.idKind as IdKind]}, born ${record.birthYear}. `
                      : ""}
                    By {record.staffName}, {formatDateTime(record.createdAt, dates)}
                  </p>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
      </div>
    </DetailPage>
  );
}

/** The tick asked when the person turns the legal age this year, with its message beneath. */
function BirthdayPassed({ legalAge, checked }: { legalAge: number; checked: boolean }) {
  const error = useFieldError("birthdayPassed");
  return (
    <div>
      <label className="flex items-start gap-2 text-sm text-stone-700">
        <input
          type="checkbox"
          name="birthdayPassed"
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "birthdayPassed-error" : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
        />
        <span>
          Their birthday this year has passed (asked only when they turn {legalAge} this year)
        </span>
      </label>
      {error ? (
        <p id="birthdayPassed-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
