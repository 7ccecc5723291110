import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { fail, refusalFailure, type Result } from "~/lib/errors";
import { sizeLabel } from "~/lib/product";
import { isUuid } from "~/lib/ids";
import { lotLabel } from "~/lib/lots";
import { type AdjustMode, type StockReason } from "~/lib/stock";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { refreshListedPrice } from "./listed-price.server";
import {
  applyLotFigures,
  recordSaleTakes,
  splitByLot,
  type LotChoice,
  type LotlessMovement,
} from "./stock-lots.server";
import { db, type Executor, type Transaction } from "../db.server";
import { keysetCondition, keysetPage, type KeysetCursor } from "../keyset.server";
import {
  adminUsers,
  orders,
  productVariations,
  products,
  stockLots,
  stockMovements,
} from "../db-tables";
import { clearListingCache } from "../storefront/listing-counts.server";
import { invalidatePageCache } from "../storefront/page-invalidation.server";

// drizzle names a column without its table in a one-table select, where a subquery would read it
// as its own table's: subqueries name the product's id in full.
export const productIdColumn = sql.raw('"products"."id"');

/**
 * One movement as a caller writes it: the stock of its product (no sizes) or size moved by
 * `quantity`, split by lot when recorded (`splitByLot`).
 */
export type NewMovement = LotlessMovement;

/**
 * Records movements whose stock change the caller has just made in the same transaction
 * (checkout's guarded decrement, a cancellation's restock, sample data), holding the sizes' locks:
 * each is split by lot, written, and its lots' figures moved with it. Zero changes are skipped.
 */
export async function recordMovements(executor: Executor, movements: readonly NewMovement[]) {
  const rows = movements.filter((m) => m.quantity !== 0);
  if (rows.length === 0) return;
  if (await recordSaleTakes(executor, rows)) return;
  const pieces = await splitByLot(executor, rows);
  for (let i = 0; i < pieces.length; i += 1000) {
    await executor
      .insert(stockMovements)
      .values(pieces.slice(i, i + 1000).map(({ quarantinedHere: _, ...piece }) => piece));
  }
  await applyLotFigures(executor, pieces);
}

/** A change to one product's or size's stock, made and recorded by `moveStock`. */
export interface StockChange {
  productId: string;
  variationId: string | null;
  /** A signed quantity, or the figure counted (`set`): the movement is the difference. */
  change: { by: number } | { set: number };
  /** The lot: named for a count or a removal, with its details when received; else the default. */
  lot?: LotChoice;
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

  // A named lot is counted or taken from on its own: its figure is the one that cannot go below 0.
  const lotId = input.lot && "lotId" in input.lot ? input.lot.lotId : null;
  const lot = lotId ? await lotOnHand(tx, lotId, input) : null;
  if (lotId && !lot) return fail(404, "This lot does not exist for this product or size.");
  const base = lot ? lot.onHand : current;
  const quantity = "set" in input.change ? input.change.set - base : input.change.by;
  const stockAfter = current + quantity;
  if (base + quantity < 0)
    return fail(
      409,
      `Stock cannot go below 0: ${base === 0 ? "there are none" : base === 1 ? "only 1 is" : `only ${base} are`} left${lot ? ` in lot ${lotLabel(lot.lotNumber)}` : ""}.`,
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
      lot: input.lot,
    },
  ]);
  return { ok: true, stockAfter, quantity };
}

