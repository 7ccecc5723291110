import fs from "node:fs";
import path from "node:path";
import { runDailyAuditPrune } from "./audit/audit-log.server";
import { ensureFirstAdmin } from "./auth/admin-users.server";
import { proxyWarning } from "./auth/origin.server";
import { backupBeforeMigration, runDailyBackup } from "./backup/automatic.server";
import { BackupError } from "./backup/dump.server";
import { backupLocationWarning, embeddedDatabaseWarning } from "./backup/storage-warnings.server";
import { config } from "./config.server";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.server";
import {
  analyzeDatabase,
  applyMigrations,
  databaseHandle,
  holdsDatabase,
  migrateDatabase,
  openPglite,
  openPostgres,
  setDatabase,
  withStartLock,
  type DatabaseHandle,
} from "./db.server";
import { emailSender, senderWarning } from "./email/sender.server";
import { startEmailWorker } from "./email/worker.server";
import { sendDailyLowStockEmail } from "./inventory/low-stock.server";
import { sendDailyLotExpiryEmail } from "./inventory/lot-expiry.server";
import { sendDueCampaigns } from "./marketing/campaign-admin.server";
import { sendDailySummaryEmail } from "./orders/staff-alerts.server";
import { processUnpaidOrders } from "./orders/unpaid-orders.server";
import { processPickupHolds } from "./shipping/pickup-holds.server";
import { sweepParcelQuotes } from "./canada-post/live-rates.server";
import { runDailyOrphanSweep } from "./images/orphan-sweep.server";
import { startParcelTracking } from "./shipping/tracking.server";
import { startMailboxRead } from "./payments/payment-mailbox.server";
import { countRealOrders } from "./seed/remove-sample-data.server";
import { fillSampleIdentity, storeSettings } from "./settings/store-settings.server";
import { logger } from "./logger.server";
import {
  generateSampleDataset,
  insertDefaultContent,
  isStoreEmpty,
} from "./seed/sample-data.server";

/** A start-up failure with a message for the operator (printed as it is, no stack trace). */
export class StartupError extends Error {}

/**
 * Opens and migrates the configured database and makes it the process's database. `firstWork` (the
 * first start's work: first admin, sample data) runs right after the migrations and, on
 * PostgreSQL, still under their advisory lock, so instances starting together do it once.
 */
export async function openConfiguredDatabase<T = undefined>(
  firstWork?: (handle: DatabaseHandle) => Promise<T>,
): Promise<{
  handle: DatabaseHandle;
  release: () => void;
  firstWorkResult?: T;
}> {
  const { DATABASE_URL, dataDir } = config();
  if (DATABASE_URL) {
    const handle = openPostgres(DATABASE_URL);
    try {
      const firstWorkResult = await withStartLock(DATABASE_URL, async (client) => {
        await backUpBeforeMigrating(handle);
        await applyMigrations(client);
        setDatabase(handle);
        return firstWork?.(handle);
      });
      return { handle, release: () => {}, firstWorkResult };
    } catch (error) {
      setDatabase(undefined);
      await handle.close().catch(() => {});
      throw error;
    }
  }
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new StartupError(error.message);
    throw error;
  }
  try {
    const handle = await openPglite({ dataDir: `${dataDir}/pglite` });
    try {
      await backUpBeforeMigrating(handle);
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
    await migrateDatabase(handle);
    setDatabase(handle);
    // The data directory's lock already makes this process the only one.
    const firstWorkResult = await firstWork?.(handle);
    return { handle, release, firstWorkResult };
  } catch (error) {
    if (holdsDatabase()) await closeDatabase(() => {}).catch(() => {});
    release();
    throw error;
  }
}

/**
 * The daily backup's job: first looked at ten minutes after the start (not while a start, or a
 * short-lived test server, is busy), then every ten minutes; it runs beside the worker's loop,
 * never holding up the emails.
 */
function dailyBackupJob(): () => Promise<void> {
  const started = Date.now();
  return async () => {
    if (Date.now() - started < 9 * 60_000) return;
    void runDailyBackup().catch((error: unknown) =>
      logger.error({ err: error }, "the daily backup could not run"),
    );
  };
}

/** A backup before migrations change a store with data; its failure stops the start, saying why. */
async function backUpBeforeMigrating(handle: DatabaseHandle): Promise<void> {
  try {
    const taken = await backupBeforeMigration(handle);
    if (taken) logger.info({ backup: taken }, "backed up before migrating");
  } catch (error) {
    if (error instanceof BackupError) throw new StartupError(error.message);
    throw error;
  }
}

export async function closeDatabase(release: () => void) {
  try {
    await databaseHandle().close();
  } finally {
    setDatabase(undefined);
    release();
  }
}

