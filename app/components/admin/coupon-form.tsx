import { Lock } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import type { FormReply } from "~/lib/form";
import { couponForm } from "~/schemas/coupons";
import { inputClass, selectClass } from "./field";

/** What the form starts from: a saved coupon (dates as calendar days), or nothing for a new one. */
interface CouponFormValues {
  code: string;
  description: string;
  type: "percentage" | "fixed";
  value: number;
  minOrderCents: number;
  maxUses: number | null;
  perCustomerLimit: number | null;
  startDay: string;
  endDay: string | null;
  isActive: boolean;
  revision: number;
}

const TYPE_NAMES = { percentage: "Percentage (%)", fixed: "Dollar amount ($)" } as const;

const dollars = (cents: number) =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);

/**
 * The coupon form (docs/product/customers-and-marketing.md#coupons), for a new coupon (modal) and
 * on a coupon's page. `locked` (a used coupon) shows code and type read-only with the reason; the
 * server refuses changing them anyway.
 */
export function CouponForm({
  coupon,
  today,
  locked,
  lastResult,
  formId,
}: {
  coupon?: CouponFormValues;
  today: string;
  locked?: string;
  lastResult?: FormReply;
  formId: string;
}) {
  const form = useForm({ rules: couponForm, lastResult });
  const [type, setType] = useState(coupon?.type ?? "percentage");
  const lockedHint = locked ? "Locked: this coupon has been used" : undefined;
  return (
    <Form method="post" id={formId} {...form.props} className="space-y-6">
      <FormProvider form={form}>
        <FormSummary />
        {locked ? (
          <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {locked}
          </p>
        ) : null}
        {coupon ? <input type="hidden" name="revision" value={coupon.revision} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            name="code"
            label="Coupon code"
            required
            hint={lockedHint ?? "What shoppers type at checkout; not case-sensitive"}
          >
            {(p) => (
              <input
                {...p}
                defaultValue={coupon?.code}
                readOnly={Boolean(locked)}
                maxLength={30}
                autoComplete="off"
                spellCheck={false}
                placeholder="SUMMER25"
                className={`${inputClass} font-mono uppercase read-only:bg-stone-100 read-only:text-stone-600`}
              />
            )}
          </Field>
          <Field name="type" label="Discount type" required hint={lockedHint}>
            {(p) =>
              locked ? (
                <>
                  <input
                    {...p}
                    name={undefined}
                    value={TYPE_NAMES[type]}
                    readOnly
                    className={`${inputClass} read-only:bg-stone-100 read-only:text-stone-600`}
                  />
                  <input type="hidden" name="type" value={type} />
                </>
              ) : (
                <select
                  {...p}
                  value={type}
                  onChange={(e) => setType(e.target.value as typeof type)}
                  className={selectClass}
                >
                  <option value="percentage">{TYPE_NAMES.percentage}</option>
                  <option value="fixed">{TYPE_NAMES.fixed}</option>
                </select>
              )
            }
          </Field>
          <Field name="description" label="Description" className="sm:col-span-2">
            {(p) => (
              <input
                {...p}
                defaultValue={coupon?.description}
                maxLength={200}
                placeholder="20% off your first order"
                className={inputClass}
              />
            )}
          </Field>
          <Field
            name="value"
            label={type === "percentage" ? "Discount (%)" : "Discount ($)"}
            required
            hint={
              type === "percentage"
                ? "A whole number from 1 to 100"
                : "Never more than the order's subtotal"
            }
          >
            {(p) => (
              <input
                {...p}
                inputMode={type === "percentage" ? "numeric" : "decimal"}
                defaultValue={
                  coupon ? (coupon.type === "fixed" ? dollars(coupon.value) : coupon.value) : ""
                }
                placeholder={type === "percentage" ? "20" : "20.00"}
                className={inputClass}
              />
            )}
          </Field>
          <Field name="minOrder" label="Minimum order ($)" hint="Subtotal needed; empty for none">
            {(p) => (
              <input
                {...p}
                inputMode="decimal"
                defaultValue={coupon?.minOrderCents ? dollars(coupon.minOrderCents) : ""}
                placeholder="0.00"
                className={inputClass}
              />
            )}
          </Field>
          <Field name="maxUses" label="Max uses" hint="In all; empty for unlimited">
            {(p) => (
              <input
                {...p}
                inputMode="numeric"
                defaultValue={coupon?.maxUses ?? ""}
                placeholder="Unlimited"
                className={inputClass}
              />
            )}
          </Field>
          <Field
            name="perCustomerLimit"
            label="Uses per customer"
            hint="Counted by email; empty for no limit"
          >
            {(p) => (
              <input
                {...p}
                inputMode="numeric"
                defaultValue={coupon?.perCustomerLimit ?? ""}
                placeholder="No limit"
                className={inputClass}
              />
            )}
          </Field>
          <Field name="startDate" label="Start date" required hint="From midnight, store time">
            {(p) => (
              <input
                {...p}
                type="date"
                defaultValue={coupon?.startDay ?? today}
                className={inputClass}
              />
            )}
          </Field>
          <Field name="endDate" label="End date" hint="Through the end of that day; empty for none">
            {(p) => (
              <input
                {...p}
                type="date"
                defaultValue={coupon?.endDay ?? ""}
                className={inputClass}
              />
            )}
          </Field>
        </div>
        <label className="flex items-start gap-3 rounded-lg border border-stone-200 p-3">
          <input
            type="checkbox"
            name="isActive"
            defaultChecked={coupon?.isActive ?? true}
            className="mt-0.5 h-4 w-4 rounded border-stone-300 accent-brand-700"
          />
          <span className="text-sm">
            <span className="font-medium text-stone-900">Active</span>
            <span className="block text-stone-500">
              Shoppers can use it between its dates. Untick to switch it off at once.
            </span>
          </span>
        </label>
      </FormProvider>
    </Form>
  );
}
