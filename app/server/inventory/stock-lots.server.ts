import { sql } from "drizzle-orm";
import { Refusal } from "~/lib/errors";
import { lotConflict, lotLabel, UNRECORDED_LOT, type LotDetails } from "~/lib/lots";
import { shortDay } from "~/lib/report-period";
import type { StockReason } from "~/lib/stock";
import type { Executor } from "../db.server";

/**
 * Which lot a movement's units come from or go to. Without one, units taken come off the size's
 * lots first-expiry-first-out; units given back with an order go to the lots that order took
 * (latest expiry first); other units given go to the size's "unrecorded" lot.
 */
export type LotChoice = { lotId: string } | { receive: LotDetails };

/** A movement as a caller writes it, before it is split by lot. */
export interface LotlessMovement {
  productId: string;
  variationId: string | null;
  quantity: number;
  stockAfter: number;
  reason: StockReason;
  note?: string | null;
  orderId?: string | null;
  adminId?: string | null;
  lot?: LotChoice;
}

/** One lot's part of a movement, as the ledger stores it. */
export interface LotMovement extends Omit<LotlessMovement, "lot"> {
  lotId: string;
  /**
   * Units given back to a recalled lot are quarantined at once by a second, "recalled" piece the
   * caller did not make: the writer takes them off the size's (and product's) stock too.
   */
  quarantinedHere?: boolean;
}

interface LotRow {
  id: string;
  productId: string;
  variationId: string | null;
  lotNumber: string;
  packagedOn: string | null;
  expiresOn: string | null;
  onHand: number;
  recalledAt: string | null;
}

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;
const sizeKey = (m: { productId: string; variationId: string | null }) =>
  `${m.productId}/${m.variationId ?? ""}`;
const lotColumns = sql.raw(`l.id, l.product_id as "productId", l.variation_id as "variationId",
  l.lot_number as "lotNumber", l.packaged_on::text as "packagedOn", l.expires_on::text as "expiresOn",
  l.on_hand as "onHand", l.recalled_at::text as "recalledAt"`);
// Sales take the stock from before lots first (the oldest), then the lot that expires first.
const FEFO = sql.raw(
  `(l.lot_number = '${UNRECORDED_LOT}') desc, l.expires_on asc nulls last, l.packaged_on asc nulls last, l.created_at, l.id`,
);

async function rows<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Splits movements by lot inside the caller's transaction, after the caller has locked and moved
 * the sizes' (or products') stock: every lot write happens under its size's lock, so the lots read
 * here are the ones sales and recalls see. A few statements for the whole batch, whatever its size.
 */
