import { useMemo, useState } from "react";
import { Form } from "react-router";
import { amountUnit, resolveKind, type CannabisKind } from "~/lib/cannabis-limit";
import { CATEGORIES } from "~/lib/categories";
import { parseMoneyToCents } from "~/lib/money";
import { lazyModule } from "~/lib/lazy-module";
import {
  DEFAULT_COST_RATIO,
  productFormValues,
  STRAINS,
  type ProductFormProduct,
} from "~/lib/product-fields";
import { DEFAULT_STOCK_ALERT_LEVEL } from "~/lib/stock";
import { formErrors, type FormErrors } from "~/schemas/form-errors";
import { CannabisContentFields } from "./cannabis-content-fields";
import { Field, inputClass, selectClass } from "./field";
import { ProductImagesFields } from "./product-images-fields";
import { variationRows, VariationsEditor, type VariationRow } from "./variations-editor";

// The instant checks use the action's own schema, but zod (about 24 KB gzip) is fetched when the
// owner first focuses the form, not with the page; until it has arrived the server checks.
const productRules = lazyModule(() => import("~/schemas/product"));

export const PRODUCTS_PATH = "/budzadmin/dashboard/products";
export const DELETE_PRODUCT_CONFIRMATION =
  "Are you sure you want to delete this product? This action cannot be undone.";

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * SPEC §3's admin product form. Edit defaults: cost price 60 % of the price, SKU 'SKU-' + id,
 * alert level 10, stock = sum of the variations (the field is then read-only) or the product's.
 */
