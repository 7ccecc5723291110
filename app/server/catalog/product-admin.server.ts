import { and, asc, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { slugify } from "~/lib/slug";
import type { FormErrors } from "~/schemas/form-errors";
import type { ProductInput } from "~/schemas/product";
import { isUniqueViolation } from "../db-errors.server";
import { escapeLike } from "../sql-like.server";
import { stockExpression } from "./product-admin-list.server";
import { db, type Executor } from "../db.server";
import { refreshListedPrice } from "./listed-price.server";
import { clearListingCache } from "./listing.server";
import { imagesLibrary, orderItems, productVariations, products } from "../schema";
import { invalidatePageCache } from "../storefront/page-invalidation.server";

/** A product with its variations for the admin forms; undefined when unknown (or not an id). */
export async function getAdminProduct(id: string) {
  if (!isUuid(id)) return undefined;
  const [product] = await db()
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      category: products.category,
      description: products.description,
      imageUrl: products.imageUrl,
      thumbnailUrls: products.thumbnailUrls,
      sellingPriceCents: products.sellingPriceCents,
      costPriceCents: products.costPriceCents,
      stock: stockExpression,
      ownStock: products.stock,
      stockAlertLevel: products.stockAlertLevel,
      rating: products.rating,
      thc: products.thc,
      cbd: products.cbd,
      strain: products.strain,
      sku: products.sku,
      status: products.status,
      cannabisKind: products.cannabisKind,
      netAmountMilli: products.netAmountMilli,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!product) return undefined;
  const variations = await db()
    .select({
      id: productVariations.id,
      size: productVariations.size,
      sizeUnit: productVariations.sizeUnit,
      priceCents: productVariations.priceCents,
      stock: productVariations.stock,
      netAmountMilli: productVariations.netAmountMilli,
    })
    .from(productVariations)
    .where(eq(productVariations.productId, id))
    .orderBy(asc(productVariations.position));
  return { ...product, variations };
}
export type AdminProduct = NonNullable<Awaited<ReturnType<typeof getAdminProduct>>>;

export type ProductSaveResult =
  { ok: true; id: string; slug: string } | { ok: false; errors: FormErrors };

