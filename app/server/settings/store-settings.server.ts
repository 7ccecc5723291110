import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import {
  CANCEL_DAYS,
  DEFAULT_FULFILMENT,
  DEFAULT_SHIPPING,
  EXPIRY_WARNING_DAYS,
  MAX_SETTING_CENTS,
  REMINDER_HOURS,
  SAMPLE_SUPPORT_HOURS,
  SETTINGS_SECTIONS,
  type SettingsSection,
  type StoreSettings,
} from "~/lib/store-settings";
import { HOLD_DAYS } from "~/lib/fulfilment";
import { DEFAULT_EXPIRY_WARNING_DAYS } from "~/lib/lots";
import { config } from "../config.server";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit-log.server";
import { db, type Executor } from "../db.server";
import { logger } from "../logger.server";
import { storeSettings as storeSettingsTable } from "../db-tables";
import { invalidatePageCache } from "../storefront/page-invalidation.server";
import { onPagesInvalidatedElsewhere } from "../storefront/page-cache-store.server";

/**
 * The store's settings (docs/decisions/store-settings.md): one row per section in `store_settings`
 * (key = section, value = jsonb), read through this one cached accessor. A section missing from
 * the table is seeded once from the environment (STORE_NAME, STORE_ADDRESS, ETRANSFER_EMAIL,
 * UNPAID_*, STAFF_EMAILS), so environment variables only matter on the first start (MAIL_FROM
 * excepted: the sender address stays null, following it, until the owner sets one).
 *
 * The cache lives in this process for CACHE_TTL_MS; a save here drops it at once, and another
 * instance (PostgreSQL, several servers) drops it when it sees the pages invalidated (every save
 * invalidates them), else reads the saved value within CACHE_TTL_MS.
 */
export const CACHE_TTL_MS = 5_000;

const nullableText = z.string().nullable().catch(null);
const wholeIn = (range: { min: number; max: number }, fallback: number) =>
  z.number().int().min(range.min).max(range.max).catch(fallback);
const cents = (fallback: number) => z.number().int().min(0).max(MAX_SETTING_CENTS).catch(fallback);
const emails = z.array(z.string()).catch([]);

const feeList = z.array(z.number().int().min(0));
/** A rate table as stored: its fees one per band, or none at all. */
const storedRateTable = z
  .object({
    bandLimitsGrams: z.array(z.number().int().positive()),
    zones: z.array(
      z.object({ name: z.string(), prefixes: z.array(z.string()), feesCents: feeList }),
    ),
    elsewhereFeesCents: feeList,
  })
  .refine((table) =>
    [table.elsewhereFeesCents, ...table.zones.map((zone) => zone.feesCents)].every(
      (fees) => fees.length === table.bandLimitsGrams.length + 1,
    ),
  );

/** Each section as stored, every field read leniently (a broken field falls back, never throws). */
function sectionSchemas(seed: StoreSettings) {
  return {
    store: z.object({
      name: z.string().min(1).catch(seed.store.name),
      email: nullableText,
      phone: nullableText,
      hours: nullableText,
      address: nullableText,
      gstNumber: nullableText,
      logoUrl: nullableText,
    }),
    payments: z.object({
      etransferEmail: z.string().min(3).nullable().catch(seed.payments.etransferEmail),
      etransferInstructions: nullableText,
      unpaidReminderHours: wholeIn(REMINDER_HOURS, seed.payments.unpaidReminderHours),
      unpaidCancelDays: wholeIn(CANCEL_DAYS, seed.payments.unpaidCancelDays),
    }),
    shipping: z.object({
      flatFeeCents: cents(DEFAULT_SHIPPING.flatFeeCents),
      freeThresholdCents: cents(DEFAULT_SHIPPING.freeThresholdCents),
      parcelPricing: z.enum(["flat", "table"]).catch("flat"),
      rateTable: storedRateTable.nullable().catch(null),
    }),
    fulfilment: z.object({
      parcel: z.boolean().catch(DEFAULT_FULFILMENT.parcel),
      delivery: z.boolean().catch(DEFAULT_FULFILMENT.delivery),
      pickup: z.boolean().catch(DEFAULT_FULFILMENT.pickup),
      pickupAddress: nullableText,
      pickupHours: nullableText,
      pickupHoldDays: wholeIn(HOLD_DAYS, DEFAULT_FULFILMENT.pickupHoldDays),
    }),
    notifications: z.object({
      newOrderEmails: emails,
      dailySummaryEmails: emails,
      lowStockEmails: emails,
      // Stored before the setting existed: the default.
      lotExpiryWarningDays: wholeIn(EXPIRY_WARNING_DAYS, DEFAULT_EXPIRY_WARNING_DAYS),
    }),
    security: z.object({ requireTwoFactor: z.boolean().catch(false) }),
    email: z.object({ fromAddress: nullableText }),
  } satisfies { [K in SettingsSection]: z.ZodType<StoreSettings[K]> };
}

