import { potencyOf, potencyValuesText, type PotencyValues } from "~/lib/potency";
import { and, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import { UNRECORDED_LOT } from "~/lib/lots";
import { fail, refusalFailure, type Failure, type Result } from "~/lib/errors";
import type { AdminRole } from "~/lib/permissions";
import { isUuid } from "~/lib/ids";
import { slugify } from "~/lib/slug";
import { formatMoney } from "~/lib/money";
import { sizeLabel } from "~/lib/product";
import type { FormErrors } from "~/lib/form";
import type { ProductInput } from "~/schemas/product";
import { isUniqueViolation } from "../db-errors.server";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit-log.server";
import { escapeLike } from "../sql-like.server";
import { stockExpression } from "./product-admin-list.server";
import { db, type Executor } from "../db.server";
import { refreshListedPrice } from "../inventory/listed-price.server";
import { productColumns } from "./product-columns.server";
import {
  liveSizes,
  planSizes,
  stockRefusal,
  writeSizes,
  type SavedSize,
} from "./product-sizes.server";
import { clearListingCache } from "../storefront/listing-counts.server";
import { imagesLibrary, orderItems, products, stockLots } from "../db-tables";
import { invalidatePageCache } from "../storefront/page-invalidation.server";

/** A product with its variations for the admin forms; undefined when unknown (or not an id). */
export async function getAdminProduct(id: string) {
  if (!isUuid(id)) return undefined;
  const [product] = await db()
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      nameFr: products.nameFr,
      category: products.category,
      description: products.description,
      descriptionFr: products.descriptionFr,
      imageUrl: products.imageUrl,
      thumbnailUrls: products.thumbnailUrls,
      sellingPriceCents: products.sellingPriceCents,
      costPriceCents: products.costPriceCents,
      stock: stockExpression,
      ownStock: products.stock,
      stockAlertLevel: products.stockAlertLevel,
      rating: products.rating,
      thcTenths: products.thcTenths,
      totalThcTenths: products.totalThcTenths,
      cbdTenths: products.cbdTenths,
      totalCbdTenths: products.totalCbdTenths,
      strain: products.strain,
      sku: products.sku,
      status: products.status,
      cannabisKind: products.cannabisKind,
      netAmountMilli: products.netAmountMilli,
      packedGrams: products.packedGrams,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!product) return undefined;
  return { ...product, variations: await liveSizes(db(), id) };
}

export const PRODUCT_NOT_FOUND = "This product does not exist (it may have been deleted).";
const SKU_TAKEN = "This SKU is already used by another product";

/** A save the database refused: the fields at fault (a taken SKU, an image not in the library). */
function refused(errors: FormErrors): Failure {
  return fail(
    400,
    "The product could not be saved: please correct the highlighted fields.",
    errors,
  );
}

type ProductSaveResult = Result<{ id: string; slug: string }>;

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
  if (taken) errors.sku = SKU_TAKEN;
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
  return { ...productColumns(input), sku: input.sku };
}

/**
 * What a product's audit entry compares: its own columns, prices in dollars. The French name and
 * description are null when empty (not translated) or not sent.
 */
function auditedProduct(p: ReturnType<typeof productValues> | typeof products.$inferSelect) {
  return {
    name: p.name,
    nameFr: p.nameFr || null,
    sku: p.sku,
    category: p.category,
    status: p.status,
    price: formatMoney(p.sellingPriceCents),
    costPrice: p.costPriceCents === null ? null : formatMoney(p.costPriceCents),
    description: p.description,
    descriptionFr: p.descriptionFr || null,
    image: p.imageUrl,
    thumbnails: p.thumbnailUrls,
    stockAlertLevel: p.stockAlertLevel,
    rating: p.rating,
    thcTenths: p.thcTenths,
    totalThcTenths: p.totalThcTenths,
    cbdTenths: p.cbdTenths,
    totalCbdTenths: p.totalCbdTenths,
    strain: p.strain,
    cannabisKind: p.cannabisKind,
    netAmountMilli: p.netAmountMilli,
    packedGrams: p.packedGrams,
  };
}

/** A product's sizes as one text: "3.5g $30.00 (packed 12 g) (THC 220 · CBD 0.5), 7g $55.00". */
function sizesText(input: {
  variations: ({
    size: string;
    unit: string;
    price: number;
    packedGrams: number | null;
  } & PotencyValues)[];
}) {
  return input.variations
    .map((v) => {
      const potency = potencyValuesText(v);
      return `${sizeLabel({ size: v.size, sizeUnit: v.unit })} ${formatMoney(v.price)}${v.packedGrams === null ? "" : ` (packed ${v.packedGrams} g)`}${potency ? ` (${potency})` : ""}`;
    })
    .join(", ");
}

/** A product's sizes as the audit entry compares them. */
function savedSizesText(sizes: SavedSize[]) {
  return sizesText({
    variations: sizes.map((v) => ({
      size: v.size,
      unit: v.sizeUnit,
      price: v.priceCents,
      packedGrams: v.packedGrams,
      ...potencyOf(v),
    })),
  });
}

/** A save refused inside its transaction (rolled back), as its failure. */
async function refusable(save: () => Promise<ProductSaveResult>): Promise<ProductSaveResult> {
  try {
    return await save();
  } catch (error) {
    const failure = refusalFailure(error);
    if (failure) return failure;
    // Two saves racing for the same SKU: the unique index decides.
    if (isUniqueViolation(error, "products_sku_key")) return refused({ sku: SKU_TAKEN });
    throw error;
  }
}

/**
 * A new product; the stock typed in the form (per size, or its own) is its opening stock, each a
 * movement with its activity entry, as Adjust stock records it: `role` must hold stock.adjust for
 * any stock above 0 (403 naming the fields, nothing saved).
 */