export async function splitByLot(
  executor: Executor,
  movements: readonly LotlessMovement[],
): Promise<LotMovement[]> {
  const takes = movements.filter((m) => m.quantity < 0 && !m.lot);
  const orderGives = movements.filter((m) => m.quantity > 0 && !m.lot && m.orderId);
  const named = [
    ...new Set(movements.flatMap((m) => (m.lot && "lotId" in m.lot ? [m.lot.lotId] : []))),
  ];

  const sizesOf = (list: readonly LotlessMovement[]) => [
    ...new Map(list.map((m) => [sizeKey(m), { p: m.productId, v: m.variationId }])).values(),
  ];
  const [sellable, taken, namedLots] = await Promise.all([
    takes.length === 0
      ? []
      : rows<LotRow>(
          executor,
          sql`select ${lotColumns} from stock_lots l
            join jsonb_to_recordset(${json(sizesOf(takes))}) as s(p uuid, v uuid)
              on l.product_id = s.p and l.variation_id is not distinct from s.v
            where l.on_hand > 0 and l.recalled_at is null
            order by ${FEFO}`,
        ),
    orderGives.length === 0
      ? []
      : rows<LotRow & { orderId: string; outstanding: number }>(
          executor,
          sql`select ${lotColumns}, o.order_id as "orderId", o.outstanding from (
              select m.order_id, m.lot_id, -sum(m.quantity)::int as outstanding from stock_movements m
              where m.order_id = any(${`{${[...new Set(orderGives.map((m) => m.orderId!))].join(",")}}`}::uuid[])
              group by m.order_id, m.lot_id having sum(m.quantity) < 0
            ) o join stock_lots l on l.id = o.lot_id
            order by l.expires_on desc nulls first, l.created_at desc, l.id desc`,
        ),
    named.length === 0
      ? []
      : rows<LotRow>(
          executor,
          sql`select ${lotColumns} from stock_lots l where l.id = any(${`{${named.join(",")}}`}::uuid[])`,
        ),
  ]);

  // Pieces: [movement index, quantity, lot id or a lot to find by number].
  type Target = { lot: LotRow } | { number: LotDetails };
  const pieces: { index: number; quantity: number; target: Target }[] = [];
  const left = new Map(sellable.map((lot) => [lot.id, lot.onHand]));
  const outstanding = new Map(taken.map((lot) => [`${lot.orderId}/${lot.id}`, lot.outstanding]));
  const unrecorded = {
    lotNumber: UNRECORDED_LOT,
    packagedOn: null,
    expiresOn: null,
    supplier: null,
    coaUrl: null,
  };

  movements.forEach((m, index) => {
    if (m.lot && "receive" in m.lot) {
      pieces.push({ index, quantity: m.quantity, target: { number: m.lot.receive } });
      return;
    }
    if (m.lot) {
      const lot = namedLots.find((l) => l.id === (m.lot as { lotId: string }).lotId);
      if (!lot || sizeKey(lot) !== sizeKey(m))
        throw new Refusal(404, "This lot does not exist for this product or size.");
      if (lot.recalledAt && m.quantity > 0 && m.reason !== "recalled" && !m.orderId)
        throw new Refusal(
          409,
          `Lot ${lot.lotNumber} was recalled: its units cannot be put back on sale.`,
        );
      pieces.push({ index, quantity: m.quantity, target: { lot } });
      return;
    }
    if (m.quantity < 0) {
      let need = -m.quantity;
      for (const lot of sellable) {
        if (need === 0) break;
        if (sizeKey(lot) !== sizeKey(m)) continue;
        const part = Math.min(need, left.get(lot.id)!);
        if (part === 0) continue;
        left.set(lot.id, left.get(lot.id)! - part);
        need -= part;
        pieces.push({ index, quantity: -part, target: { lot } });
      }
      if (need > 0)
        throw new Refusal(409, "Stock cannot go below 0: its lots hold fewer units than that.");
      return;
    }
    let give = m.quantity;
    if (m.orderId)
      for (const lot of taken) {
        if (give === 0) break;
        const key = `${m.orderId}/${lot.id}`;
        if (lot.orderId !== m.orderId || sizeKey(lot) !== sizeKey(m)) continue;
        const part = Math.min(give, outstanding.get(key)!);
        if (part === 0) continue;
        outstanding.set(key, outstanding.get(key)! - part);
        give -= part;
        pieces.push({ index, quantity: part, target: { lot } });
      }
    if (give > 0) pieces.push({ index, quantity: give, target: { number: unrecorded } });
  });

  const byNumber = await findOrCreateLots(
    executor,
    pieces.flatMap((p) =>
      "number" in p.target ? [{ m: movements[p.index]!, lot: p.target.number }] : [],
    ),
  );

  const out: LotMovement[] = [];
  const movedSoFar = new Map<number, number>();
  for (const piece of pieces) {
    const m = movements[piece.index]!;
    const lot =
      "lot" in piece.target
        ? piece.target.lot
        : byNumber.get(`${sizeKey(m)}/${piece.target.number.lotNumber}`)!;
    const before = movedSoFar.get(piece.index) ?? 0;
    movedSoFar.set(piece.index, before + piece.quantity);
    const { lot: _choice, ...rest } = m;
    const stockAfter = m.stockAfter - m.quantity + before + piece.quantity;
    out.push({ ...rest, quantity: piece.quantity, stockAfter, lotId: lot.id });
    if (lot.recalledAt && piece.quantity > 0 && m.reason !== "recalled")
      out.push({
        productId: m.productId,
        variationId: m.variationId,
        quantity: -piece.quantity,
        stockAfter: stockAfter - piece.quantity,
        reason: "recalled",
        note: `Lot ${lot.lotNumber} is recalled: returned units quarantined`,
        // Not the order's: what an order holds of a lot is the sum of its own movements there.
        orderId: null,
        adminId: m.adminId ?? null,
        lotId: lot.id,
        quarantinedHere: true,
      });
  }
  return out;
}

/** A sale's take as its statements read it (short keys keep the JSON small). */
interface WantedTake {
  i: number;
  p: string;
  v: string | null;
  q: number;
  sa: number;
  r: string;
  n: string | null;
  o: string | null;
  a: string | null;
}

