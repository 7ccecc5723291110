import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { fail, Refusal, type Failure } from "~/lib/errors";
import type { FormErrors } from "~/lib/form";
import { can, refusalMessage, type AdminRole } from "~/lib/permissions";
import { sizeLabel } from "~/lib/product";
import type { AdminVariation } from "~/lib/product-fields";
import type { StockReason } from "~/lib/stock";
import type { ProductInput } from "~/schemas/product";
import type { AuditActor } from "../audit/audit-log.server";
import type { Executor, Transaction } from "../db.server";
import { recordStaffStockChange } from "../inventory/stock-ledger.server";
import type { LotChoice } from "../inventory/stock-lots.server";
import { productVariations } from "../db-tables";
import { sizeColumns } from "./product-columns.server";

/**
 * What saving the product form does to a product's sizes and stock. Stock typed in the form is a
 * stock change like Adjust stock's (the same permission, a movement and an activity entry each,
 * in the save's transaction): a new product's or new size's opening stock, the product's own
 * count once its last size is removed, and the stock a removed size or a product gaining sizes
 * gives up. A removed size is archived at stock 0, never deleted: its movements and order lines
 * keep naming it. Adding a size with a removed size's name makes a new size (the archived one
 * keeps its history apart).
 */

/** A live size of a product, as the save compares the form with it. */
export type SavedSize = AdminVariation;

/** A product's live sizes in their order. */
export function liveSizes(executor: Executor, productId: string): Promise<SavedSize[]> {
  return executor
    .select({
      id: productVariations.id,
      size: productVariations.size,
      sizeUnit: productVariations.sizeUnit,
      priceCents: productVariations.priceCents,
      stock: productVariations.stock,
      netAmountMilli: productVariations.netAmountMilli,
      packedGrams: productVariations.packedGrams,
      thcTenths: productVariations.thcTenths,
      totalThcTenths: productVariations.totalThcTenths,
      cbdTenths: productVariations.cbdTenths,
      totalCbdTenths: productVariations.totalCbdTenths,
    })
    .from(productVariations)
    .where(and(eq(productVariations.productId, productId), isNull(productVariations.archivedAt)))
    .orderBy(asc(productVariations.position), asc(productVariations.id));
}

/** One stock change a save makes, with the form's field it comes from. */
interface PlannedChange {
  field: string;
  /** Why it is a stock change, said next to that field when the editor may not make it. */
  why?: string;
  change: { set: number } | { by: number };
  reason: StockReason;
  note: string;
  /** Opening stock typed with the form's lot: received into that lot number (each size its own). */
  lot?: LotChoice;
}

interface SizesPlan {
  /** Per row of the form: the saved size it updates, or null for a new size. */
  rowIds: (string | null)[];
  /** Saved sizes the form left out: archived. */
  removed: SavedSize[];
  /** The product's own stock, taken out when it gains sizes (each size counts its own). */
  handOver: PlannedChange | null;
  /** The stock removed sizes hold, taken out before they are archived. */
  emptied: PlannedChange[];
  /** New sizes' opening stock, by row of the form. */
  openings: (PlannedChange & { row: number })[];
  /** The product's own stock typed: a new product's opening stock, or once its sizes are gone. */
  own: PlannedChange | null;
}

/** A removed size's stock, taken out before it is archived. */
const EMPTIED = {
  change: { set: 0 },
  reason: "count_correction",
  note: "Size removed",
} as const satisfies Omit<PlannedChange, "field">;

/** Every stock change of a plan, in the order they are written. */
function stockChanges(plan: SizesPlan): PlannedChange[] {
  return [
    ...(plan.handOver ? [plan.handOver] : []),
    ...plan.emptied,
    ...plan.openings,
    ...(plan.own ? [plan.own] : []),
  ];
}

/**
 * The plan of a save (pure): which rows update which saved size, which sizes are archived, and the
 * stock changes the form makes. `saved` and `ownStock` are the product as it is (none and 0 for a
 * new product). A saved size's stock typed in the form is never taken: it moves through Adjust
 * stock, so units sold while the form was open stay sold.
 */