export async function createProduct(
  input: ProductInput,
  actor: AuditActor,
  role: AdminRole,
): Promise<ProductSaveResult> {
  const plan = planSizes({ input, saved: [], ownStock: 0, creating: true });
  const forbidden = stockRefusal(plan, role);
  if (forbidden) return forbidden;
  return saved(
    await refusable(() =>
      db().transaction(async (tx): Promise<ProductSaveResult> => {
        const errors = await checkReferences(tx, input);
        if (errors) return refused(errors);
        const slug = await uniqueSlug(tx, input.name);
        const [row] = await tx
          .insert(products)
          .values({ ...productValues(input), stock: 0, slug })
          .returning({ id: products.id, slug: products.slug });
        const id = row!.id;
        await recordAudit(tx, {
          actor,
          area: "products",
          action: "create",
          record: { type: "product", id, label: input.name },
          changes: changedFields(null, {
            ...auditedProduct(productValues(input)),
            sizes: sizesText(input),
            stock: input.stock,
          }),
        });
        // Then its opening stock, each figure an entry of its own (as Adjust stock writes it).
        await writeSizes(tx, { productId: id, input, plan, actor });
        await refreshListedPrice(tx, [id]);
        return { ok: true, id, slug: row!.slug };
      }),
    ),
  );
}

/**
 * Saves the form over an existing product. Sizes keep their ids (carts and order lines point at
 * them): rows sent with a live size's id update it, new rows are new sizes, sizes left out are
 * archived (emptied first). The slug stays, so links keep working after a rename. A saved size's
 * or product's stock is never taken from the form (it moves through Adjust stock, so units sold
 * while the form was open stay sold): only a new size's opening stock, the product's own count
 * once its last size is removed, and the stock removed sizes or a product gaining sizes give up,
 * each recorded as Adjust stock records it and refused (403) to a role without stock.adjust.
 * A 404 failure when there is no such product.
 */
export async function updateProduct(
  id: string,
  input: ProductInput,
  actor: AuditActor,
  role: AdminRole,
): Promise<ProductSaveResult> {
  if (!isUuid(id)) return fail(404, PRODUCT_NOT_FOUND);
  return saved(
    await refusable(() =>
      db().transaction(async (tx): Promise<ProductSaveResult> => {
        const [existing] = await tx
          .select()
          .from(products)
          .where(eq(products.id, id))
          .for("update");
        if (!existing) return fail(404, PRODUCT_NOT_FOUND);
        const sizesBefore = await liveSizes(tx, id);
        const plan = planSizes({
          input,
          saved: sizesBefore,
          ownStock: existing.stock,
          creating: false,
        });
        const forbidden = stockRefusal(plan, role);
        if (forbidden) return forbidden;
        const errors = await checkReferences(tx, input, id);
        if (errors) return refused(errors);
        await tx
          .update(products)
          .set({ ...productValues(input), updatedAt: new Date() })
          .where(eq(products.id, id));
        const changes = changedFields(
          { ...auditedProduct(existing), sizes: savedSizesText(sizesBefore) },
          // French left out of the input is kept as saved.
          {
            ...auditedProduct({ ...existing, ...productValues(input) }),
            sizes: sizesText(input),
          },
        );
        if (Object.keys(changes).length > 0)
          await recordAudit(tx, {
            actor,
            area: "products",
            action: "update",
            record: { type: "product", id, label: input.name },
            changes,
          });
        await writeSizes(tx, { productId: id, input, plan, actor });
        await refreshListedPrice(tx, [id]);
        return { ok: true, id, slug: existing.slug };
      }),
    ),
  );
}

/**
 * Deletes a product, or archives it when orders refer to it (their lines must stay whole) or lots
 * were received for it under a lot number (inventory records are kept): an archived product is
 * hidden from the store but kept. A 404 failure when there is no such product.
 */
export async function deleteProduct(
  id: string,
  actor: AuditActor,
): Promise<Result<{ outcome: "deleted" | "archived" | "archived-lots" }>> {
  if (!isUuid(id)) return fail(404, PRODUCT_NOT_FOUND);
  const outcome = await db().transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: products.id, name: products.name, status: products.status })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!existing) return undefined;
    const record = { type: "product", id, label: existing.name };
    const [ordered] = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.productId, id))
      .limit(1);
    const [lot] = ordered
      ? []
      : await tx
          .select({ id: stockLots.id })
          .from(stockLots)
          .where(and(eq(stockLots.productId, id), ne(stockLots.lotNumber, UNRECORDED_LOT)))
          .limit(1);
    if (ordered || lot) {
      await tx
        .update(products)
        .set({ status: "archived", updatedAt: new Date() })
        .where(eq(products.id, id));
      await recordAudit(tx, {
        actor,
        area: "products",
        action: "update",
        record,
        changes: { status: [existing.status, "archived"] },
      });
      return ordered ? ("archived" as const) : ("archived-lots" as const);
    }
    await tx.delete(products).where(eq(products.id, id));
    await recordAudit(tx, { actor, area: "products", action: "delete", record });
    return "deleted" as const;
  });
  if (!outcome) return fail(404, PRODUCT_NOT_FOUND);
  await catalogueChanged("product deleted");
  return { ok: true, outcome };
}

/** After a committed change the storefront's cached product counts and pages are dropped. */
async function catalogueChanged(reason: string) {
  clearListingCache();
  await invalidatePageCache(reason);
}

/** A save's result, once the storefront has been told of a successful one. */
async function saved<T extends { ok: boolean }>(result: T): Promise<T> {
  if (result.ok) await catalogueChanged("product saved");
  return result;
}
