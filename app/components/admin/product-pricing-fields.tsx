import { useState } from "react";
import { Field } from "~/components/form/form";
import { parseMoneyToCents } from "~/lib/money";
import { DEFAULT_COST_RATIO, type ProductFormProduct } from "~/lib/product-fields";
import { DEFAULT_STOCK_ALERT_LEVEL } from "~/lib/stock";
import { inputClass } from "./field";
import { AdjustStockButton } from "./stock-adjust-dialog";

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The product form's price and stock. The cost price follows the selling price at 60 % until the
 * owner types one (an existing product starts from its own, or 60 % of its price). Stock is typed
 * only as a new product's opening stock (or the count of one whose last size was removed); an
 * existing product's stock is shown as it is now and changed with Adjust stock. With variations
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
  const hadSizes = Boolean(product && product.variations.length > 0);
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
      <Field
        name="price"
        label="Selling Price ($)"
        required
        hint={
          variationStock === null
            ? "What shoppers pay (with sizes, each size has its own price)"
            : "Shoppers pay each size's own price below; this one applies only without sizes"
        }
      >
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
        hint={
          variationStock !== null
            ? "Sum of the sizes' stock"
            : !product
              ? "Opening stock, recorded as received"
              : hadSizes
                ? "Counted stock now that the product has no sizes"
                : "Changed with Adjust stock, so units sold meanwhile stay sold"
        }
      >
        {(p) =>
          variationStock === null && (!product || hadSizes) ? (
            <input {...p} inputMode="numeric" placeholder="0" className={inputClass} />
          ) : (
            <div className="flex items-center gap-2">
              <input
                {...p}
                name={undefined}
                value={variationStock ?? product!.stock}
                readOnly
                disabled
                className={inputClass}
              />
              {variationStock === null ? (
                <>
                  <input type="hidden" name="currentStock" value={product!.stock} />
                  <AdjustStockButton
                    target={{
                      productId: product!.id,
                      variationId: null,
                      label: product!.name,
                      stock: product!.stock,
                    }}
                  />
                </>
              ) : null}
            </div>
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
