import { Plus } from "lucide-react";
import { ProvinceOptions } from "~/components/form/options";
import { useEffect, useRef, useState } from "react";
import { Form, href, Link, useFetcher, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/edit";
import { OrderStatusBadge } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import { inputClass, selectClass } from "~/components/admin/field";
import { OrderTotals } from "~/components/admin/order-panels";
import { DetailPage, Panel } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { SaveButton } from "~/components/admin/save-button";
import {
  Alert,
  Field,
  FormProvider,
  FormSummary,
  useFieldError,
  useForm,
} from "~/components/form/form";
import { lazyModule } from "~/lib/lazy-module";
import { MAX_LINE_QUANTITY } from "~/lib/cart";
import { formatMoney } from "~/lib/money";
import { lineName } from "~/lib/order-edit";
import { orderEditForm } from "~/schemas/order-edit";
import { redirectWithToast } from "~/server/admin/flash.server";
import { auditActor } from "~/server/auth/actor.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";
import {
  editPendingOrder,
  getOrderForEdit,
  ORDER_NOT_FOUND,
  previewOrderEdit,
} from "~/server/orders/order-edit.server";

// Editing a pending (unpaid) order: quantities, lines removed, sizes added at today's price, the
// shipping address. The rules and the one transaction are app/server/orders/order-edit.server.ts.
export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders.edit")];

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Edit ${params.orderNumber} · Orders · Admin` },
];

/** The form's rules, fetched when it is first focused (zod stays off the page's first load). */
const editRules = lazyModule(() => import("~/schemas/order-edit").then((m) => m.orderEditForm));

export async function loader({ params }: Route.LoaderArgs) {
  const found = await getOrderForEdit(params.orderNumber);
  invariantResponse(found, ORDER_NOT_FOUND, { status: 404 });
  const { order } = found;
  return {
    order: {
      orderNumber: order.orderNumber,
      status: order.status,
      version: order.version,
      couponCode: order.couponCode,
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      shippingCents: order.shippingCostCents,
      totalCents: order.totalAmountCents,
      address: found.address,
    },
    items: found.items,
    taxLines: found.taxLines,
    sizes: found.sizes,
    refusal: found.refusal,
  };
}

/** A preview (the live "Totals now") writes nothing: the page's data need not be read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => (formData?.get("intent") === PREVIEW ? false : defaultShouldRevalidate);

const PREVIEW = "preview";

export async function action({ request, params, context }: Route.ActionArgs) {
  const posted = await request.formData();
  const submission = await parseForm(posted, orderEditForm);
  const preview = posted.get("intent") === PREVIEW;
  if (!submission.ok) return preview ? { preview: null } : submission.reply;
  const { version, lines, add, ...address } = submission.data;
  const edit = { orderNumber: params.orderNumber, version, lines, add, address };
  const actor = auditActor(context);
  if (preview) {
    // While the form is being filled in, its totals as a save would make them (or why not).
    const result = await previewOrderEdit({ ...edit, actor });
    return {
      preview: result.ok
        ? { totals: result.totals, changed: result.changed }
        : { refusal: result.message },
    };
  }
  const result = await editPendingOrder({ ...edit, actor });
  if (!result.ok)
    return formReply(result.errors ?? { form: result.message }, {
      status: result.status,
      form: submission.form,
    });
  const orderPage = href("/budzadmin/dashboard/orders/:orderNumber", {
    orderNumber: result.orderNumber,
  });
  if (!result.changed)
    return redirectWithToast(
      orderPage,
      `Nothing to save: order ${result.orderNumber} is unchanged.`,
    );
  const total =
    result.totalBeforeCents === result.totalAfterCents
      ? `total still ${formatMoney(result.totalAfterCents)}`
      : `total ${formatMoney(result.totalBeforeCents)} → ${formatMoney(result.totalAfterCents)}`;
  return redirectWithToast(
    orderPage,
    `Order ${result.orderNumber} updated (${total}). The shopper is emailed the new amount.`,
  );
}

/** The form's totals as a save would make them, asked of the server a moment after each change. */
function useEditPreview(formId: string) {
  const fetcher = useFetcher<typeof action>();
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const schedule = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const form = document.getElementById(formId);
      if (!(form instanceof HTMLFormElement)) return;
      const data = new FormData(form);
      data.set("intent", PREVIEW);
      void fetcher.submit(data, { method: "post" });
    }, 300);
  };
  const preview = fetcher.data && "preview" in fetcher.data ? fetcher.data.preview : null;
  return { schedule, preview, checking: fetcher.state !== "idle" };
}

type AddressField = "name" | "street" | "city" | "province" | "postalCode";

/** A required line of the address, as the order holds it until it is changed. */
function AddressInput({
  name,
  label,
  maxLength,
  placeholder,
  value,
  className,
}: {
  name: AddressField;
  label: string;
  maxLength: number;
  placeholder?: string;
  value: (name: AddressField) => string;
  className?: string;
}) {
  return (
    <Field name={name} label={label} required className={className}>
      {(p) => (
        <input
          {...p}
          required
          maxLength={maxLength}
          autoComplete="off"
          placeholder={placeholder}
          defaultValue={value(name)}
          className={inputClass}
        />
      )}
    </Field>
  );
}

export default function EditOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, items, taxLines, sizes, refusal } = loaderData;
  const form = useForm({
    rules: editRules,
    lastResult: actionData && "preview" in actionData ? undefined : actionData,
  });
  const formId = "order-edit-form";
  const live = useEditPreview(formId);
  const totals = live.preview && "totals" in live.preview ? live.preview.totals : null;
  const orderPage = href("/budzadmin/dashboard/orders/:orderNumber", {
    orderNumber: order.orderNumber,
  });
  const value = (name: keyof typeof order.address) => form.values?.[name] ?? order.address[name];
  return (
    <DetailPage
      back={{ to: orderPage, label: `Order ${order.orderNumber}` }}
      title={`Edit order ${order.orderNumber}`}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} /> Kept lines keep the price they were ordered at;
          added sizes take today&apos;s price.
        </span>
      }
    >
      {refusal ? (
        <div className="max-w-2xl">
          <Alert message={refusal} />
          <Link to={orderPage} className={buttonClass("secondary")}>
            Back to the order
          </Link>
        </div>
      ) : (
        <Form
          method="post"
          id={formId}
          replace
          {...form.props}
          onChange={(event) => {
            form.props.onChange(event);
            live.schedule();
          }}
        >
          <FormProvider form={form}>
            <FormSummary />
            <input type="hidden" name="version" value={order.version} />
            <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
              <div className="space-y-6">
                <Panel title="Items" id="edit-items" flush>
                  <ul className="divide-y divide-stone-100">
                    {items.map((item, i) => (
                      <ItemRow key={item.id} index={i} item={item} values={form.values} />
                    ))}
                  </ul>
                </Panel>
                <AddSizes sizes={sizes} values={form.values} />
                <Panel title="Ship to" id="edit-address">
                  <div className="grid gap-4 sm:grid-cols-2">
                    <AddressInput
                      name="name"
                      label="Full name"
                      maxLength={120}
                      value={value}
                      className="sm:col-span-2"
                    />
                    <AddressInput
                      name="street"
                      label="Street address"
                      maxLength={200}
                      value={value}
                      className="sm:col-span-2"
                    />
                    <AddressInput name="city" label="City" maxLength={100} value={value} />
                    <Field name="province" label="Province or territory" required>
                      {(p) => (
                        <select {...p} defaultValue={value("province")} className={selectClass}>
                          <ProvinceOptions />
                        </select>
                      )}
                    </Field>
                    <AddressInput
                      name="postalCode"
                      label="Postal code"
                      maxLength={10}
                      placeholder="A1A 1A1"
                      value={value}
                    />
                  </div>
                </Panel>
              </div>
              <div className="space-y-6">
                <Panel
                  title="Totals now"
                  id="edit-totals"
                  footer={
                    <>
                      <Link to={orderPage} className={buttonClass("secondary")}>
                        Cancel
                      </Link>
                      <SaveButton form={formId}>Save changes</SaveButton>
                    </>
                  }
                >
                  <OrderTotals
                    subtotalCents={totals?.subtotalCents ?? order.subtotalCents}
                    discountCents={totals?.discountCents ?? order.discountCents}
                    couponCode={order.couponCode}
                    shippingCents={totals?.shippingCents ?? order.shippingCents}
                    taxLines={totals?.taxLines ?? taxLines}
                    totalCents={totals?.totalCents ?? order.totalCents}
                  />
                  <p role="status" className="mt-3 text-xs font-medium text-stone-700">
                    {live.checking
                      ? "Updating the totals…"
                      : live.preview && "refusal" in live.preview
                        ? live.preview.refusal
                        : live.preview?.changed
                          ? `After your changes (was ${formatMoney(order.totalCents)}).`
                          : "As the order stands."}
                  </p>
                  <p className="mt-2 text-xs text-stone-500">
                    Saving recomputes the totals, taxes, coupon and free shipping on the server,
                    moves the stock, and emails the shopper the new amount to send by e-Transfer.
                    The order&apos;s history records what changed.
                  </p>
                </Panel>
              </div>
            </div>
          </FormProvider>
        </Form>
      )}
    </DetailPage>
  );
}

type Values = Record<string, string> | undefined;

function ItemRow({
  index,
  item,
  values,
}: {
  index: number;
  item: {
    id: string;
    productName: string;
    sizeLabel: string | null;
    quantity: number;
    priceCents: number;
  };
  values: Values;
}) {
  const name = `lines.${index}`;
  const error = useFieldError(`${name}.quantity`);
  const [removed, setRemoved] = useState(values ? values[`${name}.remove`] === "on" : false);
  const label = lineName(item);
  const quantityId = `edit-qty-${index}`;
  return (
    <li className={`px-5 py-3 ${removed ? "bg-stone-50" : ""}`}>
      <input type="hidden" name={`${name}.id`} value={item.id} />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <p
            className={`font-medium ${removed ? "text-stone-500 line-through" : "text-stone-900"}`}
          >
            {item.productName}
          </p>
          <p className="text-xs text-stone-500">
            {item.sizeLabel ? `Size ${item.sizeLabel} · ` : ""}
            {formatMoney(item.priceCents)} each, as ordered · was {item.quantity}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={quantityId} className="text-sm text-stone-600">
            Qty<span className="sr-only"> of {label}</span>
          </label>
          <input
            id={quantityId}
            name={`${name}.quantity`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_LINE_QUANTITY}
            step={1}
            disabled={removed}
            defaultValue={values?.[`${name}.quantity`] ?? item.quantity}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${quantityId}-error` : undefined}
            className={`${inputClass} w-20 tabular-nums`}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-stone-700">
          <input
            type="checkbox"
            name={`${name}.remove`}
            checked={removed}
            onChange={(e) => setRemoved(e.currentTarget.checked)}
            className="h-4 w-4 accent-brand-700"
          />
          Remove<span className="sr-only"> {label}</span>
        </label>
      </div>
      {error ? (
        <p id={`${quantityId}-error`} className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </li>
  );
}