/**
 * Takes with no lot named, each of a different size (checkout's sale): split first-expiry-first-out
 * and written (the lots' figures and the movements) by one light statement for the lines whose
 * first lot holds them, and one more, a window over the lots, for lines that span lots, where
 * `splitByLot`, the movements' insert and `applyLotFigures` take three. Answers false, writing
 * nothing, when the batch is not of that shape; throws when the lots hold fewer units than a take.
 */
export async function recordSaleTakes(
  executor: Executor,
  movements: readonly LotlessMovement[],
): Promise<boolean> {
  if (movements.length === 0 || movements.length > 1000) return false;
  if (movements.some((m) => m.quantity >= 0 || m.lot)) return false;
  if (new Set(movements.map(sizeKey)).size !== movements.length) return false;
  const wanted: WantedTake[] = movements.map((m, i) => ({
    i,
    p: m.productId,
    v: m.variationId,
    q: -m.quantity,
    sa: m.stockAfter,
    r: m.reason,
    n: m.note ?? null,
    o: m.orderId ?? null,
    a: m.adminId ?? null,
  }));
  const takenWhole = await takeFromFirstLots(executor, wanted);
  const rest = wanted.filter((w) => !takenWhole.has(sizeKey({ productId: w.p, variationId: w.v })));
  if (rest.length === 0) return true;
  const taken = await rows<{ i: number; taken: number }>(
    executor,
    sql`with wanted as (
        select * from jsonb_to_recordset(${json(rest)})
          as w(i int, p uuid, v uuid, q int, sa int, r text, n text, o uuid, a uuid)
      ), ranked as (
        select w.*, l.id as lot_id, l.on_hand,
          coalesce(sum(l.on_hand) over (partition by w.i order by ${FEFO}
            rows between unbounded preceding and 1 preceding), 0)::int as before
        from wanted w join stock_lots l
          on l.product_id = w.p and l.variation_id is not distinct from w.v
        where l.on_hand > 0 and l.recalled_at is null
      ), pieces as (
        select *, least(on_hand, q - before) as take from ranked where before < q
      ), lots as (
        update stock_lots l set on_hand = l.on_hand - x.take
        from pieces x where l.id = x.lot_id
      ), moved as (
        insert into stock_movements
          (product_id, variation_id, lot_id, quantity, stock_after, reason, note, order_id, admin_id)
        select p, v, lot_id, -take, sa + q - before - take, r, n, o, a from pieces
      )
      select i, sum(take)::int as taken from pieces group by i`,
  );
  const byMovement = new Map(taken.map((row) => [row.i, row.taken]));
  if (rest.some((w) => (byMovement.get(w.i) ?? 0) !== w.q))
    throw new Refusal(409, "Stock cannot go below 0: its lots hold fewer units than that.");
  return true;
}

/**
 * The common sale: a line whose first lot (first-expiry-first-out) holds all its units is taken
 * from it by one light statement for the whole order, one movement per line. Answers the sizes it
 * took (`sizeKey`); the others (a line spanning lots, or whose lots hold too few) are the caller's.
 */
async function takeFromFirstLots(executor: Executor, wanted: WantedTake[]): Promise<Set<string>> {
  const values = sql.join(
    wanted.map(
      (w) =>
        sql`(${w.p}::uuid, ${w.v}::uuid, ${w.q}::int, ${w.sa}::int, ${w.r}, ${w.n}::text, ${w.o}::uuid, ${w.a}::uuid)`,
    ),
    sql`, `,
  );
  const taken = await rows<{ productId: string; variationId: string | null }>(
    executor,
    sql`with lots as (
        update stock_lots l set on_hand = l.on_hand - w.q
        from (values ${values}) as w(p, v, q, sa, r, n, o, a)
        where l.id = (select l.id from stock_lots l
            where l.product_id = w.p and l.variation_id is not distinct from w.v
              and l.on_hand > 0 and l.recalled_at is null
            order by ${FEFO} limit 1)
          and l.on_hand >= w.q
        returning w.*, l.id as lot_id
      )
      insert into stock_movements
        (product_id, variation_id, lot_id, quantity, stock_after, reason, note, order_id, admin_id)
      select p, v, lot_id, -q, sa, r, n, o, a from lots
      returning product_id as "productId", variation_id as "variationId"`,
  );
  return new Set(taken.map(sizeKey));
}

