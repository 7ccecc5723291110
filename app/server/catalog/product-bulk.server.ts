import { countText } from "~/lib/text";
import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { CATEGORY_SLUGS } from "~/lib/categories";
import { fail, type Result } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { formatMoney } from "~/lib/money";
import { sizeLabel } from "~/lib/product";
import {
  BULK_MESSAGES,
  MAX_BULK_IDS,
  MAX_BULK_PRICE_CENTS,
  MAX_PRICE_PERCENT,
  MIN_PRICE_PERCENT,
} from "~/lib/product-list";
import { db, type Transaction } from "../db.server";
import { productVariations, products } from "../db-tables";
import { invalidatePageCache } from "../storefront/page-invalidation.server";
import { refreshListedPrice } from "../inventory/listed-price.server";
import { clearListingCache } from "../storefront/listing-counts.server";
import {
  adminProductWhere,
  potencyMissing,
  type AdminProductFilter,
} from "./product-admin-list.server";

/** The products a bulk action changes: those ticked on the page, or all matching the filter. */
type BulkSelection = { ids: readonly string[] } | { filter: AdminProductFilter };

export type BulkChange =
  | { action: "archive" }
  | { action: "unarchive" }
  | { action: "category"; category: string }
  | { action: "price"; percent: number };

/** `matched`: the products selected; `changed`: those the action actually changed. */
type BulkResult = Result<{ matched: number; changed: number }>;

/** Why this change cannot be made whatever it is applied to, or undefined. */
function changeProblem(change: BulkChange) {
  if (
    change.action === "category" &&
    !(CATEGORY_SLUGS as readonly string[]).includes(change.category)
  )
    return fail(400, BULK_MESSAGES.category, { category: BULK_MESSAGES.category });
  if (
    change.action === "price" &&
    !(
      Number.isFinite(change.percent) &&
      change.percent !== 0 &&
      change.percent >= MIN_PRICE_PERCENT &&
      change.percent <= MAX_PRICE_PERCENT
    )
  )
    return fail(400, BULK_MESSAGES.percent, { percent: BULK_MESSAGES.percent });
  return undefined;
}

/** A price changed by the percentage, rounded to the cent (halves away from zero). */
function changedPrice(cents: SQLWrapper, percent: number): SQL {
  return sql`round(${cents} * (100 + ${String(percent)}::numeric) / 100)`;
}

const outOfRange = (price: SQL) => or(sql`${price} <= 0`, sql`${price} > ${MAX_BULK_PRICE_CENTS}`);

/**
 * The first price (selling price, then sizes) the change would bring to $0 or below, or above the
 * limit, as a refusal that names the product and size.
 */
async function priceProblem(tx: Transaction, scope: SQL | undefined, percent: number) {
  const sellingPrice = changedPrice(products.sellingPriceCents, percent);
  const [product] = await tx
    .select({ name: products.name, cents: sql<string>`${sellingPrice}` })
    .from(products)
    .where(and(scope, outOfRange(sellingPrice)))
    .orderBy(asc(products.name))
    .limit(1);
  const sizePrice = changedPrice(productVariations.priceCents, percent);
  const [size] = product
    ? []
    : await tx
        .select({
          name: products.name,
          size: productVariations.size,
          sizeUnit: productVariations.sizeUnit,
          cents: sql<string>`${sizePrice}`,
        })
        .from(productVariations)
        .innerJoin(products, eq(products.id, productVariations.productId))
        .where(and(scope, isNull(productVariations.archivedAt), outOfRange(sizePrice)))
        .orderBy(asc(products.name), asc(productVariations.position))
        .limit(1);
  const found = product ?? size;
  if (!found) return undefined;
  const what = size ? `${found.name} (${sizeLabel(size)})` : found.name;
  const cents = Number(found.cents);
  const message =
    cents <= 0
      ? `No prices were changed: ${what} would cost ${formatMoney(cents)}, and a price must stay above $0.00.`
      : `No prices were changed: ${what} would cost ${formatMoney(cents)}, above the ${formatMoney(MAX_BULK_PRICE_CENTS)} limit.`;
  // Said above the form (not under the field): the percentage is fine, a product is not.
  return fail(422, message);
}

/** How many products a refusal names before "and N more". */
const NAMED_PRODUCTS = 5;

/**
 * The products the change would make active while their potency is missing (THC or CBD, on the
 * product or a size), as a refusal that says how many and names the first few.
 */
