import crypto from "node:crypto";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import {
  feeText,
  methodName,
  noFulfilmentMethod,
  noMethodInProvince,
  parcelServiceName,
  PICKUP_CODE_LENGTH,
  pickupCodeFrom,
  proofOfAge,
  provinceMethods,
  upcomingWindows,
  windowLabel,
  zoneFor,
  type DatedWindow,
  type FulfilmentMethod,
} from "~/lib/fulfilment";
import { formatMoneyInText } from "~/lib/money";
import { fixedFee, shippingCents, type ShippingRates } from "~/lib/pricing";
import type { ShippingSettings, StoreSettings } from "~/lib/store-settings";
import { rateTableFee } from "~/lib/parcel-rates";
import { formatLongCalendarDay } from "~/lib/dates";
import type { Locale } from "~/lib/i18n/locale";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { translator } from "~/lib/i18n/translate";
import type { LiveQuote, ParcelQuote, QuotedRate } from "../canada-post/live-rates.server";
import type { ProvinceRule } from "~/lib/taxes";
import { config } from "../config.server";
import { db, type Executor, type Transaction } from "../db.server";
import { deliveryBookings, orders } from "../db-tables";
import { listDeliveryWindows, listDeliveryZones } from "./delivery-setup.server";

/** Said under a parcel priced by the store because Canada Post did not answer in time. */
export const LIVE_RATES_UNAVAILABLE = translator(
  checkoutPageMessages,
  "en",
)("liveRatesUnavailable");

/** One way to receive the order, as checkout shows it. */
export interface FulfilmentOption {
  method: FulfilmentMethod;
  name: string;
  /** What it costs for this cart ("Free", "$8.00"); parcels follow Settings → Shipping. */
  feeCents: number;
  feeText: string;
  detail: string;
  /** Why it cannot be chosen for this cart (a zone's minimum order), or null. */
  unavailable: string | null;
  /** What the order's totals charge for it: a parcel's price keeps the free threshold. */
  rates: ShippingRates;
  /** What the shopper picks: the method, or "parcel:DOM.EP" for a live Canada Post service. */
  choice: string;
  /** The Canada Post service and its quoted rate, when rates are live. */
  service: QuotedRate | null;
  /** Where a parcel's price comes from (null for delivery and pickup). */
  priceSource: ParcelPriceSource | null;
}

export type ParcelPriceSource = "flat" | "table" | "live" | "fallback";

export interface BookableWindow extends DatedWindow {
  label: string;
  placesLeft: number;
}

/** What checkout offers for an address: the methods, and for delivery the windows to book. */
export interface FulfilmentChoices {
  options: FulfilmentOption[];
  windows: BookableWindow[];
  /** Why there is no option, when there is none: the province's reason, else the address's. */
  noneReason: string | null;
  /** The live quote the parcel options come from: posted back with the order. */
  quoteId: string | null;
}

type Settings = Pick<StoreSettings, "fulfilment" | "shipping">;

/**
 * The coming dated windows with the places each has left, soonest first; full ones left out. Their
 * labels are in `locale`.
 */
export async function bookableWindows(
  now: Date,
  executor: Executor = db(),
  locale: Locale = "en",
): Promise<BookableWindow[]> {
  const weekly = await listDeliveryWindows(executor);
  const dated = upcomingWindows(weekly, now, config().STORE_TIMEZONE);
  if (dated.length === 0) return [];
  const booked = await executor
    .select({
      windowId: deliveryBookings.windowId,
      date: deliveryBookings.date,
      booked: deliveryBookings.booked,
    })
    .from(deliveryBookings)
    .where(
      and(
        inArray(
          deliveryBookings.windowId,
          weekly.map((w) => w.id),
        ),
        gte(deliveryBookings.date, dated[0]!.date),
      ),
    );
  const taken = new Map(booked.map((b) => [`${b.windowId}@${b.date}`, b.booked]));
  return dated
    .map((window) => ({
      ...window,
      label: windowLabel(window, locale),
      placesLeft: window.capacity - (taken.get(window.key) ?? 0),
    }))
    .filter((window) => window.placesLeft > 0);
}

