import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { fail, type Result } from "~/lib/errors";
import { sizeLabel } from "~/lib/product";
import { isUuid } from "~/lib/ids";
import { type AdjustMode, type StockReason } from "~/lib/stock";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { refreshListedPrice } from "./listed-price.server";
import { db, type Executor, type Transaction } from "../db.server";
import { keysetCondition, keysetPage, type KeysetCursor } from "../keyset.server";
import { adminUsers, orders, productVariations, products, stockMovements } from "../db-tables";
import { clearListingCache } from "../storefront/listing-counts.server";
import { invalidatePageCache } from "../storefront/page-invalidation.server";

// drizzle names a column without its table in a one-table select, where a subquery would read it
// as its own table's: subqueries name the product's id in full.
export const productIdColumn = sql.raw('"products"."id"');

/** One movement as written: the stock of its product (no sizes) or size moved by `quantity`. */
export interface NewMovement {
  productId: string;
  variationId: string | null;
  quantity: number;
  stockAfter: number;
  reason: StockReason;
  note?: string | null;
  orderId?: string | null;
  adminId?: string | null;
}

/**
 * Records movements whose stock change the caller has just made in the same transaction
 * (checkout's guarded decrement, a cancellation's restock, sample data). Zero changes are skipped.
 */
export async function recordMovements(executor: Executor, movements: readonly NewMovement[]) {
  const rows = movements.filter((m) => m.quantity !== 0);
  for (let i = 0; i < rows.length; i += 1000) {
    await executor.insert(stockMovements).values(rows.slice(i, i + 1000));
  }
}

/** A change to one product's or size's stock, made and recorded by `moveStock`. */
export interface StockChange {
  productId: string;
  variationId: string | null;
  /** A signed quantity, or the figure counted (`set`): the movement is the difference. */
  change: { by: number } | { set: number };
  reason: StockReason;
  note?: string | null;
  orderId?: string | null;
  adminId?: string | null;
}

export const PRODUCT_OR_SIZE_NOT_FOUND =
  "This product or size does not exist (it may have been deleted).";

/** A product's live sizes, counted in a subquery of a select from `products`. */
const liveSizeCount = sql<number>`(select count(*) from product_variations v where v.product_id = ${productIdColumn} and v.archived_at is null)::int`;

/**
 * Moves one product's or size's stock inside the caller's transaction and records the movement:
 * the size's row is locked, then the product's (checkout's lock order), the change is computed
 * from the stock at that moment, and stock never goes below 0 (a 409 saying how many are left).
 * The product's own figure stays the sum of its sizes. An archived size is not found (404).
 */
