import { useState } from "react";
import { Field } from "~/components/form/form";
import { parseMoneyToCents } from "~/lib/money";
import { DEFAULT_COST_RATIO, type ProductFormProduct } from "~/lib/product-fields";
import { DEFAULT_STOCK_ALERT_LEVEL } from "~/lib/stock";
import { inputClass } from "./field";

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The product form's price and stock. The cost price follows the selling price at 60 % until the
 * owner types one (an existing product starts from its own, or 60 % of its price). With variations
 * the stock is their sum, shown read-only.
 */
export function ProductPricingFields({
  product,
  variationStock,
}: {
  product?: ProductFormProduct;
  /** The sum of the variations' stock, or null when the product has none. */
  variationStock: number | null;
}) {
  const [price, setPrice] = useState(product ? dollars(product.sellingPriceCents) : "");
  const [cost, setCost] = useState(
    product
      ? dollars(
          product.costPriceCents || Math.round(product.sellingPriceCents * DEFAULT_COST_RATIO),
        )
      : "",
  );
  const [costTouched, setCostTouched] = useState(Boolean(product));
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        Price and stock
      </legend>
      <Field name="price" label="Selling Price ($)" required>
        {(p) => (
          <input
            {...p}
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
        name="costPrice"
        label="Cost Price ($)"
        required
        hint="Defaults to 60% of the selling price"
      >
        {(p) => (
          <input
            {...p}
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
      <Field
        name="currentStock"
        label="Current Stock"
        required
        hint={variationStock === null ? undefined : "Sum of the variations' stock"}
      >
        {(p) =>
          variationStock === null ? (
            <input
              {...p}
              inputMode="numeric"
              defaultValue={product ? product.stock : ""}
              placeholder="0"
              className={inputClass}
            />
          ) : (
            <input
              {...p}
              name={undefined}
              value={variationStock}
              readOnly
              disabled
              className={inputClass}
            />
          )
        }
      </Field>
      <Field name="stockAlertLevel" label="Stock Alert Level" required>
        {(p) => (
          <input
            {...p}
            inputMode="numeric"
            defaultValue={product?.stockAlertLevel ?? DEFAULT_STOCK_ALERT_LEVEL}
            className={inputClass}
          />
        )}
      </Field>
    </fieldset>
  );
}
