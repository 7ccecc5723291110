import { Lock } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { CouponFormSchema } from "~/schemas/coupons";
import type { FormErrors } from "~/schemas/form-errors";
import { Field, inputClass, selectClass } from "./field";
import { useSchemaForm } from "./use-schema-form";

/** What the form starts from: a saved coupon (dates as calendar days), or nothing for a new one. */
export interface CouponFormValues {
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
 * SPEC §3's coupon form, for a new coupon (modal) and on a coupon's page. `locked` (a used
 * coupon) shows code and type read-only with the reason; the server refuses changing them anyway.
 */
export function CouponForm({
  coupon,
  today,
  locked,
  serverErrors,
  formId,
}: {
  coupon?: CouponFormValues;
  today: string;
  locked?: string;
  serverErrors?: FormErrors;
  formId: string;
}) {
  const { errors, showSummary, ...handlers } = useSchemaForm(CouponFormSchema, serverErrors);
  const [type, setType] = useState(coupon?.type ?? "percentage");
  const lockedHint = locked ? "Locked: this coupon has been used" : undefined;
  return (
    <Form method="post" id={formId} noValidate {...handlers} className="space-y-6">
      {showSummary ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          {errors.form ?? "Please correct the highlighted fields."}
        </p>
      ) : null}
      {locked ? (
        <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {locked}
        </p>
      ) : null}
      {coupon ? <input type="hidden" name="revision" value={coupon.revision} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Coupon code"
          required
          error={errors.code}
          hint={lockedHint ?? "What shoppers type at checkout; not case-sensitive"}
        >
          {(p) => (
            <input
              {...p}
              name="code"
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
        <Field label="Discount type" required error={errors.type} hint={lockedHint}>
          {(p) =>
            locked ? (
              <>
                <input
                  {...p}
                  value={TYPE_NAMES[type]}
                  readOnly
                  className={`${inputClass} read-only:bg-stone-100 read-only:text-stone-600`}
                />
                <input type="hidden" name="type" value={type} />
              </>
            ) : (
              <select
                {...p}
                name="type"
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
        <Field label="Description" error={errors.description} className="sm:col-span-2">
          {(p) => (
            <input
              {...p}
              name="description"
              defaultValue={coupon?.description}
              maxLength={200}
              placeholder="20% off your first order"
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label={type === "percentage" ? "Discount (%)" : "Discount ($)"}
          required
          error={errors.value}
          hint={
            type === "percentage"
              ? "A whole number from 1 to 100"
              : "Never more than the order's subtotal"
          }
        >
          {(p) => (
            <input
              {...p}
              name="value"
              inputMode={type === "percentage" ? "numeric" : "decimal"}
              defaultValue={
                coupon ? (coupon.type === "fixed" ? dollars(coupon.value) : coupon.value) : ""
              }
              placeholder={type === "percentage" ? "20" : "20.00"}
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label="Minimum order ($)"
          error={errors.minOrder}
          hint="Subtotal needed; empty for none"
        >
          {(p) => (
            <input
              {...p}
              name="minOrder"
              inputMode="decimal"
              defaultValue={coupon?.minOrderCents ? dollars(coupon.minOrderCents) : ""}
              placeholder="0.00"
              className={inputClass}
            />
          )}
        </Field>
        <Field label="Max uses" error={errors.maxUses} hint="In all; empty for unlimited">
          {(p) => (
            <input
              {...p}
              name="maxUses"
              inputMode="numeric"
              defaultValue={coupon?.maxUses ?? ""}
              placeholder="Unlimited"
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label="Uses per customer"
          error={errors.perCustomerLimit}
          hint="Counted by email; empty for no limit"
        >
          {(p) => (
            <input
              {...p}
              name="perCustomerLimit"
              inputMode="numeric"
              defaultValue={coupon?.perCustomerLimit ?? ""}
              placeholder="No limit"
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label="Start date"
          required
          error={errors.startDate}
          hint="From midnight, store time"
        >
          {(p) => (
            <input
              {...p}
              type="date"
              name="startDate"
              defaultValue={coupon?.startDay ?? today}
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label="End date"
          error={errors.endDate}
          hint="Through the end of that day; empty for none"
        >
          {(p) => (
            <input
              {...p}
              type="date"
              name="endDate"
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
    </Form>
  );
}