/**
 * Everything the server needs before it takes requests: database, first admin, sample data on an
 * empty store. Returns the function that stops it all again.
 */
export interface Services {
  /** Stops the email worker (letting its sends finish) and closes the database. */
  stop(): Promise<void>;
  /** What is still running, for the log when a shutdown has to give up waiting. */
  busy(): { phase: string; emailSendsInFlight: string[] };
  /** What the start prints once it listens (welcomeBox). */
  welcome: Welcome;
}

export interface Welcome {
  storeName: string;
  /** The first admin made by this start; the password only when it was generated. */
  firstAdmin?: { username: string; generatedPassword?: string };
  /** Where the data lives: the data directory, or the PostgreSQL database. */
  data: string;
  backupDir: string;
  /** What the owner must fix before the store is safe to run for real (also logged at start). */
  warnings: string[];
}

/**
 * The store's address as a start shows it, in its log line and its box alike: PUBLIC_URL when it
 * is set, else this machine's address on the port the server listens on.
 */
export function storeAddress(port: number, settings = config()): string {
  const { PUBLIC_URL, publicUrl } = settings;
  return PUBLIC_URL ? publicUrl : `http://localhost:${port}`;
}

/** The box's text width: narrow enough for a small terminal. */
const BOX_TEXT_WIDTH = 66;

/** A paragraph as lines of at most `width` characters (a longer word keeps its own line). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

/**
 * The box a start ends with, so a newcomer finds what matters after the log lines: the store's
 * and the admin's address (storeAddress), the first admin's name and password (once), where the
 * data and its backups live, and what must be fixed before running for real.
 */
export function welcomeBox(welcome: Welcome, store: string): string {
  const lines = [
    `${welcome.storeName} is ready`,
    "",
    `Store  ${store}/`,
    `Admin  ${store}/budzadmin`,
    ...(welcome.firstAdmin
      ? [
          "",
          `First admin created. username: ${welcome.firstAdmin.username}`,
          ...(welcome.firstAdmin.generatedPassword
            ? [
                `password: ${welcome.firstAdmin.generatedPassword}  (shown only now)`,
                `Lost it? npm run admin -- reset-password ${welcome.firstAdmin.username}`,
              ]
            : ["password: the one in ADMIN_PASSWORD"]),
        ]
      : []),
    "",
    `Data   ${welcome.data}`,
    `       backups in ${welcome.backupDir}`,
    ...(welcome.warnings.length > 0 ? [""] : []),
    ...welcome.warnings.flatMap((warning) =>
      wrap(warning, BOX_TEXT_WIDTH - 2).map((line, i) => `${i === 0 ? "!" : " "} ${line}`),
    ),
  ];
  const width = Math.max(...lines.map((line) => line.length));
  return [
    `┌${"─".repeat(width + 4)}┐`,
    ...lines.map((line) => `│  ${line.padEnd(width)}  │`),
    `└${"─".repeat(width + 4)}┘`,
  ].join("\n");
}

type FirstAdmin = Welcome["firstAdmin"];

/**
 * Whether this start creates the embedded database: server.js then sets the store up in a child
 * process (setUpStoreAlone), so the memory that creating, migrating and filling it took (PGlite's
 * grown WebAssembly memory, the sample images' buffers: about 500 MiB) leaves with that process.
 */
export function setsUpEmbeddedDatabase(): boolean {
  const { DATABASE_URL, dataDir } = config();
  return !DATABASE_URL && !fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"));
}

/** The first start's work alone (in server.js's child process): set up, then close. */
export async function setUpStoreAlone(): Promise<FirstAdmin> {
  const { release, firstWorkResult } = await openConfiguredDatabase(setUpStore);
  try {
    return firstWorkResult;
  } finally {
    await closeDatabase(release);
  }
}

/**
 * The first admin and, on an empty store, sample data or the default pages (on PostgreSQL under the
 * start lock: one of several instances starting together does it, the others find it done).
 */
async function setUpStore(handle: DatabaseHandle): Promise<FirstAdmin> {
  const settings = config();
  const created = await ensureFirstAdmin({
    username: settings.ADMIN_USERNAME,
    password: settings.ADMIN_PASSWORD,
  });
  if (created && !created.generatedPassword)
    logger.info({ username: created.username }, "first admin created from ADMIN_USERNAME");

  if (await isStoreEmpty()) {
    if (settings.SEED_SAMPLE_DATA) {
      const counts = await generateSampleDataset();
      // Sample data names the store with sample contact details (the owner changes them in Settings).
      await fillSampleIdentity();
      logger.info(counts, "sample data generated on an empty database");
    } else {
      await insertDefaultContent();
    }
  } else if (handle.driver === "pglite") {
    // PGlite has no autovacuum: give the planner fresh statistics once per start.
    await analyzeDatabase();
  }
  return created;
}