/** What a first start stores: the environment's values, nothing invented. */
function seedSettings(): StoreSettings {
  const c = config();
  return {
    store: {
      name: c.STORE_NAME,
      email: null,
      phone: null,
      hours: null,
      address: c.STORE_ADDRESS ?? null,
      gstNumber: null,
      logoUrl: null,
    },
    payments: {
      etransferEmail: c.ETRANSFER_EMAIL ?? null,
      etransferInstructions: null,
      unpaidReminderHours: c.UNPAID_REMINDER_HOURS,
      unpaidCancelDays: c.UNPAID_CANCEL_DAYS,
    },
    shipping: { ...DEFAULT_SHIPPING },
    fulfilment: { ...DEFAULT_FULFILMENT },
    notifications: {
      newOrderEmails: [...c.STAFF_EMAILS],
      dailySummaryEmails: [...c.STAFF_EMAILS],
      lowStockEmails: [...c.STAFF_EMAILS],
      lotExpiryWarningDays: DEFAULT_EXPIRY_WARNING_DAYS,
    },
    security: { requireTwoFactor: false },
    // Null follows the server's default sender (MAIL_FROM) until the owner sets one.
    email: { fromAddress: null },
  };
}

let cached: { value: StoreSettings; loadedAt: number } | undefined;
let loading: Promise<StoreSettings> | undefined;

async function load(executor: Executor): Promise<StoreSettings> {
  const keys = [...SETTINGS_SECTIONS];
  const read = () =>
    executor
      .select({ key: storeSettingsTable.key, value: storeSettingsTable.value })
      .from(storeSettingsTable)
      .where(inArray(storeSettingsTable.key, keys));
  let rows = await read();
  const seed = seedSettings();
  const missing = keys.filter((key) => !rows.some((row) => row.key === key));
  if (missing.length > 0) {
    // First start (or a section added later): the environment seeds it, once.
    await executor
      .insert(storeSettingsTable)
      .values(missing.map((key) => ({ key, value: seed[key] })))
      .onConflictDoNothing();
    rows = await read();
  }
  const schemas = sectionSchemas(seed);
  const value = { ...seed };
  for (const key of keys) {
    const stored = rows.find((row) => row.key === key)?.value;
    const parsed = schemas[key].safeParse(stored ?? seed[key]);
    if (parsed.success) Object.assign(value, { [key]: parsed.data });
    else logger.warn({ key }, "store setting unreadable: using its first-start value");
  }
  return value;
}

/** The store's settings: the one accessor every page, email and job reads them through. */
export async function storeSettings(): Promise<StoreSettings> {
  if (cached && Date.now() - cached.loadedAt < CACHE_TTL_MS) return cached.value;
  loading ??= Promise.resolve()
    .then(() => load(db()))
    .then((value) => {
      cached = { value, loadedAt: Date.now() };
      return value;
    })
    .finally(() => (loading = undefined));
  return loading;
}

