import { Plus, Trash2 } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Form } from "react-router";
import {
  amountUnit,
  CANNABIS_KIND_LABELS,
  CANNABIS_KINDS,
  resolveKind,
  sizeAmountMilli,
  type CannabisKind,
} from "~/lib/cannabis-limit";
import { CATEGORIES } from "~/lib/categories";
import { parseMoneyToCents } from "~/lib/money";
import type { VariationSummary } from "~/lib/product";
import { formErrors, type FormErrors } from "~/schemas/form-errors";
import {
  DEFAULT_COST_RATIO,
  DEFAULT_STOCK_ALERT_LEVEL,
  formatNetAmount,
  MAX_VARIATIONS,
  ProductFormSchema,
  productFormValues,
  SIZE_UNITS,
  STRAINS,
  THUMBNAIL_SLOTS,
} from "~/schemas/product";
import { buttonClass } from "./button";
import { Field, inputClass } from "./field";
import { ImageSlot } from "./image-picker";

export const PRODUCTS_PATH = "/budzadmin/dashboard/products";
export const DELETE_PRODUCT_CONFIRMATION =
  "Are you sure you want to delete this product? This action cannot be undone.";

/** What the form starts from: an existing product, or nothing for a new one. */
export interface ProductFormProduct {
  id: string;
  name: string;
  sku: string | null;
  sellingPriceCents: number;
  costPriceCents: number;
  category: string;
  thc: string | null;
  cbd: string | null;
  strain: string | null;
  stock: number;
  stockAlertLevel: number;
  description: string;
  imageUrl: string;
  thumbnailUrls: string[];
  rating: number | null;
  status: string;
  cannabisKind: string | null;
  netAmountMilli: number | null;
  variations: VariationSummary[];
}