export async function moveStock(
  tx: Transaction,
  input: StockChange,
): Promise<Result<{ stockAfter: number; quantity: number }>> {
  if (!isUuid(input.productId) || (input.variationId !== null && !isUuid(input.variationId)))
    return fail(404, PRODUCT_OR_SIZE_NOT_FOUND);
  let current: number | undefined;
  if (input.variationId) {
    const [size] = await tx
      .select({ stock: productVariations.stock })
      .from(productVariations)
      .where(
        and(
          eq(productVariations.id, input.variationId),
          eq(productVariations.productId, input.productId),
          isNull(productVariations.archivedAt),
        ),
      )
      .for("no key update");
    current = size?.stock;
  }
  const [product] = await tx
    .select({ stock: products.stock, sizes: liveSizeCount })
    .from(products)
    .where(eq(products.id, input.productId))
    .for("no key update");
  if (!product) return fail(404, PRODUCT_OR_SIZE_NOT_FOUND);
  if (input.variationId === null) {
    // A product with sizes keeps its stock on them.
    if (product.sizes > 0) return fail(400, "Choose which size's stock to change.");
    current = product.stock;
  }
  if (current === undefined) return fail(404, PRODUCT_OR_SIZE_NOT_FOUND);

  const quantity = "set" in input.change ? input.change.set - current : input.change.by;
  const stockAfter = current + quantity;
  if (stockAfter < 0)
    return fail(
      409,
      `Stock cannot go below 0: ${current === 0 ? "there are none" : current === 1 ? "only 1 is" : `only ${current} are`} left.`,
    );
  if (quantity === 0) return { ok: true, stockAfter, quantity };

  if (input.variationId)
    await tx
      .update(productVariations)
      .set({ stock: stockAfter })
      .where(eq(productVariations.id, input.variationId));
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}`, updatedAt: new Date() })
    .where(eq(products.id, input.productId));
  await recordMovements(tx, [
    {
      productId: input.productId,
      variationId: input.variationId,
      quantity,
      stockAfter,
      reason: input.reason,
      note: input.note ?? null,
      orderId: input.orderId ?? null,
      adminId: input.adminId ?? null,
    },
  ]);
  return { ok: true, stockAfter, quantity };
}

/** After committed stock changes: listings show the new stock and cached pages are dropped. */
export async function stockChanged(reason: string) {
  clearListingCache();
  await invalidatePageCache(reason);
}

/** A staff member's change to one product's or size's stock, as Adjust stock records it. */
interface StaffStockChange extends Omit<StockChange, "adminId" | "orderId"> {
  actor: AuditActor;
}

/**
 * A staff member's change of stock inside the caller's transaction (Adjust stock, and stock typed
 * in the product form): the movement (`moveStock`), the listed price, and the activity log entry
 * naming the product, the size, the stock before → after and the reason. Nothing is recorded when
 * the stock does not change.
 */
export async function recordStaffStockChange(
  tx: Transaction,
  input: StaffStockChange,
): Promise<Result<{ stockAfter: number; quantity: number }>> {
  const { actor, ...change } = input;
  const moved = await moveStock(tx, { ...change, adminId: actor.adminId });
  if (!moved.ok || moved.quantity === 0) return moved;
  await refreshListedPrice(tx, [input.productId]);
  const [named] = await tx
    .select({
      name: products.name,
      size: productVariations.size,
      unit: productVariations.sizeUnit,
    })
    .from(products)
    .leftJoin(productVariations, eq(productVariations.id, sql`${input.variationId}::uuid`))
    .where(eq(products.id, input.productId));
  await recordAudit(tx, {
    actor,
    area: "stock",
    action: "update",
    record: { type: "product", id: input.productId, label: named?.name ?? null },
    changes: {
      ...(named?.size ? { size: sizeLabel({ size: named.size, sizeUnit: named.unit ?? "" }) } : {}),
      stock: [moved.stockAfter - moved.quantity, moved.stockAfter],
      reason: input.reason,
      ...(input.note ? { note: input.note } : {}),
    },
  });
  return moved;
}

/**
 * A staff member's adjustment of one product's or size's stock (Adjust stock): add or remove a
 * quantity, or set the figure counted. One transaction with its movement and the listed price.
 */
export async function adjustStock(input: {
  productId: string;
  variationId: string | null;
  mode: AdjustMode;
  quantity: number;
  reason: StockReason;
  note: string | null;
  actor: AuditActor;
}): Promise<Result<{ stockAfter: number; quantity: number }>> {
  const result = await db().transaction((tx) =>
    recordStaffStockChange(tx, {
      productId: input.productId,
      variationId: input.variationId,
      change:
        input.mode === "set"
          ? { set: input.quantity }
          : { by: input.mode === "add" ? input.quantity : -input.quantity },
      reason: input.reason,
      note: input.note,
      actor: input.actor,
    }),
  );
  if (result.ok && result.quantity !== 0) await stockChanged("stock adjusted");
  return result;
}

/** A movement as the admin shows it. */
export interface MovementRow {
  id: string;
  createdAt: Date;
  productId: string;
  productName: string;
  sku: string | null;
  variationId: string | null;
  size: string | null;
  sizeUnit: string | null;
  quantity: number;
  stockAfter: number;
  reason: StockReason;
  note: string | null;
  orderNumber: string | null;
  staff: string | null;
}

const movementColumns = {
  id: stockMovements.id,
  createdAt: stockMovements.createdAt,
  productId: stockMovements.productId,
  productName: products.name,
  sku: products.sku,
  variationId: stockMovements.variationId,
  size: productVariations.size,
  sizeUnit: productVariations.sizeUnit,
  quantity: stockMovements.quantity,
  stockAfter: stockMovements.stockAfter,
  reason: sql<StockReason>`${stockMovements.reason}`,
  note: stockMovements.note,
  orderNumber: orders.orderNumber,
  staff: adminUsers.displayName,
};

/** Movements joined to what they name (product, size, order, staff). */
export function movementsQuery() {
  return db()
    .select(movementColumns)
    .from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .leftJoin(productVariations, eq(productVariations.id, stockMovements.variationId))
    .leftJoin(orders, eq(orders.id, stockMovements.orderId))
    .leftJoin(adminUsers, eq(adminUsers.id, stockMovements.adminId))
    .$dynamic();
}

export const MOVEMENTS_PAGE_SIZE = 20;

/** One page of a product's stock history, newest first, and where the next page starts. */
export async function productMovements(
  productId: string,
  cursor?: KeysetCursor,
  pageSize = MOVEMENTS_PAGE_SIZE,
): Promise<{ rows: MovementRow[]; next: string | null }> {
  if (!isUuid(productId)) return { rows: [], next: null };
  const rows = await movementsQuery()
    .where(
      and(
        eq(stockMovements.productId, productId),
        cursor && keysetCondition(stockMovements, cursor, false),
      ),
    )
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(pageSize + 1);
  const page = keysetPage(rows, pageSize, { after: cursor });
  return { rows: page.rows, next: page.older ?? null };
}

/**
 * A product or size whose stock is not what the ledger says: for a size or a product without sizes
 * the sum of its movements, for a product with sizes the sum of theirs.
 */
interface StockDiscrepancy {
  productId: string;
  productName: string;
  variationId: string | null;
  size: string | null;
  stock: number;
  expected: number;
}

/**
 * The ledger's invariant: for every size, and every product without sizes, the sum of its movements
 * equals its stock; a product with sizes holds the sum of theirs. Answers every difference.
 */
export async function stockDiscrepancies(executor: Executor = db()): Promise<StockDiscrepancy[]> {
  const sizes = await executor
    .select({
      productId: products.id,
      productName: products.name,
      variationId: productVariations.id,
      size: sql<string>`${productVariations.size} || ${productVariations.sizeUnit}`,
      stock: productVariations.stock,
      expected: sql<number>`coalesce((select sum(m.quantity) from stock_movements m where m.variation_id = ${productVariations.id}), 0)::int`,
    })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(
      sql`${productVariations.stock} <> coalesce((select sum(m.quantity) from stock_movements m where m.variation_id = ${productVariations.id}), 0)`,
    );
  // Archived sizes hold 0 and no longer count: a product whose sizes are all archived is sold
  // without sizes again, from its own movements.
  const liveSizes = sql`from product_variations v where v.product_id = ${productIdColumn} and v.archived_at is null`;
  const expected = sql`case when exists (select 1 ${liveSizes})
        then (select coalesce(sum(v.stock), 0) ${liveSizes})
        else coalesce((select sum(m.quantity) from stock_movements m where m.product_id = ${productIdColumn} and m.variation_id is null), 0)
        end`;
  const wholeProducts = await executor
    .select({
      productId: products.id,
      productName: products.name,
      stock: products.stock,
      expected: sql<number>`(${expected})::int`,
    })
    .from(products)
    .where(sql`${products.stock} <> ${expected}`);
  return [...sizes, ...wholeProducts.map((row) => ({ ...row, variationId: null, size: null }))];
}