export function ProductForm({
  product,
  serverErrors,
  formId,
}: {
  product?: ProductFormProduct;
  serverErrors?: FormErrors;
  formId: string;
}) {
  const [clientErrors, setClientErrors] = useState<FormErrors>();
  const errors = clientErrors ?? serverErrors ?? {};
  const [price, setPrice] = useState(product ? dollars(product.sellingPriceCents) : "");
  const [cost, setCost] = useState(
    product
      ? dollars(
          product.costPriceCents || Math.round(product.sellingPriceCents * DEFAULT_COST_RATIO),
        )
      : "",
  );
  const [costTouched, setCostTouched] = useState(Boolean(product));
  const [variations, setVariations] = useState<VariationRow[]>(() =>
    variationRows(product?.variations ?? []),
  );
  // The 30 g limit: the kind follows the category until the owner picks one.
  const [kind, setKind] = useState<CannabisKind>(
    resolveKind({
      category: product?.category ?? "flowers",
      cannabisKind: product?.cannabisKind ?? null,
    }),
  );
  const [kindTouched, setKindTouched] = useState(Boolean(product));
  const measure = amountUnit(kind) === "seeds" ? "seeds" : "g";
  const variationStock = useMemo(
    () => variations.reduce((sum, v) => sum + (Number.parseInt(v.stock, 10) || 0), 0),
    [variations],
  );

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const rules = productRules.current();
    if (!rules) return;
    const parsed = rules.ProductFormSchema.safeParse(
      productFormValues(new FormData(event.currentTarget)),
    );
    if (!parsed.success) {
      event.preventDefault();
      setClientErrors(formErrors(parsed.error));
      return;
    }
    setClientErrors(undefined);
  }

  return (
    <Form
      method="post"
      id={formId}
      onSubmit={onSubmit}
      onFocus={() => void productRules.load()}
      noValidate
      className="space-y-8"
    >
      {Object.keys(errors).length > 0 ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          {errors.form ?? "Please correct the highlighted fields."}
        </p>
      ) : null}

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">
          Details
        </legend>
        <Field label="Product Name" required error={errors.name} className="sm:col-span-2">
          {(p) => (
            <input
              {...p}
              name="name"
              defaultValue={product?.name}
              maxLength={120}
              className={inputClass}
            />
          )}
        </Field>
        <Field label="SKU" required error={errors.sku}>
          {(p) => (
            <input
              {...p}
              name="sku"
              defaultValue={product ? (product.sku ?? `SKU-${product.id}`) : ""}
              maxLength={60}
              placeholder="SKU-FLO-00001"
              className={inputClass}
            />
          )}
        </Field>
        <Field label="Category" required error={errors.category}>
          {(p) => (
            <select
              {...p}
              name="category"
              defaultValue={product?.category ?? ""}
              onChange={(e) => {
                if (!kindTouched)
                  setKind(resolveKind({ category: e.target.value, cannabisKind: null }));
              }}
              className={selectClass}
            >
              <option value="" disabled>
                Choose a category
              </option>
              {CATEGORIES.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Selling Price ($)" required error={errors.price}>
          {(p) => (
            <input
              {...p}
              name="price"
              inputMode="decimal"
              value={price}
              onChange={(e) => {
                setPrice(e.target.value);
                if (!costTouched) {
                  const cents = parseMoneyToCents(e.target.value);
                  setCost(cents ? dollars(Math.round(cents * DEFAULT_COST_RATIO)) : "");
                }
              }}
              placeholder="0.00"
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label="Cost Price ($)"
          required
          error={errors.costPrice}
          hint="Defaults to 60% of the selling price"
        >
          {(p) => (
            <input
              {...p}
              name="costPrice"
              inputMode="decimal"
              value={cost}
              onChange={(e) => {
                setCost(e.target.value);
                setCostTouched(true);
              }}
              placeholder="0.00"
              className={inputClass}
            />
          )}
        </Field>
        <Field label="Strain" error={errors.strain}>
          {(p) => (
            <select
              {...p}
              name="strain"
              defaultValue={product?.strain ?? ""}
              className={selectClass}
            >
              <option value="">Not applicable</option>
              {STRAINS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Rating (0–5)" error={errors.rating} hint="5 when left empty">
          {(p) => (
            <input
              {...p}
              name="rating"
              inputMode="decimal"
              defaultValue={product?.rating ?? ""}
              placeholder="5"
              className={inputClass}
            />
          )}
        </Field>
        <Field label="THC" error={errors.thc} hint="Text such as 18-24%">
          {(p) => (
            <input
              {...p}
              name="thc"
              defaultValue={product?.thc ?? ""}
              maxLength={40}
              placeholder="18-24%"
              className={inputClass}
            />
          )}
        </Field>
        <Field label="CBD" error={errors.cbd}>
          {(p) => (
            <input
              {...p}
              name="cbd"
              defaultValue={product?.cbd ?? ""}
              maxLength={40}
              placeholder="0-1%"
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label="Current Stock"
          required
          error={errors.currentStock ?? errors.stock}
          hint={variations.length > 0 ? "Sum of the variations' stock" : undefined}
        >
          {(p) =>
            variations.length > 0 ? (
              <input {...p} value={variationStock} readOnly disabled className={inputClass} />
            ) : (
              <input
                {...p}
                name="currentStock"
                inputMode="numeric"
                defaultValue={product ? product.stock : ""}
                placeholder="0"
                className={inputClass}
              />
            )
          }
        </Field>
        <Field label="Stock Alert Level" required error={errors.stockAlertLevel}>
          {(p) => (
            <input
              {...p}
              name="stockAlertLevel"
              inputMode="numeric"
              defaultValue={product?.stockAlertLevel ?? DEFAULT_STOCK_ALERT_LEVEL}
              className={inputClass}
            />
          )}
        </Field>
        {product ? (
          <Field
            label="Status"
            error={errors.status}
            hint="Archived products are hidden from the store"
          >
            {(p) => (
              <select {...p} name="status" defaultValue={product.status} className={selectClass}>
                <option value="active">Active</option>
                <option value="archived">Archived</option>
              </select>
            )}
          </Field>
        ) : null}
        <Field label="Description" required error={errors.description} className="sm:col-span-2">
          {(p) => (
            <textarea
              {...p}
              name="description"
              rows={4}
              defaultValue={product?.description}
              maxLength={5000}
              className={inputClass}
            />
          )}
        </Field>
      </fieldset>

      <CannabisContentFields
        kind={kind}
        onKindChange={(next) => {
          setKind(next);
          setKindTouched(true);
        }}
        measure={measure}
        showNetAmount={variations.length === 0}
        netAmountMilli={product?.netAmountMilli ?? null}
        errors={errors}
      />

      <ProductImagesFields
        imageUrl={product?.imageUrl ?? ""}
        thumbnailUrls={product?.thumbnailUrls ?? []}
        errors={errors}
      />

      <VariationsEditor
        variations={variations}
        onChange={setVariations}
        errors={errors}
        kind={kind}
        measure={measure}
      />
    </Form>
  );
}
