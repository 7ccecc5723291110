import { useState } from "react";
import { Form } from "react-router";
import { FormProvider, FormSummary, useForm } from "~/components/form/form";
import { amountUnit, resolveKind, type CannabisKind } from "~/lib/cannabis-limit";
import type { FormReply } from "~/lib/form";
import { lazyModule } from "~/lib/lazy-module";
import { sizeLabel } from "~/lib/product";
import type { ProductFormProduct } from "~/lib/product-fields";
import { CannabisContentFields } from "./cannabis-content-fields";
import { OpeningLotFields } from "./opening-lot-fields";
import { ParcelWeightFields } from "./parcel-weight-fields";
import { PotencyFields } from "./potency-fields";
import { ProductDetailsFields } from "./product-details-fields";
import { ProductImagesFields } from "./product-images-fields";
import { ProductPricingFields } from "./product-pricing-fields";
import { useCan } from "./use-can";
import { variationRows, VariationsEditor, type VariationRow } from "./variations-editor";

// The browser runs the action's own rules, but zod (about 24 KB gzip) is fetched when the owner
// first focuses the form, not with the page; until it has arrived the server checks.
const productRules = lazyModule(() => import("~/schemas/product").then((m) => m.productForm));

/**
 * The admin product form (docs/product/catalogue-and-stock.md#product-form), for a new product and
 * over an existing one. Edit defaults: cost price 60 % of the price, SKU 'SKU-' + id, alert level
 * 10. Saving never writes an existing product's or size's stock: it is shown as it is now, with
 * Adjust stock beside it. Stock typed here (a new product's or new size's opening stock) is offered
 * only to a role that may adjust stock; the server refuses it from anyone else.
 */
export function ProductForm({
  product,
  lastResult,
  formId,
}: {
  product?: ProductFormProduct;
  lastResult?: FormReply;
  formId: string;
}) {
  const form = useForm({ rules: productRules, lastResult });
  const mayAdjustStock = useCan()("stock.adjust");
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
  // Saved sizes show their stock as it is now (the page reloads after Adjust stock); new rows
  // count what is typed as their opening stock.
  const savedStock = new Map(
    (product?.variations ?? []).map((v) => [
      v.id,
      {
        productId: product!.id,
        variationId: v.id,
        label: `${product!.name}, ${sizeLabel(v)}`,
        stock: v.stock,
      },
    ]),
  );
  const variationStock =
    variations.length === 0
      ? null
      : variations.reduce(
          (sum, v) => sum + (savedStock.get(v.id)?.stock ?? (Number.parseInt(v.stock, 10) || 0)),
          0,
        );

  // Opening stock is typed for a new product, or a new size, by a role that may adjust stock.
  const openingStock =
    mayAdjustStock && (!product || variations.some((row) => !savedStock.has(row.id)));

  return (
    <Form method="post" id={formId} {...form.props} className="space-y-8">
      <FormProvider form={form}>
        <FormSummary />
        <ProductDetailsFields
          product={product}
          onCategoryChange={(category) => {
            if (!kindTouched) setKind(resolveKind({ category, cannabisKind: null }));
          }}
        />
        <ProductPricingFields
          product={product}
          variationStock={variationStock}
          mayAdjustStock={mayAdjustStock}
        />
        <CannabisContentFields
          kind={kind}
          onKindChange={(next) => {
            setKind(next);
            setKindTouched(true);
          }}
          measure={measure}
          showNetAmount={variations.length === 0}
          netAmountMilli={product?.netAmountMilli ?? null}
        />
        <PotencyFields kind={kind} showValues={variations.length === 0} values={product ?? null} />
        <ParcelWeightFields
          showPackedGrams={variations.length === 0}
          packedGrams={product?.packedGrams ?? null}
        />
        <ProductImagesFields
          imageUrl={product?.imageUrl ?? ""}
          thumbnailUrls={product?.thumbnailUrls ?? []}
        />
        <VariationsEditor
          variations={variations}
          onChange={setVariations}
          kind={kind}
          measure={measure}
          savedStock={savedStock}
          mayAdjustStock={mayAdjustStock}
        />
        {openingStock ? <OpeningLotFields /> : null}
      </FormProvider>
    </Form>
  );
}
