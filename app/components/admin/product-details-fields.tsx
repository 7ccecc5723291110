import { Field } from "~/components/form/form";
import { CategoryOptions } from "~/components/form/options";
import {
  PRODUCT_STATUS_NAMES,
  PRODUCT_STATUSES,
  STRAINS,
  type ProductFormProduct,
} from "~/lib/product-fields";
import { inputClass, selectClass } from "./field";

/** The product form's Details: what the product is and how the store describes it. */
export function ProductDetailsFields({
  product,
  onCategoryChange,
}: {
  product?: ProductFormProduct;
  onCategoryChange: (category: string) => void;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        Details
      </legend>
      <Field name="name" label="Product Name" required className="sm:col-span-2">
        {(p) => (
          <input {...p} defaultValue={product?.name} maxLength={120} className={inputClass} />
        )}
      </Field>
      <Field
        name="nameFr"
        label="Name (French)"
        hint="Optional: left empty, the French store shows the English name"
        className="sm:col-span-2"
      >
        {(p) => (
          <input
            {...p}
            lang="fr"
            defaultValue={product?.nameFr}
            maxLength={120}
            className={inputClass}
          />
        )}
      </Field>
      <Field name="sku" label="SKU" required>
        {(p) => (
          <input
            {...p}
            defaultValue={product ? (product.sku ?? `SKU-${product.id}`) : ""}
            maxLength={60}
            placeholder="SKU-FLO-00001"
            className={inputClass}
          />
        )}
      </Field>
      <Field name="category" label="Category" required>
        {(p) => (
          <select
            {...p}
            defaultValue={product?.category ?? ""}
            onChange={(e) => onCategoryChange(e.target.value)}
            className={selectClass}
          >
            <CategoryOptions />
          </select>
        )}
      </Field>
      <Field name="strain" label="Strain">
        {(p) => (
          <select {...p} defaultValue={product?.strain ?? ""} className={selectClass}>
            <option value="">Not applicable</option>
            {STRAINS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="rating" label="Rating (0–5)" hint="5 when left empty">
        {(p) => (
          <input
            {...p}
            inputMode="decimal"
            defaultValue={product?.rating ?? ""}
            placeholder="5"
            className={inputClass}
          />
        )}
      </Field>
      <Field
        name="status"
        label="Status"
        hint="Drafts and archived products are hidden from the store; active needs potency"
      >
        {(p) => (
          <select {...p} defaultValue={product?.status ?? "active"} className={selectClass}>
            {PRODUCT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PRODUCT_STATUS_NAMES[status]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="description" label="Description" required className="sm:col-span-2">
        {(p) => (
          <textarea
            {...p}
            rows={4}
            defaultValue={product?.description}
            maxLength={5000}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        name="descriptionFr"
        label="Description (French)"
        hint="Optional: left empty, the French store shows the English description"
        className="sm:col-span-2"
      >
        {(p) => (
          <textarea
            {...p}
            lang="fr"
            rows={4}
            defaultValue={product?.descriptionFr}
            maxLength={5000}
            className={inputClass}
          />
        )}
      </Field>
    </fieldset>
  );
}
