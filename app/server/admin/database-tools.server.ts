import { countText } from "~/lib/text";
import crypto from "node:crypto";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { count, eq, sql } from "drizzle-orm";
import { SECRET_KEY } from "~/lib/audit";
import {
  GENERATOR_CLEARS,
  SAMPLE_DATA_REFUSED,
  type Generator,
  type LogLine,
} from "~/lib/database-tools";
import { backupBeforeSampleData } from "../backup/automatic.server";
import { config } from "../config.server";
import { analyzeDatabase, databaseHandle, db, pingDatabase } from "../db.server";
import { imageStorage } from "../images/storage.server";
import { coupons, customers, orders, products, shipments, storeSettings } from "../db-tables";
import {
  DEFAULT_SAMPLE_COUNTS,
  clearOrderData,
  generateCustomers,
  generateProducts,
  recordSampleData,
  generateSampleDataset,
} from "../seed/sample-data.server";
import { generateOrders, SampleDataError } from "../seed/sample-orders.server";
import { invalidatePageCache } from "../storefront/page-invalidation.server";

export function driverLabel(): "PGlite" | "PostgreSQL" {
  return databaseHandle().driver === "pglite" ? "PGlite" : "PostgreSQL";
}

export async function getConnectionStatus(): Promise<{ ok: boolean; message: string }> {
  const label = driverLabel();
  try {
    await pingDatabase(db());
    return { ok: true, message: `Connected to ${label}` };
  } catch (error) {
    return { ok: false, message: `${label} connection error: ${(error as Error).message}` };
  }
}

export async function getLiveCounts() {
  const tally = async (table: typeof products | typeof customers | typeof orders) => {
    const [row] = (await db().select({ n: count() }).from(table)) as [{ n: number }];
    return row.n;
  };
  return {
    products: await tally(products),
    customers: await tally(customers),
    orders: await tally(orders),
  };
}

const TESTED_TABLES = [
  ["Products", products],
  ["Customers", customers],
  ["Orders", orders],
  ["Coupons", coupons],
  ["Shipments", shipments],
] as const;

/** Run Connection Tests: reads up to five rows of each main table and reports each result. */
export async function runConnectionTests(): Promise<LogLine[]> {
  const status = await getConnectionStatus();
  if (!status.ok)
    return [
      { level: "error", message: "Connection failed" },
      { level: "error", message: status.message },
    ];
  const log: LogLine[] = [{ level: "success", message: status.message }];
  for (const [label, table] of TESTED_TABLES) {
    const started = performance.now();
    try {
      const rows = await db().select().from(table).limit(5);
      const ms = Math.round(performance.now() - started);
      log.push({
        level: "success",
        message: `${label} query succeeded: ${countText(rows.length, "row")} read in ${ms} ms`,
      });
    } catch (error) {
      log.push({ level: "error", message: `${label} query failed: ${(error as Error).message}` });
    }
  }
  return log;
}

/**
 * Insert Test Product (docs/product/admin-and-staff.md#database-tools): inserts one product without
 * a SKU and reads it back. It is archived, so shoppers never see it; it can be deleted from Product
 * Management.
 */
export async function insertTestProduct(actor: AuditActor): Promise<LogLine[]> {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const suffix = crypto.randomBytes(3).toString("hex");
  try {
    const inserted = await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          slug: `test-product-${stamp}-${suffix}`,
          name: `Test Product ${stamp}`,
          category: "flowers",
          description: "Inserted by Database tools to check that writes work.",
          sellingPriceCents: 1000,
          costPriceCents: 600,
          stock: 0,
          sku: null,
          status: "archived",
        })
        .returning({ id: products.id, name: products.name });
      await recordAudit(tx, {
        actor,
        area: "products",
        action: "create",
        record: { type: "product", id: row!.id, label: row!.name },
        changes: { status: "archived", source: "Database tools: insert test product" },
      });
      return row;
    });
    const [readBack] = await db()
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.id, inserted!.id));
    if (!readBack) throw new Error("the new row could not be read back");
    return [
      {
        level: "success",
        message: `Test product inserted and read back: ${readBack.name} (${readBack.id})`,
      },
      {
        level: "info",
        message: "It is archived, so shoppers don't see it. Delete it from Products when done.",
      },
    ];
  } catch (error) {
    return [
      { level: "error", message: `Failed to insert test product: ${(error as Error).message}` },
    ];
  }
}

export function sampleDataAllowed({ NODE_ENV, ALLOW_SAMPLE_DATA } = config()): boolean {
  return NODE_ENV !== "production" || ALLOW_SAMPLE_DATA;
}