interface VariationRow {
  key: string;
  id: string;
  size: string;
  unit: string;
  price: string;
  stock: string;
  netAmount: string;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
let rowCounter = 0;
const newKey = () => `row-${++rowCounter}`;

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
  const [image, setImage] = useState(product?.imageUrl ?? "");
  const [thumbnails, setThumbnails] = useState<string[]>(() =>
    Array.from({ length: THUMBNAIL_SLOTS }, (_, i) => product?.thumbnailUrls[i] ?? ""),
  );
  const [variations, setVariations] = useState<VariationRow[]>(() =>
    (product?.variations ?? []).map((v) => ({
      key: newKey(),
      id: v.id,
      size: v.size,
      unit: v.sizeUnit,
      price: dollars(v.priceCents),
      stock: String(v.stock),
      netAmount: formatNetAmount(v.netAmountMilli),
    })),
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
  const setThumbnail = useCallback(
    (index: number) => (url: string) =>
      setThumbnails((current) => current.map((u, i) => (i === index ? url : u))),
    [],
  );
  const thumbnailSetters = useMemo(
    () => Array.from({ length: THUMBNAIL_SLOTS }, (_, i) => setThumbnail(i)),
    [setThumbnail],
  );

  function updateVariation(key: string, patch: Partial<VariationRow>) {
    setVariations((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const parsed = ProductFormSchema.safeParse(
      productFormValues(new FormData(event.currentTarget)),
    );
    if (!parsed.success) {
      event.preventDefault();
      setClientErrors(formErrors(parsed.error));
      return;
    }
    setClientErrors(undefined);
  }

  const select = `${inputClass} pr-8`;
  return (
    <Form method="post" id={formId} onSubmit={onSubmit} noValidate className="space-y-8">
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
              className={select}
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
            <select {...p} name="strain" defaultValue={product?.strain ?? ""} className={select}>
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
              <select {...p} name="status" defaultValue={product.status} className={select}>
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

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">
          Cannabis content (30 g limit)
        </legend>
        <Field
          label="Cannabis kind"
          required
          error={errors.cannabisKind}
          hint="Counts toward the 30 g of dried cannabis an order may hold"
        >
          {(p) => (
            <select
              {...p}
              name="cannabisKind"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as CannabisKind);
                setKindTouched(true);
              }}
              className={select}
            >
              {CANNABIS_KINDS.map((k) => (
                <option key={k} value={k}>
                  {CANNABIS_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {variations.length === 0 && kind !== "none" ? (
          <Field
            label={`Net amount per unit (${measure})`}
            required
            error={errors.netAmount}
            hint={measure === "seeds" ? "Seeds in one unit" : "Grams of product in one unit"}
          >
            {(p) => (
              <input
                {...p}
                name="netAmount"
                inputMode="decimal"
                defaultValue={formatNetAmount(product?.netAmountMilli ?? null)}
                placeholder={measure === "seeds" ? "10" : "3.5"}
                className={inputClass}
              />
            )}
          </Field>
        ) : (
          <p className="self-end pb-2 text-sm text-stone-600">
            {kind === "none"
              ? "Not cannabis: it never counts toward the limit."
              : `Each variation has its net amount (${measure}); sizes in g, oz or ml fill it themselves.`}
          </p>
        )}
      </fieldset>

      <fieldset>
        <legend className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">
          Images
        </legend>
        <div className="grid gap-6 md:grid-cols-[auto_1fr]">
          <ImageSlot
            name="image"
            label="Main Product Image"
            required
            value={image}
            onChange={setImage}
            error={errors.image}
          />
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {thumbnails.map((url, i) => (
              <ImageSlot
                key={i}
                name="thumbnail"
                label={`Thumbnail ${i + 1}`}
                compact
                value={url}
                onChange={thumbnailSetters[i]!}
                error={errors[`thumbnails.${i}`]}
              />
            ))}
          </div>
        </div>
        {errors.thumbnails ? (
          <p className="mt-2 text-xs font-medium text-red-600">{errors.thumbnails}</p>
        ) : null}
      </fieldset>

      <fieldset>
        <legend className="mb-3 flex w-full items-center justify-between text-sm font-semibold tracking-wide text-stone-500 uppercase">
          Variations
        </legend>
        {variations.length === 0 ? (
          <p className="rounded-lg border border-dashed border-stone-300 px-4 py-5 text-center text-sm text-stone-500">
            No variations: the product is sold as one item with the stock above.
          </p>
        ) : (
          <div className="space-y-2">
            <div className="hidden grid-cols-[1fr_1fr_1fr_1fr_1fr_auto] gap-2 px-1 text-xs font-medium text-stone-500 sm:grid">
              <span>Size</span>
              <span>Unit</span>
              <span>Price ($)</span>
              <span>Stock</span>
              <span>Net amount ({measure})</span>
              <span className="w-9" />
            </div>
            {variations.map((row, i) => (
              <div
                key={row.key}
                className="grid grid-cols-2 gap-2 rounded-lg border border-stone-200 p-2 sm:grid-cols-[1fr_1fr_1fr_1fr_1fr_auto] sm:border-0 sm:p-0"
              >
                <input type="hidden" name="variationId" value={row.id} />
                <label className="contents">
                  <span className="sr-only">Variation {i + 1} size</span>
                  <input
                    name="variationSize"
                    value={row.size}
                    onChange={(e) => updateVariation(row.key, { size: e.target.value })}
                    placeholder="3.5"
                    maxLength={20}
                    aria-invalid={errors[`variations.${i}.size`] ? true : undefined}
                    className={inputClass}
                  />
                </label>
                <label className="contents">
                  <span className="sr-only">Variation {i + 1} unit</span>
                  <select
                    name="variationUnit"
                    value={row.unit}
                    onChange={(e) => updateVariation(row.key, { unit: e.target.value })}
                    className={select}
                  >
                    {SIZE_UNITS.map((unit) => (
                      <option key={unit} value={unit}>
                        {unit}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="contents">
                  <span className="sr-only">Variation {i + 1} price</span>
                  <input
                    name="variationPrice"
                    inputMode="decimal"
                    value={row.price}
                    onChange={(e) => updateVariation(row.key, { price: e.target.value })}
                    placeholder="0.00"
                    aria-invalid={errors[`variations.${i}.price`] ? true : undefined}
                    className={inputClass}
                  />
                </label>
                <label className="contents">
                  <span className="sr-only">Variation {i + 1} stock</span>
                  <input
                    name="variationStock"
                    inputMode="numeric"
                    value={row.stock}
                    onChange={(e) => updateVariation(row.key, { stock: e.target.value })}
                    placeholder="0"
                    aria-invalid={errors[`variations.${i}.stock`] ? true : undefined}
                    className={inputClass}
                  />
                </label>
                <label className="contents">
                  <span className="sr-only">Variation {i + 1} net amount</span>
                  <input
                    name="variationNetAmount"
                    inputMode="decimal"
                    value={row.netAmount}
                    onChange={(e) => updateVariation(row.key, { netAmount: e.target.value })}
                    placeholder={
                      kind === "none"
                        ? "—"
                        : formatNetAmount(
                            sizeAmountMilli(kind, { size: row.size, sizeUnit: row.unit }),
                          ) || "Required"
                    }
                    aria-invalid={errors[`variations.${i}.netAmount`] ? true : undefined}
                    className={inputClass}
                  />
                </label>
                <button
                  type="button"
                  onClick={() => setVariations((rows) => rows.filter((r) => r.key !== row.key))}
                  className={buttonClass("ghost", "icon", "text-red-600 hover:bg-red-50")}
                  aria-label={`Remove variation ${i + 1}`}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </button>
                {["size", "price", "stock", "netAmount"].map((f) =>
                  errors[`variations.${i}.${f}`] ? (
                    <p key={f} className="col-span-full text-xs font-medium text-red-600">
                      Variation {i + 1}: {errors[`variations.${i}.${f}`]}
                    </p>
                  ) : null,
                )}
              </div>
            ))}
          </div>
        )}
        {errors.variations ? (
          <p className="mt-2 text-xs font-medium text-red-600">{errors.variations}</p>
        ) : null}
        <button
          type="button"
          disabled={variations.length >= MAX_VARIATIONS}
          onClick={() =>
            setVariations((rows) => [
              ...rows,
              {
                key: newKey(),
                id: "",
                size: "",
                unit: "g",
                price: "0.00",
                stock: "0",
                netAmount: "",
              },
            ])
          }
          className={buttonClass("secondary", "sm", "mt-3")}
        >
          <Plus className="h-4 w-4" aria-hidden />
          Add variation
        </button>
      </fieldset>
    </Form>
  );
}