/** Where the start box says the store's data is. */
function dataText(handle: DatabaseHandle, settings: ReturnType<typeof config>): string {
  const bucket = settings.STORAGE === "s3" ? `the bucket ${settings.S3_BUCKET}` : null;
  if (handle.driver === "pglite")
    return bucket
      ? `${settings.dataDir} (embedded database), images in ${bucket}`
      : `${settings.dataDir} (embedded database and images)`;
  return `PostgreSQL ${handle.location}, images in ${bucket ?? settings.dataDir}`;
}

/**
 * Everything the server needs before it takes requests. `setUp` is what a child process's
 * setUpStoreAlone made on this first start (then nothing is left to set up here).
 */
export async function startServices(setUp?: { firstAdmin: FirstAdmin }): Promise<Services> {
  const settings = config();
  const { handle, release, firstWorkResult } = await openConfiguredDatabase(setUpStore);
  logger.info({ driver: handle.driver, location: handle.location }, "database ready");
  const created = firstWorkResult ?? setUp?.firstAdmin;

  // Settings are read once here (seeded from the environment on the first start).
  const stored = await storeSettings();
  const warnings = [
    proxyWarning(),
    senderWarning(emailSender(stored)),
    embeddedDatabaseWarning({
      driver: handle.driver,
      dataDir: settings.dataDir,
      realOrders: await countRealOrders(),
    }),
    backupLocationWarning(settings.dataDir, settings.backupDir),
  ].filter((warning) => warning !== null);
  for (const warning of warnings) logger.warn(warning);

  const emailWorker = startEmailWorker({
    stopGraceMs: settings.SHUTDOWN_GRACE_SECONDS * 1000,
    // PGlite's data directory is locked to this process: what a crash left 'sending' is resent now.
    soleInstance: handle.driver === "pglite",
    jobs: [
      { name: "unpaid orders", everyMs: 60_000, run: () => processUnpaidOrders() },
      // The payments mailbox, read when its poll interval has passed (Settings → Payments mailbox).
      { name: "payments mailbox", everyMs: 15_000, run: startMailboxRead },
      // Pickups held past their last day are cancelled and refunded; expired delivery records go.
      { name: "pickup holds", everyMs: 600_000, run: () => processPickupHolds() },
      // Canada Post parcels not looked at for 2 hours: scans stored, shipments moved, shopper told.
      { name: "parcel tracking", everyMs: 1_800_000, run: startParcelTracking },
      { name: "scheduled campaigns", everyMs: 30_000, run: () => sendDueCampaigns() },
      // Once a day from LOW_STOCK_EMAIL_HOUR, when something is low (daily_jobs claims the day).
      { name: "low-stock email", everyMs: 600_000, run: () => sendDailyLowStockEmail() },
      // Once a day from LOW_STOCK_EMAIL_HOUR, when lots with stock expire within the setting's days.
      { name: "lot expiry email", everyMs: 600_000, run: () => sendDailyLotExpiryEmail() },
      // Once a day from DAILY_SUMMARY_HOUR: yesterday's orders, what waits to ship or is cancelled soon.
      { name: "daily summary email", everyMs: 600_000, run: () => sendDailySummaryEmail() },
      // Once a day: audit log entries older than AUDIT_RETENTION_DAYS (daily_jobs claims the day).
      { name: "audit log retention", everyMs: 3_600_000, run: () => runDailyAuditPrune() },
      { name: "old parcel quotes", everyMs: 3_600_000, run: () => sweepParcelQuotes() },
      // Once a day: image and COA files no row points to, older than an hour (daily_jobs claims it).
      { name: "orphan image files", everyMs: 3_600_000, run: () => runDailyOrphanSweep() },
      // Once a day from BACKUP_HOUR: a backup while the store serves (daily_jobs claims the day).
      { name: "daily backup", everyMs: 600_000, run: dailyBackupJob() },
    ],
  });
  let phase = "running";
  return {
    async stop() {
      // The worker records its in-flight sends before the database closes.
      phase = "stopping the email worker";
      await emailWorker.stop();
      phase = "closing the database";
      await closeDatabase(release);
      phase = "stopped";
    },
    busy: () => ({ phase, emailSendsInFlight: emailWorker.inFlight() }),
    welcome: {
      storeName: stored.store.name,
      firstAdmin: created,
      data: dataText(handle, settings),
      backupDir: settings.backupDir,
      warnings,
    },
  };
}