async function potencyProblem(tx: Transaction, scope: SQL | undefined) {
  const found = await tx
    .select({ name: products.name })
    .from(products)
    .where(and(scope, ne(products.status, "active"), potencyMissing))
    .orderBy(asc(products.name), asc(products.id));
  if (found.length === 0) return undefined;
  const names = found.slice(0, NAMED_PRODUCTS).map((row) => row.name);
  const more = found.length - names.length;
  const which = `${names.join(", ")}${more > 0 ? ` and ${more.toLocaleString("en-CA")} more` : ""}`;
  return fail(
    422,
    `No products were made active: ${countText(found.length, "product")} ${found.length === 1 ? "has" : "have"} no THC or no CBD (${which}). Enter THC and CBD (or their totals) on the product or each of its sizes first.`,
  );
}

/** Reprices the products and their sizes; how many products had a price change. */
async function changePrices(
  tx: Transaction,
  scope: SQL | undefined,
  percent: number,
  now: Date,
): Promise<number> {
  const sellingPrice = changedPrice(products.sellingPriceCents, percent);
  const sizePrice = changedPrice(sql`v.price_cents`, percent);
  // A product whose every price rounds to itself (1¢ + 5%) is not counted as changed.
  const changed = await tx
    .update(products)
    .set({ sellingPriceCents: sql`${sellingPrice}::int`, updatedAt: now })
    .where(
      and(
        scope,
        sql`(${sellingPrice} <> ${products.sellingPriceCents} or exists (select 1 from product_variations v where v.product_id = ${products.id} and v.archived_at is null and ${sizePrice} <> v.price_cents))`,
      ),
    )
    .returning({ id: products.id });
  if (changed.length === 0) return 0;
  await tx
    .update(productVariations)
    .set({ priceCents: sql`${changedPrice(productVariations.priceCents, percent)}::int` })
    .where(
      and(
        isNull(productVariations.archivedAt),
        inArray(
          productVariations.productId,
          tx.select({ id: products.id }).from(products).where(scope),
        ),
      ),
    );
  return changed.length;
}

/**
 * Archives, unarchives, moves to a category or reprices (selling price and every size, by a
 * percentage) the selected products, in one transaction: either every product changes or, when the
 * change is refused (an unknown category, a price that would reach $0), none does. The storefront's
 * listed prices are refreshed in the same transaction and its caches dropped after it.
 */
export async function bulkUpdateProducts(
  selection: BulkSelection,
  change: BulkChange,
  actor: AuditActor,
): Promise<BulkResult> {
  const problem = changeProblem(change);
  if (problem) return problem;
  let scope: SQL | undefined;
  if ("ids" in selection) {
    const ids = [...new Set(selection.ids)];
    if (ids.length === 0) return fail(400, BULK_MESSAGES.empty);
    if (ids.length > MAX_BULK_IDS || !ids.every(isUuid)) return fail(400, BULK_MESSAGES.gone);
    scope = inArray(products.id, ids);
  } else {
    scope = adminProductWhere(selection.filter);
  }

  const result = await db().transaction(async (tx): Promise<BulkResult> => {
    // Locked first, in one order: a product saved meanwhile waits for this action, or it for the save.
    const locked = await tx
      .select({ id: products.id })
      .from(products)
      .where(scope)
      .orderBy(asc(products.id))
      .for("update");
    const matched = locked.length;
    if (matched === 0)
      return fail(404, "ids" in selection ? BULK_MESSAGES.gone : BULK_MESSAGES.noMatch);
    const now = new Date();
    // One entry for the whole change: what it did, to how many, and which (a page's selection).
    const done = async (changed: number): Promise<BulkResult> => {
      await recordAudit(tx, {
        actor,
        area: "products",
        action: "bulk",
        record: { type: "products", id: "bulk", label: countText(matched, "product") },
        changes: {
          ...change,
          matched,
          changed,
          ...("ids" in selection
            ? { ids: locked.map((row) => row.id) }
            : { filter: selection.filter }),
        },
      });
      return { ok: true, matched, changed };
    };
    if (change.action === "price") {
      const refused = await priceProblem(tx, scope, change.percent);
      if (refused) return refused;
      const changed = await changePrices(tx, scope, change.percent, now);
      // A page's selection by its ids; a whole filter's (perhaps thousands) by comparing every product.
      await refreshListedPrice(tx, "ids" in selection ? locked.map((row) => row.id) : undefined);
      return done(changed);
    }
    const status = change.action === "archive" ? "archived" : "active";
    if (change.action === "unarchive") {
      const refused = await potencyProblem(tx, scope);
      if (refused) return refused;
    }
    const [set, unchanged] =
      change.action === "category"
        ? [{ category: change.category }, ne(products.category, change.category)]
        : [{ status }, ne(products.status, status)];
    const changed = await tx
      .update(products)
      .set({ ...set, updatedAt: now })
      .where(and(scope, unchanged))
      .returning({ id: products.id });
    return done(changed.length);
  });
  if (result.ok && result.changed > 0) {
    clearListingCache();
    await invalidatePageCache("products changed in bulk");
  }
  return result;
}