/**
 * The settings last read by `storeSettings()`, for synchronous renderers (email layouts, templates)
 * on a path that has awaited `storeSettings()` first. Before any read: the first-start values.
 */
export function storeSettingsNow(): StoreSettings {
  if (!cached || Date.now() - cached.loadedAt >= CACHE_TTL_MS) {
    // Refreshed in the background (never awaited here: the caller may hold a transaction).
    storeSettings().catch((error: unknown) =>
      logger.debug({ err: error }, "store settings not refreshed"),
    );
  }
  return cached?.value ?? seedSettings();
}

/**
 * Makes the next `storeSettings()` read the table again (a save, sample data, tests); until then
 * `storeSettingsNow()` keeps answering with the last value read.
 */
function dropStoreSettingsCache(): void {
  if (cached) cached = { ...cached, loadedAt: 0 };
}

/** Forgets the cached settings altogether (tests that empty the database). */
export function forgetStoreSettings(): void {
  cached = undefined;
}

// A save on another instance invalidates the pages: this one reads the settings again before it
// renders one.
onPagesInvalidatedElsewhere(forgetStoreSettings);

/**
 * Saves one section (already validated by its form) and drops the caches that show it. An admin's
 * save (`actor`) is audited in the same transaction, each changed field before → after.
 */
export async function saveSettingsSection<K extends SettingsSection>(
  section: K,
  value: StoreSettings[K],
  actor?: AuditActor,
): Promise<StoreSettings> {
  await db().transaction(async (tx) => {
    const before = actor ? (await load(tx))[section] : undefined;
    await tx
      .insert(storeSettingsTable)
      .values({ key: section, value })
      .onConflictDoUpdate({
        target: storeSettingsTable.key,
        set: { value, updatedAt: sql`now()` },
      });
    if (actor)
      await recordAudit(tx, {
        actor,
        area: "settings",
        action: "update",
        record: { type: "settings", id: section, label: `Settings: ${section}` },
        changes: changedFields<object>(before, value),
      });
  });
  dropStoreSettingsCache();
  await invalidatePageCache(`settings: ${section}`);
  return storeSettings();
}

/** The contact details sample data gives a store (removed with the sample data if unchanged). */
export const SAMPLE_IDENTITY = {
  email: "support@budzboutique.ca",
  phone: "604-555-0199",
  address: "123 Sample Street\nVancouver BC V6B 1A1",
} as const;
export const SAMPLE_ETRANSFER_EMAIL = "payments@budzboutique.ca";

/**
 * Sample data names the store with sample contact details and a sample e-Transfer address where
 * the owner has set none.
 */
export async function fillSampleIdentity(executor: Executor = db()): Promise<void> {
  const { store, payments } = await load(executor);
  const filled = {
    store: {
      ...store,
      email: store.email ?? SAMPLE_IDENTITY.email,
      phone: store.phone ?? SAMPLE_IDENTITY.phone,
      hours: store.hours ?? SAMPLE_SUPPORT_HOURS,
      address: store.address ?? SAMPLE_IDENTITY.address,
    },
    payments: { ...payments, etransferEmail: payments.etransferEmail ?? SAMPLE_ETRANSFER_EMAIL },
  };
  for (const [key, value] of Object.entries(filled))
    await executor
      .insert(storeSettingsTable)
      .values({ key, value })
      .onConflictDoUpdate({ target: storeSettingsTable.key, set: { value } });
  dropStoreSettingsCache();
}

/** Canada's anti-spam law: every newsletter and campaign carries the sender's postal address. */
export const POSTAL_ADDRESS_REQUIRED =
  "Add the store's postal address in Settings (Store) before sending: Canada's anti-spam law requires it in every newsletter and campaign.";

/** Why a newsletter or campaign may not be sent now (no postal address set), or null. */
export async function mailingAddressRefusal(): Promise<string | null> {
  const { store } = await storeSettings();
  return store.address ? null : POSTAL_ADDRESS_REQUIRED;
}