/**
 * The methods the store offers at an address: the province's law, narrowed by the owner's choice
 * for it, by the methods turned on in Settings → Fulfilment and, for delivery, by the zones and the
 * windows with places left. `goodsCents` is the cart after discount (zone minimums, free parcels).
 * Names, fees, details and refusals are in `locale` (the shopper's page).
 */
export async function fulfilmentChoices(options: {
  rule: ProvinceRule;
  postalCode: string;
  goodsCents: number;
  /** The parcel's weight from the lines' packed weights (parcelWeight), for the rate table. */
  parcelGrams: number;
  /** Canada Post's live quote for the parcel, when the store is connected (quoteParcel). */
  parcelQuote?: ParcelQuote;
  settings: Settings;
  now: Date;
  executor?: Executor;
  locale?: Locale;
}): Promise<FulfilmentChoices> {
  const { rule, settings, goodsCents } = options;
  const locale = options.locale ?? "en";
  const t = translator(checkoutPageMessages, locale);
  const executor = options.executor ?? db();
  const allowed = rule.ships ? provinceMethods(rule.province, rule.methods) : [];
  const result: FulfilmentChoices = { options: [], windows: [], noneReason: null, quoteId: null };
  const offered = allowed.filter((method) => settings.fulfilment[method]);
  for (const method of allowed) {
    if (method === "parcel" && settings.fulfilment.parcel) {
      const quote = options.parcelQuote ?? "not connected";
      const detail = t("parcelDetail", { proofOfAge: proofOfAge(rule.minimumAge) });
      if (typeof quote === "object") {
        result.quoteId = quote.id;
        result.options.push(
          ...liveParcelOptions(quote, goodsCents, settings.shipping, detail, locale),
        );
      } else {
        const rates = parcelRates(settings.shipping, options.parcelGrams, options.postalCode);
        const feeCents = shippingCents(goodsCents, 0, rates);
        result.options.push({
          method,
          name: methodName("parcel", locale),
          feeCents,
          feeText: feeText(feeCents, locale),
          detail: quote === "fallback" ? `${detail} ${t("liveRatesUnavailable")}` : detail,
          unavailable: null,
          rates,
          choice: "parcel",
          service: null,
          priceSource:
            quote === "fallback"
              ? "fallback"
              : settings.shipping.parcelPricing === "table" && settings.shipping.rateTable
                ? "table"
                : "flat",
        });
      }
    }
    if (method === "pickup" && settings.fulfilment.pickup && settings.fulfilment.pickupAddress) {
      const { pickupAddress, pickupHours, pickupHoldDays } = settings.fulfilment;
      const where = [pickupAddress.replace(/\n/g, ", "), pickupHours].filter(Boolean).join(". ");
      result.options.push({
        method,
        name: methodName("pickup", locale),
        feeCents: 0,
        feeText: feeText(0, locale),
        detail: t("pickupDetail", { where, days: String(pickupHoldDays) }),
        unavailable: null,
        rates: fixedFee(0),
        choice: method,
        service: null,
        priceSource: null,
      });
    }
    if (method === "delivery" && settings.fulfilment.delivery) {
      const zone = zoneFor(options.postalCode, await listDeliveryZones(executor));
      if (!zone) continue;
      const windows = await bookableWindows(options.now, executor, locale);
      if (windows.length === 0) continue;
      result.windows = windows;
      result.options.push({
        method,
        name: methodName("delivery", locale),
        feeCents: zone.feeCents,
        feeText: feeText(zone.feeCents, locale),
        detail: t("deliveryDetail", { zone: zone.name }),
        unavailable:
          goodsCents < zone.minimumOrderCents
            ? t("deliveryMinimum", {
                zone: zone.name,
                amount: formatMoneyInText(zone.minimumOrderCents, locale),
              })
            : null,
        rates: fixedFee(zone.feeCents),
        choice: method,
        service: null,
        priceSource: null,
      });
    }
  }
  if (result.options.length === 0)
    result.noneReason =
      offered.length === 0 ? noMethodInProvince(rule.province, locale) : noFulfilmentMethod(locale);
  return result;
}

