import { Search } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/order-lookup";
import { Field, inputClass } from "~/components/store/checkout-field";
import {
  EtransferInstructions,
  OrderDetails,
  OrderStatusBadge,
} from "~/components/store/order-details";
import { orderStatusLabel } from "~/lib/order-status";
import { fieldErrors } from "~/schemas/checkout";
import { plainText, stripControlCharacters } from "~/schemas/text";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { config } from "~/server/config.server";
import { lookupOrder } from "~/server/orders/order-view.server";
import { readForm } from "~/server/http/form.server";
import { clientIp } from "~/server/http/request-context.server";

export function meta() {
  return [
    { title: "Order look-up" },
    { name: "description", content: "Check the status of your order." },
  ];
}

const LookupSchema = z.object({
  orderNumber: plainText(40, "Please enter your order number"),
  email: z
    .string()
    .overwrite(stripControlCharacters)
    .trim()
    .min(1, { error: "Please enter the email you ordered with" })
    .max(254)
    .pipe(z.email({ error: "Please enter a valid email address" })),
});

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const values = {
    orderNumber: String(form.get("orderNumber") ?? ""),
    email: String(form.get("email") ?? ""),
  };
  const parsed = LookupSchema.safeParse(values);
  if (!parsed.success) {
    return data(
      { errors: fieldErrors(parsed.error), message: null, order: null, values },
      { status: 400 },
    );
  }
  const result = await lookupOrder({ ...parsed.data, ipAddress: clientIp(context) });
  if (!result.ok) {
    return data(
      { errors: {}, message: result.message, order: null, values },
      { status: result.status },
    );
  }
  return data(
    {
      errors: {},
      message: null,
      order: result.order,
      etransferEmail: config().ETRANSFER_EMAIL,
      values,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function OrderLookup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const order = actionData?.order;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">Order look-up</h1>
      <p className="mt-2 text-stone-600">
        Enter your order number (it starts with BBS-) and the email you ordered with.
      </p>

      <Form
        method="post"
        noValidate
        className="mt-6 grid gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-start sm:p-6"
      >
        <Field label="Order number" name="orderNumber" error={errors.orderNumber}>
          <input
            id="orderNumber"
            name="orderNumber"
            placeholder="BBS-00000000"
            autoComplete="off"
            defaultValue={actionData?.values.orderNumber}
            className={`${inputClass(errors.orderNumber)} uppercase placeholder:normal-case`}
          />
        </Field>
        <Field label="Email" name="email" error={errors.email}>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={actionData?.values.email}
            className={inputClass(errors.email)}
          />
        </Field>
        <button
          type="submit"
          disabled={busy}
          className="inline-flex items-center justify-center gap-2 rounded-full bg-brand-800 px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60 sm:mt-7"
        >
          <Search className="h-4 w-4" aria-hidden="true" />
          {busy ? "Looking…" : "Find order"}
        </button>
      </Form>

      {actionData?.message ? (
        <p
          role="alert"
          className="mt-6 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {actionData.message}
        </p>
      ) : null}

      {order ? (
        <div className="mt-10 space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 className="font-mono text-xl font-bold text-stone-900">{order.orderNumber}</h2>
              <p className="text-sm text-stone-600">Placed {order.placedOn}</p>
            </div>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="text-stone-700">{orderStatusLabel(order.status).description}</p>
          {order.status === "pending" && actionData && "etransferEmail" in actionData ? (
            <EtransferInstructions order={order} etransferEmail={actionData.etransferEmail} />
          ) : null}
          <OrderDetails order={order} />
        </div>
      ) : null}
    </div>
  );
}
