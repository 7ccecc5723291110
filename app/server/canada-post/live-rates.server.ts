import { and, eq, gt, lt, sql } from "drizzle-orm";
import { CANADA_POST_SERVICES } from "~/lib/canada-post";
import { db, type Executor } from "../db.server";
import { parcelQuotes } from "../db-tables";
import { logger } from "../logger.server";
import { CanadaPostError, getRates } from "./api.server";
import { connectedAccount } from "./account.server";

/**
 * Live Canada Post rates at checkout (docs/product/fulfilment.md#live-rates): asked once per postal
 * code and parcel weight, kept QUOTE_MINUTES so the price shown is the price charged, and never
 * waited for longer than RATE_WAIT_MS: past it, checkout prices the parcel by Settings → Shipping.
 */

/** How long checkout waits for Canada Post's rates before using the store's own price. */
export const RATE_WAIT_MS = 2_500;
/** How long a quote holds: the price shown is charged if the order is placed within it. */
export const QUOTE_MINUTES = 15;

export interface QuotedRate {
  serviceCode: string;
  serviceName: string;
  priceCents: number;
  expectedDeliveryDate: string | null;
}

export interface LiveQuote {
  id: string;
  postalCode: string;
  weightGrams: number;
  rates: QuotedRate[];
}

/**
 * What checkout may charge a parcel to this postal code and weight: "not connected" (the store's
 * own price), a live quote, or "fallback" (Canada Post failed or was too slow: the store's price,
 * and the order says so).
 */
export type ParcelQuote = "not connected" | "fallback" | LiveQuote;

export async function quoteParcel(
  postalCode: string,
  weightGrams: number,
  options: { now?: Date; waitMs?: number } = {},
): Promise<ParcelQuote> {
  const connected = await connectedAccount();
  if (!connected) return "not connected";
  const now = options.now ?? new Date();
  // A quote with a few minutes left is shared by every cart of that weight to that postal code.
  const reusable = await findQuote(db(), {
    postalCode,
    weightGrams,
    validAt: minutesAfter(now, 5),
  });
  if (reusable) return reusable;
  try {
    const rates = await getRates(
      connected.account,
      {
        originPostalCode: connected.originPostalCode,
        destinationPostalCode: postalCode,
        weightGrams,
        serviceCodes: connected.services,
      },
      { timeoutMs: options.waitMs ?? RATE_WAIT_MS },
    );
    const offered = orderedRates(rates, connected.services);
    if (offered.length === 0) return "fallback";
    return await storeQuote({ postalCode, weightGrams, rates: offered }, now);
  } catch (error) {
    if (!(error instanceof CanadaPostError)) throw error;
    logger.warn({ kind: error.kind, postalCode }, `Canada Post rates: ${error.message}`);
    return "fallback";
  }
}

/** The offered services' rates, in checkout's order (the store's names for them). */
function orderedRates(
  rates: readonly {
    serviceCode: string;
    serviceName: string;
    priceCents: number;
    expectedDeliveryDate: string | null;
  }[],
  offered: readonly string[],
): QuotedRate[] {
  return CANADA_POST_SERVICES.filter((service) => offered.includes(service.code)).flatMap(
    (service) => {
      const rate = rates.find((r) => r.serviceCode === service.code);
      return rate
        ? [
            {
              serviceCode: service.code,
              serviceName: service.name,
              priceCents: rate.priceCents,
              expectedDeliveryDate: rate.expectedDeliveryDate,
            },
          ]
        : [];
    },
  );
}

async function storeQuote(quote: Omit<LiveQuote, "id">, now: Date): Promise<LiveQuote> {
  const [row] = await db()
    .insert(parcelQuotes)
    .values({ ...quote, expiresAt: minutesAfter(now, QUOTE_MINUTES) })
    .returning({ id: parcelQuotes.id });
  return { id: row!.id, ...quote };
}

/** Removes quotes a day past their end (an hourly job of the server runs it). */
export async function sweepParcelQuotes(now = new Date()): Promise<number> {
  const swept = await db()
    .delete(parcelQuotes)
    .where(lt(parcelQuotes.expiresAt, minutesAfter(now, -24 * 60)))
    .returning({ id: parcelQuotes.id });
  return swept.length;
}

/** The quote checkout was shown, if it is still valid for this postal code and weight. */
export async function quoteShown(
  executor: Executor,
  quoteId: string,
  postalCode: string,
  weightGrams: number,
  now: Date,
): Promise<LiveQuote | null> {
  return findQuote(executor, { id: quoteId, postalCode, weightGrams, validAt: now });
}

async function findQuote(
  executor: Executor,
  where: { id?: string; postalCode: string; weightGrams: number; validAt: Date },
): Promise<LiveQuote | null> {
  const [row] = await executor
    .select()
    .from(parcelQuotes)
    .where(
      and(
        where.id ? eq(parcelQuotes.id, where.id) : undefined,
        eq(parcelQuotes.postalCode, where.postalCode),
        eq(parcelQuotes.weightGrams, where.weightGrams),
        gt(parcelQuotes.expiresAt, where.validAt),
      ),
    )
    .orderBy(sql`${parcelQuotes.expiresAt} desc`)
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    postalCode: row.postalCode,
    weightGrams: row.weightGrams,
    rates: row.rates as QuotedRate[],
  };
}

function minutesAfter(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}
