import { useState } from "react";
import { Field } from "~/components/form/form";
import { parseMoneyToCents } from "~/lib/money";
import { DEFAULT_COST_RATIO, type ProductFormProduct } from "~/lib/product-fields";
import { DEFAULT_STOCK_ALERT_LEVEL } from "~/lib/stock";
import { inputClass } from "./field";
import { AdjustStockButton } from "./stock-adjust-dialog";

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The product form's price and stock. The selling and cost prices are asked for only without
 * sizes (each size has its own price); the cost price follows the selling price at 60 % until the
 * owner types one (an existing product starts from its own, or 60 % of its price). Stock is typed
 * only as a new product's opening stock (or the count of one whose last size was removed), and
 * only by a role that may adjust stock; an existing product's stock is shown as it is now and
 * changed with Adjust stock. With variations the stock is their sum, shown read-only.
 */
export function ProductPricingFields({
  product,
  variationStock,
  mayAdjustStock,
}: {
  product?: ProductFormProduct;
  /** The sum of the variations' stock, or null when the product has none. */
  variationStock: number | null;
  /** Whether the signed-in role may adjust stock (stock.adjust). */
  mayAdjustStock: boolean;
}) {
  const hadSizes = Boolean(product && product.variations.length > 0);
  const sized = variationStock !== null;
  const [price, setPrice] = useState(product ? dollars(product.sellingPriceCents) : "");
  const [cost, setCost] = useState(
    product
      ? dollars(
          product.costPriceCents || Math.round(product.sellingPriceCents * DEFAULT_COST_RATIO),
        )
      : "",
  );
  const [costTouched, setCostTouched] = useState(Boolean(product));
  // A count typed here: a new product's opening stock, or once the last size is removed.
  const typed = !sized && (!product || hadSizes);
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        Price and stock
      </legend>
      <Field
        name="price"
        label="Selling Price ($)"
        required={!sized}
        hint={
          sized
            ? "Optional: shoppers pay each size's own price below (the first size's when empty)"
            : "What shoppers pay (with sizes, each size has its own price)"
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
        required={!sized}
        hint={sized ? "Optional with sizes" : "Defaults to 60% of the selling price"}
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
        required={typed && mayAdjustStock}
        hint={
          sized
            ? "Sum of the sizes' stock"
            : typed
              ? mayAdjustStock
                ? product
                  ? "Counted stock now that the product has no sizes"
                  : "Opening stock, recorded as received"
                : "0: owners and managers add stock with Adjust stock"
              : "Changed with Adjust stock, so units sold meanwhile stay sold"
        }
      >
        {(p) =>
          typed && mayAdjustStock ? (
            <input {...p} inputMode="numeric" placeholder="0" className={inputClass} />
          ) : (
            <div className="flex items-center gap-2">
              <input
                {...p}
                name={undefined}
                value={variationStock ?? (typed ? 0 : product!.stock)}
                readOnly
                disabled
                className={inputClass}
              />
              {sized ? null : typed ? (
                <input type="hidden" name="currentStock" value="0" />
              ) : (
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
              )}
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
