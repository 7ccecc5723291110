/**
 * What a backup file holds, as its last member `manifest.json` says: the database's dump
 * (`database.sql`), the uploaded images (`images/…`), and this manifest with the time, the app's
 * version, the last migration, the row count of every table and the checksum of every member. The
 * first member, `backup.json`, is the same without the checksums, so a reader knows what it reads
 * (which database, which version) before the dump comes.
 */
export const MANIFEST = "manifest.json";
/** The first member: the manifest without the checksums (known before the members are written). */
export const HEADER = "backup.json";
export const DATABASE_SQL = "database.sql";
export const IMAGES_PREFIX = "images/";
export const BACKUP_FORMAT = "budz-backup";
export const BACKUP_FORMAT_VERSION = 1;

export const BACKUP_REASONS = [
  "manual",
  "daily",
  "command",
  "before-migration",
  "before-sample-data",
] as const;
export type BackupReason = (typeof BACKUP_REASONS)[number];

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** How long taking it took. */
  durationMs: number;
  reason: BackupReason;
  appVersion: string;
  driver: "pglite" | "postgres";
  serverVersion: string;
  dumpedWith: string;
  /** drizzle's last migration: its journal tag when known, and created_at. */
  lastMigration: { tag: string | null; createdAt: number; hash: string } | null;
  /** "schema.table" → row count in the dump's snapshot. */
  tables: Record<string, number>;
  members: { path: string; size: number; sha256: string }[];
  /**
   * Where the images are: in this file (`included`, and in backups older than this field), or left
   * out because they live in an S3 bucket (`bucket`, STORAGE=s3: `imagesBucket` names it).
   */
  images?: "included" | "bucket";
  imagesBucket?: string;
}

export type BackupHeader = Omit<BackupManifest, "members" | "durationMs">;

export function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error("The backup's manifest is not valid JSON");
  }
  const manifest = value as BackupManifest;
  if (manifest?.format !== BACKUP_FORMAT || typeof manifest.formatVersion !== "number")
    throw new Error("This file is not a Budz Boutique backup (its manifest is not one)");
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION)
    throw new Error(
      `This backup was made by a newer version of the store (format ${manifest.formatVersion}); update the store first`,
    );
  return manifest;
}