interface SizeOption {
  id: string;
  productName: string;
  sizeLabel: string | null;
  priceCents: number;
  available: number;
}

/** Rows of "size to add + quantity"; one to start with, more on "Add another size". */
function AddSizes({ sizes, values }: { sizes: SizeOption[]; values: Values }) {
  const posted = values
    ? Object.keys(values).filter((key) => /^add\.\d+\.item$/.test(key)).length
    : 0;
  const [rows, setRows] = useState(Math.max(1, posted));
  // Sizes grouped by product, as the select lists them.
  const groups = new Map<string, SizeOption[]>();
  for (const size of sizes)
    groups.set(size.productName, [...(groups.get(size.productName) ?? []), size]);
  return (
    <Panel title="Add a size" id="edit-add">
      {sizes.length === 0 ? (
        <p className="text-sm text-stone-500">Nothing on sale is in stock to add.</p>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-stone-600">
            At today&apos;s price. Leave it on “None” to add nothing.
          </p>
          {Array.from({ length: rows }, (_, i) => (
            <div key={i} className="grid gap-3 sm:grid-cols-[1fr_6rem]">
              <Field
                name={`add.${i}.item`}
                label={rows > 1 ? `Size to add ${i + 1}` : "Size to add"}
              >
                {(p) => (
                  <select
                    {...p}
                    defaultValue={values?.[`add.${i}.item`] ?? ""}
                    className={selectClass}
                  >
                    <option value="">None</option>
                    {[...groups].map(([product, options]) => (
                      <optgroup key={product} label={product}>
                        {options.map((size) => (
                          <option key={size.id} value={size.id}>
                            {`${lineName(size)} · ${formatMoney(size.priceCents)} (${size.available} in stock)`}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                )}
              </Field>
              <Field name={`add.${i}.quantity`} label="Qty">
                {(p) => (
                  <input
                    {...p}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MAX_LINE_QUANTITY}
                    step={1}
                    defaultValue={values?.[`add.${i}.quantity`] ?? "1"}
                    className={`${inputClass} tabular-nums`}
                  />
                )}
              </Field>
            </div>
          ))}
          {rows < 10 ? (
            <button
              type="button"
              onClick={() => setRows((n) => n + 1)}
              className={buttonClass("secondary", "sm")}
            >
              <Plus className="h-4 w-4" aria-hidden /> Add another size
            </button>
          ) : null}
        </div>
      )}
    </Panel>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