/**
 * The lots named by number (received stock, and each size's "unrecorded" lot), created when new.
 * The same number received again must carry the same dates (a 409 says which), and a recalled lot
 * takes no new stock.
 */
async function findOrCreateLots(
  executor: Executor,
  wanted: { m: LotlessMovement; lot: LotDetails }[],
): Promise<Map<string, LotRow>> {
  const found = new Map<string, LotRow>();
  if (wanted.length === 0) return found;
  const unique = [
    ...new Map(
      wanted.map(({ m, lot }) => [
        `${sizeKey(m)}/${lot.lotNumber}`,
        {
          p: m.productId,
          v: m.variationId,
          n: lot.lotNumber,
          pk: lot.packagedOn,
          ex: lot.expiresOn,
          su: lot.supplier,
          coa: lot.coaUrl,
        },
      ]),
    ).values(),
  ];
  for (let i = 0; i < unique.length; i += 1000) {
    const batch = unique.slice(i, i + 1000);
    const lots = await rows<LotRow>(
      executor,
      sql`with wanted as (
          select * from jsonb_to_recordset(${json(batch)})
            as x(p uuid, v uuid, n text, pk date, ex date, su text, coa text)
        ), created as (
          insert into stock_lots as l (product_id, variation_id, lot_number, packaged_on, expires_on, supplier, coa_url)
          select p, v, n, pk, ex, su, coa from wanted
          on conflict (product_id, variation_id, lot_number) do nothing
          returning ${lotColumns}
        )
        select * from created
        union all
        select ${lotColumns} from stock_lots l join wanted w
          on l.product_id = w.p and l.variation_id is not distinct from w.v and l.lot_number = w.n`,
    );
    for (const lot of lots) found.set(`${sizeKey(lot)}/${lot.lotNumber}`, lot);
  }
  for (const { m, lot } of wanted) {
    const stored = found.get(`${sizeKey(m)}/${lot.lotNumber}`)!;
    if (lot.lotNumber === UNRECORDED_LOT) continue;
    const conflict = lotConflict(stored, lot);
    if (conflict) throw new Refusal(409, conflict, { lotNumber: conflict });
    if (stored.recalledAt) {
      const message = `Lot ${lotLabel(stored.lotNumber)} was recalled on ${shortDay(stored.recalledAt.slice(0, 10))}: it cannot take new stock.`;
      throw new Refusal(409, message, { lotNumber: message });
    }
  }
  return found;
}

/**
 * Writes lot pieces' figures: each lot's `on_hand` moves by its pieces, a recalled piece adds its
 * units to the lot's `quarantined`, and units quarantined here leave the size's and product's stock
 * (the caller moved the stock for the rest). One statement per kind for the whole batch.
 */
export async function applyLotFigures(executor: Executor, pieces: readonly LotMovement[]) {
  const byLot = new Map<string, { d: number; q: number }>();
  for (const piece of pieces) {
    const lot = byLot.get(piece.lotId) ?? { d: 0, q: 0 };
    lot.d += piece.quantity;
    if (piece.reason === "recalled") lot.q -= piece.quantity;
    byLot.set(piece.lotId, lot);
  }
  const lots = [...byLot].map(([id, f]) => ({ id, ...f })).filter((f) => f.d !== 0 || f.q !== 0);
  for (let i = 0; i < lots.length; i += 1000)
    await executor.execute(sql`
      update stock_lots l set on_hand = l.on_hand + x.d, quarantined = l.quarantined + x.q
      from jsonb_to_recordset(${json(lots.slice(i, i + 1000))}) as x(id uuid, d int, q int)
      where l.id = x.id`);
  const quarantined = pieces.filter((p) => p.quarantinedHere);
  if (quarantined.length === 0) return;
  const rowsOf = quarantined.map((p) => ({ p: p.productId, v: p.variationId, n: -p.quantity }));
  await executor.execute(sql`
    update product_variations v set stock = v.stock - x.n
    from (select v, sum(n)::int as n from jsonb_to_recordset(${json(rowsOf)}) as y(v uuid, n int) group by v) x
    where v.id = x.v`);
  await executor.execute(sql`
    update products p set stock = p.stock - x.n
    from (select p, sum(n)::int as n from jsonb_to_recordset(${json(rowsOf)}) as y(p uuid, n int) group by p) x
    where p.id = x.p`);
}
