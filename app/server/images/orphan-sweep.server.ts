import { like } from "drizzle-orm";
import { dayKey } from "~/lib/invoices";
import { config } from "../config.server";
import { db } from "../db.server";
import { dailyJobs, imagesLibrary, stockLots } from "../db-tables";
import { logger } from "../logger.server";
import { imageStorage } from "./storage.server";

/**
 * Files nothing points to (docs/decisions/object-storage.md): an upload writes its files before
 * its row, so a crash, a refused row or a bucket that failed while files were removed leaves files
 * behind. Under images/ a file belongs to an image library row (its original and variants); under
 * images/coa/ to a lot whose coa_url names it. Anything else older than an hour (an upload in
 * flight is never swept) is removed, once a day.
 */

/** Files younger than this are left alone: their upload may still be writing its row. */
export const ORPHAN_MIN_AGE_MS = 3_600_000;

/** The name the sweep claims its day under in daily_jobs. */
const ORPHAN_SWEEP_JOB = "orphan-files";

export async function sweepOrphanFiles(
  options: { now?: Date; minAgeMs?: number } = {},
): Promise<{ removed: string[]; kept: number }> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? ORPHAN_MIN_AGE_MS);
  const storage = imageStorage();
  // Listed before the rows are read: a file written after the listing is not looked at, and
  // a row written after the rows are read belongs to a file younger than the cutoff.
  const candidates: string[] = [];
  let kept = 0;
  for await (const file of storage.list()) {
    if (file.lastModified.getTime() < cutoff) candidates.push(file.key);
    else kept++;
  }
  if (candidates.length === 0) return { removed: [], kept };
  const owned = new Set<string>();
  const images = await db()
    .select({
      storageKey: imagesLibrary.storageKey,
      fileExtension: imagesLibrary.fileExtension,
      variantWidths: imagesLibrary.variantWidths,
    })
    .from(imagesLibrary);
  for (const image of images) {
    owned.add(`${image.storageKey}.${image.fileExtension}`);
    for (const width of image.variantWidths) owned.add(`${image.storageKey}-${width}.webp`);
  }
  const lots = await db()
    .select({ coaUrl: stockLots.coaUrl })
    .from(stockLots)
    .where(like(stockLots.coaUrl, "/images/coa/%"));
  for (const lot of lots) owned.add(lot.coaUrl!.slice("/images/".length));
  const removed: string[] = [];
  for (const key of candidates) {
    if (owned.has(key)) {
      kept++;
      continue;
    }
    await storage.remove(key);
    removed.push(key);
  }
  if (removed.length) logger.info({ removed: removed.length }, "orphan image files removed");
  return { removed, kept };
}

/**
 * The email worker's daily sweep: the first run of the day (STORE_TIMEZONE) claims the day in
 * daily_jobs, so with several instances one sweeps. A sweep that fails is tried again tomorrow
 * (what it leaves harms nothing but space).
 */
export async function runDailyOrphanSweep(
  now = new Date(),
): Promise<{ removed: string[]; kept: number } | null> {
  const day = dayKey(now, config().STORE_TIMEZONE);
  const [claimed] = await db()
    .insert(dailyJobs)
    .values({ name: ORPHAN_SWEEP_JOB, day })
    .onConflictDoNothing()
    .returning({ day: dailyJobs.day });
  if (!claimed) return null;
  return sweepOrphanFiles({ now });
}
