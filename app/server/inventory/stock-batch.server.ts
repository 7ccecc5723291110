import { sql } from "drizzle-orm";
import { fail, type Result } from "~/lib/errors";
import type { Transaction } from "../db.server";
import {
  PRODUCT_OR_SIZE_NOT_FOUND,
  recordMovements,
  type NewMovement,
  type StockChange,
} from "./stock-ledger.server";

const BATCH = 1000;

/** Rows as one jsonb parameter, read back with jsonb_to_recordset (one statement per batch). */
const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * `moveStock` for many products and sizes at once (a product CSV import moves thousands), with the
 * same rules in a few statements per thousand instead of five per change: the sizes are locked,
 * then their products; each change is computed from the stock at that moment (`set` a counted
 * figure, or move `by` a quantity), never below 0 (a 409 naming the product), a product with sizes
 * keeps its stock on them, and the product's own figure moves with its sizes'. Every non-zero
 * change is recorded as a movement. Each product or size may appear once.
 */
export async function moveStocks(
  tx: Transaction,
  changes: readonly (StockChange & { label?: string })[],
): Promise<Result<{ moved: number }>> {
  if (changes.length === 0) return { ok: true, moved: 0 };
  const sizeIds = changes.flatMap((c) => (c.variationId ? [c.variationId] : []));
  const productIds = [...new Set(changes.map((c) => c.productId))];
  const sizes = new Map<string, { productId: string; stock: number }>();
  for (let i = 0; i < sizeIds.length; i += BATCH) {
    const rows = (await tx.execute(sql`
      select id, product_id as "productId", stock from product_variations
      where id = any(${`{${sizeIds.slice(i, i + BATCH).join(",")}}`}::uuid[]) and archived_at is null
      order by id for no key update`)) as unknown as {
      rows: { id: string; productId: string; stock: number }[];
    };
    for (const row of rows.rows) sizes.set(row.id, row);
  }
  const owners = new Map<string, { stock: number; sizes: number }>();
  for (let i = 0; i < productIds.length; i += BATCH) {
    const rows = (await tx.execute(sql`
      select p.id, p.stock,
        (select count(*) from product_variations v
          where v.product_id = p.id and v.archived_at is null)::int as sizes
      from products p
      where p.id = any(${`{${productIds.slice(i, i + BATCH).join(",")}}`}::uuid[])
      order by p.id for no key update`)) as unknown as {
      rows: { id: string; stock: number; sizes: number }[];
    };
    for (const row of rows.rows) owners.set(row.id, row);
  }

  const movements: NewMovement[] = [];
  const sizeStock: { id: string; stock: number }[] = [];
  const productDelta = new Map<string, number>();
  for (const change of changes) {
    const product = owners.get(change.productId);
    if (!product) return fail(404, PRODUCT_OR_SIZE_NOT_FOUND);
    let current: number;
    if (change.variationId) {
      const size = sizes.get(change.variationId);
      if (!size || size.productId !== change.productId) return fail(404, PRODUCT_OR_SIZE_NOT_FOUND);
      current = size.stock;
    } else {
      if (product.sizes > 0) return fail(400, "Choose which size's stock to change.");
      current = product.stock;
    }
    const quantity = "set" in change.change ? change.change.set - current : change.change.by;
    const stockAfter = current + quantity;
    if (stockAfter < 0)
      return fail(
        409,
        `${change.label ? `${change.label}: ` : ""}Stock cannot go below 0: only ${current} ${current === 1 ? "is" : "are"} left.`,
      );
    if (quantity === 0) continue;
    if (change.variationId) sizeStock.push({ id: change.variationId, stock: stockAfter });
    productDelta.set(change.productId, (productDelta.get(change.productId) ?? 0) + quantity);
    movements.push({
      productId: change.productId,
      variationId: change.variationId,
      quantity,
      stockAfter,
      reason: change.reason,
      note: change.note ?? null,
      orderId: change.orderId ?? null,
      adminId: change.adminId ?? null,
      // Units added may be received into a named lot; any other change takes the default lots.
      ...(quantity > 0 && change.lot && "receive" in change.lot ? { lot: change.lot } : {}),
    });
  }

  for (let i = 0; i < sizeStock.length; i += BATCH)
    await tx.execute(sql`
      update product_variations v set stock = x.stock
      from jsonb_to_recordset(${json(sizeStock.slice(i, i + BATCH))}) as x(id uuid, stock int)
      where v.id = x.id`);
  const deltas = [...productDelta].map(([id, delta]) => ({ id, delta }));
  for (let i = 0; i < deltas.length; i += BATCH)
    await tx.execute(sql`
      update products p set stock = p.stock + x.delta, updated_at = now()
      from jsonb_to_recordset(${json(deltas.slice(i, i + BATCH))}) as x(id uuid, delta int)
      where p.id = x.id`);
  await recordMovements(tx, movements);
  return { ok: true, moved: movements.length };
}