/** Database rules the form schema cannot check: a unique SKU and images that are in the library. */
async function checkReferences(
  executor: Executor,
  input: ProductInput,
  productId?: string,
): Promise<FormErrors | undefined> {
  const errors: FormErrors = {};
  const [taken] = await executor
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        sql`lower(${products.sku}) = ${input.sku.toLowerCase()}`,
        productId ? ne(products.id, productId) : undefined,
      ),
    )
    .limit(1);
  if (taken) errors.sku = "This SKU is already used by another product";
  const urls = [...new Set([input.image, ...input.thumbnails])];
  const found = await executor
    .select({ url: imagesLibrary.imageUrl })
    .from(imagesLibrary)
    .where(inArray(imagesLibrary.imageUrl, urls));
  const known = new Set(found.map((row) => row.url));
  if (!known.has(input.image)) errors.image = "This image is not in the Image Library";
  if (input.thumbnails.some((url) => !known.has(url))) {
    errors.thumbnails = "A thumbnail is not in the Image Library";
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** The product's URL name: its name made URL-safe, with -2, -3… when another product has it. */
async function uniqueSlug(executor: Executor, name: string): Promise<string> {
  const base = slugify(name) || "product";
  const rows = await executor
    .select({ slug: products.slug })
    .from(products)
    .where(or(eq(products.slug, base), ilike(products.slug, `${escapeLike(base)}-%`)));
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function productValues(input: ProductInput) {
  return {
    name: input.name,
    category: input.category,
    description: input.description,
    imageUrl: input.image,
    thumbnailUrls: input.thumbnails,
    sellingPriceCents: input.price,
    costPriceCents: input.costPrice,
    stock: input.stock,
    stockAlertLevel: input.stockAlertLevel,
    rating: input.rating,
    thc: input.thc,
    cbd: input.cbd,
    strain: input.strain,
    sku: input.sku,
    status: input.status,
    cannabisKind: input.cannabisKind,
    netAmountMilli: input.netAmount,
  };
}

function variationValues(input: ProductInput, productId: string) {
  return input.variations.map((v, position) => ({
    productId,
    size: v.size,
    sizeUnit: v.unit,
    priceCents: v.price,
    stock: v.stock,
    netAmountMilli: v.netAmount,
    thc: input.thc,
    cbd: input.cbd,
    position,
  }));
}

export async function createProduct(input: ProductInput): Promise<ProductSaveResult> {
  try {
    return saved(
      await db().transaction(async (tx) => {
        const errors = await checkReferences(tx, input);
        if (errors) return { ok: false as const, errors };
        const slug = await uniqueSlug(tx, input.name);
        const [row] = await tx
          .insert(products)
          .values({ ...productValues(input), slug })
          .returning({ id: products.id, slug: products.slug });
        if (input.variations.length > 0) {
          await tx.insert(productVariations).values(variationValues(input, row!.id));
        }
        await refreshListedPrice(tx, [row!.id]);
        return { ok: true as const, id: row!.id, slug: row!.slug };
      }),
    );
  } catch (error) {
    // Two saves racing for the same SKU: the unique index decides.
    if (isUniqueViolation(error, "products_sku_key")) {
      return { ok: false, errors: { sku: "This SKU is already used by another product" } };
    }
    throw error;
  }
}

/**
 * Saves the form over an existing product. Variations keep their ids (carts and order lines point
 * at them): rows sent with an id are updated, new rows inserted, rows left out removed. The slug
 * stays, so links to the product keep working after a rename.
 */
export async function updateProduct(
  id: string,
  input: ProductInput,
): Promise<ProductSaveResult | undefined> {
  try {
    return saved(
      await db().transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: products.id, slug: products.slug })
          .from(products)
          .where(eq(products.id, id))
          .for("update");
        if (!existing) return undefined;
        const errors = await checkReferences(tx, input, id);
        if (errors) return { ok: false as const, errors };
        await tx
          .update(products)
          .set({ ...productValues(input), updatedAt: new Date() })
          .where(eq(products.id, id));

        const current = await tx
          .select({ id: productVariations.id })
          .from(productVariations)
          .where(eq(productVariations.productId, id));
        const currentIds = new Set(current.map((v) => v.id));
        const keptIds = new Set(
          input.variations
            .map((v) => v.id)
            .filter((v): v is string => Boolean(v && currentIds.has(v))),
        );
        const removed = [...currentIds].filter((v) => !keptIds.has(v));
        if (removed.length > 0) {
          await tx.delete(productVariations).where(inArray(productVariations.id, removed));
        }
        const values = variationValues(input, id);
        for (const [i, variation] of input.variations.entries()) {
          if (variation.id && keptIds.has(variation.id)) {
            await tx
              .update(productVariations)
              .set(values[i]!)
              .where(eq(productVariations.id, variation.id));
          } else {
            await tx.insert(productVariations).values(values[i]!);
          }
        }
        await refreshListedPrice(tx, [id]);
        return { ok: true as const, id, slug: existing.slug };
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, "products_sku_key")) {
      return { ok: false, errors: { sku: "This SKU is already used by another product" } };
    }
    throw error;
  }
}

/**
 * Deletes a product, or archives it when orders refer to it (their lines must stay whole): an
 * archived product is hidden from the store but kept. undefined when there is no such product.
 */
export async function deleteProduct(id: string): Promise<"deleted" | "archived" | undefined> {
  const outcome = await db().transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!existing) return undefined;
    const [ordered] = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.productId, id))
      .limit(1);
    if (ordered) {
      await tx
        .update(products)
        .set({ status: "archived", updatedAt: new Date() })
        .where(eq(products.id, id));
      return "archived";
    }
    await tx.delete(products).where(eq(products.id, id));
    return "deleted" as const;
  });
  if (outcome) await catalogueChanged("product deleted");
  return outcome;
}

/** After a committed change the storefront's cached product counts and pages are dropped. */
async function catalogueChanged(reason: string) {
  clearListingCache();
  await invalidatePageCache(reason);
}

/** A save's result, once the storefront has been told of a successful one. */
async function saved<T extends { ok: boolean } | undefined>(result: T): Promise<T> {
  if (result?.ok) await catalogueChanged("product saved");
  return result;
}
