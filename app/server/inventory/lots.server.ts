import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { addDays } from "~/lib/report-period";
import type { LotListFilter as LotFilter } from "~/schemas/lot-list";
import { db } from "../db.server";
import { productVariations, products, stockLots } from "../db-tables";

/**
 * Lots as the admin shows them (docs/product/lots-and-recalls.md#lots): a size's lots for
 * Adjust stock, a product's "Stock by lot", and the store-wide Lots screen.
 */

/** One lot with its size, as the product page and the Lots screen list it. */
export interface AdminLot {
  id: string;
  productId: string;
  productName: string;
  variationId: string | null;
  size: string | null;
  sizeUnit: string | null;
  lotNumber: string;
  packagedOn: string | null;
  expiresOn: string | null;
  supplier: string | null;
  coaUrl: string | null;
  onHand: number;
  quarantined: number;
  recalled: boolean;
}

const adminLotColumns = {
  id: stockLots.id,
  productId: stockLots.productId,
  productName: products.name,
  variationId: stockLots.variationId,
  size: productVariations.size,
  sizeUnit: productVariations.sizeUnit,
  lotNumber: stockLots.lotNumber,
  packagedOn: stockLots.packagedOn,
  expiresOn: stockLots.expiresOn,
  supplier: stockLots.supplier,
  coaUrl: stockLots.coaUrl,
  onHand: stockLots.onHand,
  quarantined: stockLots.quarantined,
  recalled: sql<boolean>`${stockLots.recalledAt} is not null`,
};

const holdsUnits = or(gt(stockLots.onHand, 0), gt(stockLots.quarantined, 0));

/**
 * A product's lots by size (its sizes in their order), first to expire first: those holding units
 * (on hand or quarantined), or all of them. One query on stock_lots_size_idx.
 */
export async function listProductLots(
  productId: string,
  options: { all?: boolean } = {},
): Promise<AdminLot[]> {
  if (!isUuid(productId)) return [];
  return db()
    .select(adminLotColumns)
    .from(stockLots)
    .innerJoin(products, eq(products.id, stockLots.productId))
    .leftJoin(productVariations, eq(productVariations.id, stockLots.variationId))
    .where(and(eq(stockLots.productId, productId), options.all ? undefined : holdsUnits))
    .orderBy(
      sql`${productVariations.position} nulls first`,
      sql`${stockLots.variationId} nulls first`,
      sql`${stockLots.expiresOn} asc nulls last`,
      asc(stockLots.lotNumber),
    );
}

/** A lot Adjust stock offers: its number, units on hand and expiry. */
export interface SizeLot {
  id: string;
  lotNumber: string;
  onHand: number;
  expiresOn: string | null;
}

/**
 * The lots of one size (or of a product sold without sizes) that staff can count, take from or
 * add to: every lot not recalled, first to expire first. Null when the size is not the product's.
 */
export async function listSizeLots(
  productId: string,
  variationId: string | null,
): Promise<SizeLot[]> {
  if (!isUuid(productId) || (variationId !== null && !isUuid(variationId))) return [];
  return db()
    .select({
      id: stockLots.id,
      lotNumber: stockLots.lotNumber,
      onHand: stockLots.onHand,
      expiresOn: stockLots.expiresOn,
    })
    .from(stockLots)
    .where(
      and(
        eq(stockLots.productId, productId),
        variationId === null
          ? isNull(stockLots.variationId)
          : eq(stockLots.variationId, variationId),
        isNull(stockLots.recalledAt),
      ),
    )
    .orderBy(sql`${stockLots.expiresOn} asc nulls last`, asc(stockLots.lotNumber))
    .limit(200);
}

export const LOTS_PAGE_SIZE = 50;

function filterCondition(filter: LotFilter, today: string, warningDays: number): SQL | undefined {
  const sellable = gt(stockLots.onHand, 0);
  switch (filter) {
    case "stock":
      return sellable;
    case "expiring":
      return and(
        sellable,
        sql`${stockLots.expiresOn} between ${today}::date and ${addDays(today, warningDays)}::date`,
      );
    case "expired":
      return and(sellable, lt(stockLots.expiresOn, today));
    case "recalled":
      return isNotNull(stockLots.recalledAt);
    case "all":
      return undefined;
  }
}

/**
 * The Lots screen: lots whose number starts with `q` (case-insensitive, on stock_lots_number_idx),
 * of one filter, first to expire first (no expiry last), 50 a page, and how many there are.
 */
export async function listLots(query: {
  q: string;
  filter: LotFilter;
  page: number;
  today: string;
  warningDays: number;
}): Promise<{ rows: AdminLot[]; total: number }> {
  const prefix = query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    prefix ? sql`lower(${stockLots.lotNumber}) like ${`${prefix}%`}` : undefined,
    filterCondition(query.filter, query.today, query.warningDays),
  );
  const [rows, [counted]] = await Promise.all([
    db()
      .select(adminLotColumns)
      .from(stockLots)
      .innerJoin(products, eq(products.id, stockLots.productId))
      .leftJoin(productVariations, eq(productVariations.id, stockLots.variationId))
      .where(where)
      .orderBy(sql`${stockLots.expiresOn} asc nulls last`, asc(stockLots.id))
      .limit(LOTS_PAGE_SIZE)
      .offset((query.page - 1) * LOTS_PAGE_SIZE),
    db()
      .select({ total: sql<number>`count(*)::int` })
      .from(stockLots)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