const FAILURE: Record<Generator, string> = {
  all: "Failed to generate sample data",
  products: "Failed to generate products",
  customers: "Failed to generate customers",
  orders: "Failed to generate orders",
};

/**
 * Clears what the generator replaces and generates it again, in one transaction (a failure
 * leaves the data as it was). Refused in production unless ALLOW_SAMPLE_DATA is set. The
 * configuration and the backup taken first can be given (the tests' own).
 */
export async function runGenerator(
  generator: Generator,
  actor: AuditActor,
  { settings = config(), backupFirst = backupBeforeSampleData } = {},
): Promise<LogLine[]> {
  if (!sampleDataAllowed(settings)) return [{ level: "error", message: SAMPLE_DATA_REFUSED }];
  const counts = DEFAULT_SAMPLE_COUNTS;
  // A store with data is backed up first; without that backup nothing is replaced.
  const backedUp = await backupFirst();
  if (!backedUp.ok) return [{ level: "error", message: backedUp.message }];
  const first: LogLine[] = backedUp.backup
    ? [{ level: "info", message: `Backed up first: ${backedUp.backup}` }]
    : [];
  try {
    if (generator === "all") {
      const made = await generateSampleDataset(counts, actor);
      await invalidatePageCache("sample data generated");
      return [
        ...first,
        { level: "info", message: `Cleared ${GENERATOR_CLEARS.all}` },
        {
          level: "success",
          message: `Sample dataset generated: ${made.products} products, ${made.customers} customers, ${made.coupons} coupons and ${made.orders} orders`,
        },
      ];
    }
    const made = await db().transaction(async (tx) => {
      await clearOrderData(tx);
      let made: number;
      if (generator === "products") {
        await tx.delete(products);
        made = await generateProducts({ count: counts.products, executor: tx });
      } else if (generator === "customers") {
        await tx.delete(customers);
        made = await generateCustomers({ count: counts.customers, executor: tx });
      } else made = await generateOrders({ count: counts.orders, executor: tx });
      await recordSampleData(tx, actor, generator, { [generator]: made });
      return made;
    });
    await analyzeDatabase();
    await invalidatePageCache("sample data generated");
    return [
      ...first,
      { level: "info", message: `Cleared ${GENERATOR_CLEARS[generator]}` },
      { level: "success", message: `Generated ${made} ${generator}` },
    ];
  } catch (error) {
    if (error instanceof SampleDataError) return [{ level: "error", message: error.message }];
    return [{ level: "error", message: `${FAILURE[generator]}: ${(error as Error).message}` }];
  }
}

function maskUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = "****";
    return url.toString();
  } catch {
    return "****";
  }
}

/** What the store runs on, for the environment panel; secrets are never shown. */
export async function getEnvironment(c = config()) {
  const handle = databaseHandle();
  const settings = await db()
    .select({ key: storeSettings.key, value: storeSettings.value })
    .from(storeSettings)
    .orderBy(storeSettings.key);
  const [versionRow] = (
    (await db().execute(sql`select version() as version`)) as unknown as {
      rows: { version: string }[];
    }
  ).rows;
  return {
    rows: [
      { label: "Environment", value: c.NODE_ENV },
      { label: "Database driver", value: driverLabel() },
      { label: "Database version", value: versionRow?.version.split(" on ")[0] ?? "unknown" },
      { label: "Data location", value: handle.location },
      { label: "Data directory", value: c.dataDir },
      {
        label: "Image storage",
        value:
          imageStorage().directory ??
          `Bucket ${c.S3_BUCKET} at ${c.S3_ENDPOINT ?? `Amazon S3 (${c.S3_REGION})`}`,
      },
      {
        label: "Mail transport",
        value: c.SMTP_URL ? `SMTP ${maskUrl(c.SMTP_URL)}` : "Local outbox (SMTP_URL not set)",
      },
      {
        label: "Default sender (MAIL_FROM)",
        value: `${c.defaultSender.address}${c.defaultSender.fromMailFrom ? "" : " (MAIL_FROM not set)"}; Settings → Email can set another`,
      },
      { label: "Store time zone", value: c.STORE_TIMEZONE },
      { label: "Public URL", value: c.publicUrl },
      { label: "Session secret", value: c.SESSION_SECRET ? "set (hidden)" : "not set" },
      { label: "Sample data", value: sampleDataAllowed() ? "allowed" : "refused (production)" },
    ],
    settings: settings.map(({ key, value }) => ({
      key,
      value: SECRET_KEY.test(key)
        ? "****"
        : JSON.stringify(value, (k, v: unknown) => (k && SECRET_KEY.test(k) ? "****" : v)),
    })),
  };
}