/** A lot's sellable units, when the lot belongs to this product or size (its size is locked). */
async function lotOnHand(
  tx: Transaction,
  lotId: string,
  size: { productId: string; variationId: string | null },
) {
  if (!isUuid(lotId)) return null;
  const [lot] = await tx
    .select({ onHand: stockLots.onHand, lotNumber: stockLots.lotNumber })
    .from(stockLots)
    .where(
      and(
        eq(stockLots.id, lotId),
        eq(stockLots.productId, size.productId),
        size.variationId === null
          ? isNull(stockLots.variationId)
          : eq(stockLots.variationId, size.variationId),
      ),
    );
  return lot ?? null;
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
  const namedLotId = input.lot && "lotId" in input.lot ? input.lot.lotId : null;
  const [named] = await tx
    .select({
      name: products.name,
      size: productVariations.size,
      unit: productVariations.sizeUnit,
      lotNumber: stockLots.lotNumber,
    })
    .from(products)
    .leftJoin(productVariations, eq(productVariations.id, sql`${input.variationId}::uuid`))
    .leftJoin(stockLots, eq(stockLots.id, sql`${namedLotId}::uuid`))
    .where(eq(products.id, input.productId));
  const lotNumber =
    input.lot && "receive" in input.lot ? input.lot.receive.lotNumber : named?.lotNumber;
  await recordAudit(tx, {
    actor,
    area: "stock",
    action: "update",
    record: { type: "product", id: input.productId, label: named?.name ?? null },
    changes: {
      ...(named?.size ? { size: sizeLabel({ size: named.size, sizeUnit: named.unit ?? "" }) } : {}),
      stock: [moved.stockAfter - moved.quantity, moved.stockAfter],
      reason: input.reason,
      ...(lotNumber ? { lot: lotLabel(lotNumber) } : {}),
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
  lot?: LotChoice;
  actor: AuditActor;
}): Promise<Result<{ stockAfter: number; quantity: number }>> {
  const result = await db()
    .transaction((tx) =>
      recordStaffStockChange(tx, {
        productId: input.productId,
        variationId: input.variationId,
        change:
          input.mode === "set"
            ? { set: input.quantity }
            : { by: input.mode === "add" ? input.quantity : -input.quantity },
        lot: input.lot,
        reason: input.reason,
        note: input.note,
        actor: input.actor,
      }),
    )
    .catch((error: unknown) => {
      const refused = refusalFailure(error);
      if (refused) return refused;
      throw error;
    });
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
 * A figure that is not what the ledger says: a size's or product's stock (against its movements,
 * its sizes, or its lots' on-hand sum), or a lot's on-hand or quarantined units (against its own
 * movements). `check` names which.
 */
interface StockDiscrepancy {
  productId: string;
  productName: string;
  variationId: string | null;
  size: string | null;
  lot?: string;
  check: "movements" | "lots" | "lot on hand" | "lot quarantined";
  stock: number;
  expected: number;
}

/**
 * The ledger's invariants: for every size, and every product without sizes, the sum of its
 * movements and the sum of its lots' on-hand units equal its stock; a product with sizes holds the
 * sum of theirs; every lot's on-hand units are the sum of its movements, and its quarantined units
 * what its "recalled" movements took. Answers every difference.
 */
export async function stockDiscrepancies(executor: Executor = db()): Promise<StockDiscrepancy[]> {
  const sizeName = sql<string>`${productVariations.size} || ${productVariations.sizeUnit}`;
  const sizeMovements = sql`coalesce((select sum(m.quantity) from stock_movements m where m.variation_id = ${productVariations.id}), 0)`;
  const sizeLots = sql`coalesce((select sum(l.on_hand) from stock_lots l where l.variation_id = ${productVariations.id}), 0)`;
  const sizes = (check: "movements" | "lots", expected: typeof sizeLots) =>
    executor
      .select({
        productId: products.id,
        productName: products.name,
        variationId: productVariations.id,
        size: sizeName,
        check: sql<typeof check>`${check}`,
        stock: productVariations.stock,
        expected: sql<number>`(${expected})::int`,
      })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId))
      .where(sql`${productVariations.stock} <> ${expected}`);
  // Archived sizes hold 0 and no longer count: a product whose sizes are all archived is sold
  // without sizes again, from its own movements and lots.
  const liveSizes = sql`from product_variations v where v.product_id = ${productIdColumn} and v.archived_at is null`;
  const own = (table: "stock_movements" | "stock_lots", column: string) =>
    sql.raw(
      `coalesce((select sum(x.${column}) from ${table} x where x.product_id = "products"."id" and x.variation_id is null), 0)`,
    );
  const productExpected = (
    ownFigure: ReturnType<typeof own>,
  ) => sql`case when exists (select 1 ${liveSizes})
        then (select coalesce(sum(v.stock), 0) ${liveSizes})
        else ${ownFigure} end`;
  const wholeProducts = (
    check: "movements" | "lots",
    expected: ReturnType<typeof productExpected>,
  ) =>
    executor
      .select({
        productId: products.id,
        productName: products.name,
        check: sql<typeof check>`${check}`,
        stock: products.stock,
        expected: sql<number>`(${expected})::int`,
      })
      .from(products)
      .where(sql`${products.stock} <> ${expected}`);
  const lotFigure = (check: "lot on hand" | "lot quarantined") => {
    const figure = check === "lot on hand" ? stockLots.onHand : stockLots.quarantined;
    const expected =
      check === "lot on hand"
        ? sql`coalesce((select sum(m.quantity) from stock_movements m where m.lot_id = ${stockLots.id}), 0)`
        : sql`coalesce((select -sum(m.quantity) from stock_movements m where m.lot_id = ${stockLots.id} and m.reason = 'recalled'), 0)`;
    return executor
      .select({
        productId: products.id,
        productName: products.name,
        variationId: stockLots.variationId,
        size: sizeName,
        lot: stockLots.lotNumber,
        check: sql<typeof check>`${check}`,
        stock: figure,
        expected: sql<number>`(${expected})::int`,
      })
      .from(stockLots)
      .innerJoin(products, eq(products.id, stockLots.productId))
      .leftJoin(productVariations, eq(productVariations.id, stockLots.variationId))
      .where(sql`${figure} <> ${expected}`);
  };
  const [bySizeMovements, bySizeLots, byProductMovements, byProductLots, onHand, quarantined] =
    await Promise.all([
      sizes("movements", sizeMovements),
      sizes("lots", sizeLots),
      wholeProducts("movements", productExpected(own("stock_movements", "quantity"))),
      wholeProducts("lots", productExpected(own("stock_lots", "on_hand"))),
      lotFigure("lot on hand"),
      lotFigure("lot quarantined"),
    ]);
  const whole = (rows: typeof byProductMovements) =>
    rows.map((row) => ({ ...row, variationId: null, size: null }));
  return [
    ...bySizeMovements,
    ...bySizeLots,
    ...whole(byProductMovements),
    // A product with sizes is already compared with them once.
    ...whole(byProductLots).filter(
      (row) => !byProductMovements.some((other) => other.productId === row.productId),
    ),
    ...onHand,
    ...quarantined,
  ].map((row) => ({ ...row, lot: "lot" in row && row.lot ? lotLabel(row.lot) : undefined }));
}