export function planSizes(options: {
  input: ProductInput;
  saved: SavedSize[];
  ownStock: number;
  creating: boolean;
}): SizesPlan {
  const { input, saved, ownStock, creating } = options;
  const opening = input.openingLot ? { lot: { receive: input.openingLot } } : {};
  const savedIds = new Set(saved.map((size) => size.id));
  const kept = new Set<string>();
  const rowIds = input.variations.map((v) => {
    if (!v.id || !savedIds.has(v.id) || kept.has(v.id)) return null;
    kept.add(v.id);
    return v.id;
  });
  const removed = saved.filter((size) => !kept.has(size.id));
  const sized = input.variations.length > 0;
  return {
    rowIds,
    removed,
    handOver:
      sized && saved.length === 0 && ownStock !== 0
        ? {
            field: "variations",
            why: `Adding sizes takes the product's ${ownStock} in stock out: each size counts its own.`,
            change: { set: 0 },
            reason: "count_correction",
            note: "Sizes added: stock is now counted per size",
          }
        : null,
    emptied: removed
      .filter((size) => size.stock !== 0)
      .map((size) => ({
        field: "variations",
        why: `${sizeLabel(size)} still has ${size.stock} in stock: removing it takes them out of stock.`,
        ...EMPTIED,
      })),
    openings: input.variations.flatMap((v, row) =>
      rowIds[row] === null && v.stock !== 0
        ? [
            {
              field: `variations.${row}.stock`,
              row,
              change: { by: v.stock },
              reason: "received" as const,
              note: "Opening stock",
              ...opening,
            },
          ]
        : [],
    ),
    own:
      !sized && (creating || saved.length > 0) && input.stock !== 0
        ? {
            field: "currentStock",
            change: creating ? { by: input.stock } : { set: input.stock },
            reason: creating ? "received" : "count_correction",
            note: creating ? "Opening stock" : "Sizes removed: stock counted for the product",
            ...(creating ? opening : {}),
          }
        : null,
  };
}

/**
 * A 403 naming each field whose stock the save would change, when the editor's role may not
 * adjust stock (their form does not offer it; a post that does is refused, nothing saved).
 */
export function stockRefusal(plan: SizesPlan, role: AdminRole): Failure | undefined {
  const changes = stockChanges(plan);
  if (changes.length === 0 || can(role, "stock.adjust")) return undefined;
  const message = refusalMessage(role, "stock.adjust");
  const errors: FormErrors = {};
  for (const change of changes)
    errors[change.field] ??= change.why ? `${change.why} ${message}` : message;
  return fail(403, message, errors);
}

/**
 * Writes a planned save's sizes and stock (the caller has locked and written the product's row):
 * the product's own stock handed over, removed sizes emptied and archived, kept sizes updated, new
 * sizes inserted at 0, then the stock typed, each change a movement with its activity entry.
 */
export async function writeSizes(
  tx: Transaction,
  options: { productId: string; input: ProductInput; plan: SizesPlan; actor: AuditActor },
): Promise<void> {
  const { productId, input, plan, actor } = options;
  const move = async (change: PlannedChange, variationId: string | null) => {
    const moved = await recordStaffStockChange(tx, {
      productId,
      variationId,
      change: change.change,
      ...(change.lot ? { lot: change.lot } : {}),
      reason: change.reason,
      note: change.note,
      actor,
    });
    if (!moved.ok) throw new Refusal(moved.status, moved.message, change.field);
  };
  if (plan.handOver) await move(plan.handOver, null);
  // Every removed size is emptied at the stock it holds now (a sale or restock since the plan was
  // read is counted), so an archived size always holds 0.
  for (const size of plan.removed) await move({ field: "variations", ...EMPTIED }, size.id);
  if (plan.removed.length > 0)
    await tx
      .update(productVariations)
      .set({ archivedAt: new Date() })
      .where(
        inArray(
          productVariations.id,
          plan.removed.map((size) => size.id),
        ),
      );

  const columns = sizeColumns(input);
  const newIds = new Map<number, string>();
  for (const [row, id] of plan.rowIds.entries()) {
    if (id) {
      await tx.update(productVariations).set(columns[row]!).where(eq(productVariations.id, id));
      continue;
    }
    const [size] = await tx
      .insert(productVariations)
      .values({ ...columns[row]!, productId, stock: 0 })
      .returning({ id: productVariations.id });
    newIds.set(row, size!.id);
  }
  for (const change of plan.openings) await move(change, newIds.get(change.row)!);
  if (plan.own) await move(plan.own, null);
}
