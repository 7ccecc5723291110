import { and, eq, isNull, sql } from "drizzle-orm";
import { fail, refusalFailure, Refusal, type Result } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { lotLabel } from "~/lib/lots";
import { shortDay } from "~/lib/report-period";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { db, type Transaction } from "../db.server";
import { productVariations, products, stockLots } from "../db-tables";
import { refreshListedPrice } from "./listed-price.server";
import { recordMovements, stockChanged } from "./stock-ledger.server";

export const LOT_NOT_FOUND = "This lot does not exist (its product may have been deleted).";

/**
 * Recalls a lot: its sellable units leave the size's stock for quarantine (one "recalled"
 * movement), and from the commit on no sale takes from it. The size's row is locked before the
 * lot's, as checkout locks it before it takes from lots: a checkout that got there first sells its
 * units before the recall (and is listed by it); one that comes after finds the lot gone.
 */
export async function recallLot(input: {
  lotId: string;
  noticeNumber: string;
  noticeText: string;
  actor: AuditActor;
}): Promise<Result<{ quarantined: number; lotNumber: string }>> {
  if (!isUuid(input.lotId)) return fail(404, LOT_NOT_FOUND);
  try {
    const result = await db().transaction((tx) => recallInTransaction(tx, input));
    await stockChanged("lot recalled");
    return result;
  } catch (error) {
    const refused = refusalFailure(error);
    if (refused) return refused;
    throw error;
  }
}

async function recallInTransaction(
  tx: Transaction,
  input: { lotId: string; noticeNumber: string; noticeText: string; actor: AuditActor },
) {
  const [found] = await tx
    .select({ productId: stockLots.productId, variationId: stockLots.variationId })
    .from(stockLots)
    .where(eq(stockLots.id, input.lotId));
  if (!found) throw new Refusal(404, LOT_NOT_FOUND);
  let sizeStock: number | null = null;
  if (found.variationId) {
    const [size] = await tx
      .select({ stock: productVariations.stock })
      .from(productVariations)
      .where(eq(productVariations.id, found.variationId))
      .for("no key update");
    sizeStock = size!.stock;
  }
  const [product] = await tx
    .select({ name: products.name, stock: products.stock })
    .from(products)
    .where(eq(products.id, found.productId))
    .for("no key update");
  const [lot] = await tx
    .select()
    .from(stockLots)
    .where(eq(stockLots.id, input.lotId))
    .for("no key update");
  if (!lot || !product) throw new Refusal(404, LOT_NOT_FOUND);
  if (lot.recalledAt)
    throw new Refusal(
      409,
      `Lot ${lotLabel(lot.lotNumber)} was already recalled on ${shortDay(lot.recalledAt.toISOString().slice(0, 10))}.`,
    );

  const units = lot.onHand;
  if (units > 0) {
    if (lot.variationId)
      await tx
        .update(productVariations)
        .set({ stock: sql`${productVariations.stock} - ${units}` })
        .where(eq(productVariations.id, lot.variationId));
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${units}`, updatedAt: new Date() })
      .where(eq(products.id, lot.productId));
    await recordMovements(tx, [
      {
        productId: lot.productId,
        variationId: lot.variationId,
        quantity: -units,
        stockAfter: (sizeStock ?? product.stock) - units,
        reason: "recalled",
        note: `Recall ${input.noticeNumber}`,
        adminId: input.actor.adminId,
        lot: { lotId: lot.id },
      },
    ]);
  }
  await tx
    .update(stockLots)
    .set({
      recalledAt: new Date(),
      recallNoticeNumber: input.noticeNumber,
      recallNoticeText: input.noticeText,
      recalledBy: input.actor.adminId,
    })
    .where(and(eq(stockLots.id, lot.id), isNull(stockLots.recalledAt)));
  await refreshListedPrice(tx, [lot.productId]);
  await recordAudit(tx, {
    actor: input.actor,
    area: "lots",
    action: "recall",
    record: { type: "lot", id: lot.id, label: `${product.name}: lot ${lotLabel(lot.lotNumber)}` },
    changes: { notice: input.noticeNumber, quarantined: units },
  });
  return { ok: true as const, quarantined: units, lotNumber: lot.lotNumber };
}