/**
 * A live quote's services as parcel options, in the store's order. The free threshold makes the
 * cheapest service free; the faster ones keep their price.
 */
function liveParcelOptions(
  quote: LiveQuote,
  goodsCents: number,
  shipping: ShippingSettings,
  detail: string,
  locale: Locale,
): FulfilmentOption[] {
  const t = translator(checkoutPageMessages, locale);

  const cheapest = Math.min(...quote.rates.map((rate) => rate.priceCents));
  let freeGiven = false;
  return quote.rates.map((rate) => {
    const free = !freeGiven && rate.priceCents === cheapest;
    if (free) freeGiven = true;
    const rates: ShippingRates = {
      flatFeeCents: rate.priceCents,
      freeThresholdCents: free ? shipping.freeThresholdCents : null,
    };
    const feeCents = shippingCents(goodsCents, 0, rates);
    const day = rate.expectedDeliveryDate;
    const expected = day && /^\d{4}-\d{2}-\d{2}$/.test(day);
    return {
      method: "parcel",
      name: parcelServiceName(rate.serviceName, locale),
      feeCents,
      feeText: feeText(feeCents, locale),
      detail: expected
        ? t("parcelExpected", { date: formatLongCalendarDay(day, locale), detail })
        : detail,
      unavailable: null,
      rates,
      choice: `parcel:${rate.serviceCode}`,
      service: rate,
      priceSource: "live",
    };
  });
}

/**
 * A parcel's price before the free threshold: the flat fee, or the rate table's fee for its weight
 * and postal code (docs/product/fulfilment.md#parcel-prices).
 */
export function parcelRates(
  shipping: ShippingSettings,
  grams: number,
  postalCode: string,
): ShippingRates {
  const { freeThresholdCents } = shipping;
  if (shipping.parcelPricing !== "table" || !shipping.rateTable)
    return { flatFeeCents: shipping.flatFeeCents, freeThresholdCents };
  return {
    flatFeeCents: rateTableFee(shipping.rateTable, grams, postalCode).feeCents,
    freeThresholdCents,
  };
}

/**
 * Takes a place in a dated window for an order, by a guarded write: the count never passes the
 * window's capacity, whatever runs at the same time. False when it is full.
 */
export async function bookWindow(tx: Transaction, window: DatedWindow): Promise<boolean> {
  const result = (await tx.execute(sql`
    insert into delivery_bookings (window_id, date, booked)
    select id, ${window.date}, 1 from delivery_windows where id = ${window.windowId}
    on conflict (window_id, date) do update set booked = delivery_bookings.booked + 1
      where delivery_bookings.booked <
        (select capacity from delivery_windows where id = excluded.window_id)
    returning booked`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Gives a window's place back (the order cancelled or moved). */
export async function releaseWindow(tx: Transaction, windowId: string, date: string) {
  await tx
    .update(deliveryBookings)
    .set({ booked: sql`${deliveryBookings.booked} - 1` })
    .where(
      and(
        eq(deliveryBookings.windowId, windowId),
        eq(deliveryBookings.date, date),
        gte(deliveryBookings.booked, 1),
      ),
    );
}

/** A pickup code no other order has. */
export async function newPickupCode(tx: Transaction): Promise<string> {
  for (;;) {
    const code = pickupCodeFrom(crypto.randomBytes(PICKUP_CODE_LENGTH));
    const [taken] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.pickupCode, code))
      .limit(1);
    if (!taken) return code;
  }
}
