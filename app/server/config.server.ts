import path from "node:path";
import { z } from "zod";
import { isKnownTimeZone } from "./time-zones.server";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"], {
    error: "must be one of 1, 0, true, false, yes, no, on, off",
  })
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.join(" or ")}//` },
  );

// Checked against the tz data the server computes with (time-zones.server.ts), not Node's ICU.
const timezone = z.string().refine(isKnownTimeZone, {
  message: "must be an IANA time zone such as America/Vancouver",
});

/** A whole number of `unit` from min to max, with one message for every way it can be wrong. */
const wholeNumber = (min: number, max: number, unit: string) => {
  const error = `must be a whole number of ${unit} from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/** An hour of the day in STORE_TIMEZONE (the daily staff emails start from it). */
const HOUR = { error: "must be an hour of the day from 0 to 23" };
const hourOfDay = z.coerce.number(HOUR).int(HOUR).min(0, HOUR).max(23, HOUR);

const EMAIL = z.email();

/** Comma-separated email addresses (spaces allowed) to a list; one that is not an address is named. */
const emailList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((address) => address.trim())
      .filter(Boolean),
  )
  .superRefine((addresses, ctx) => {
    const bad = addresses.find((address) => !EMAIL.safeParse(address).success);
    if (bad !== undefined)
      ctx.addIssue({
        code: "custom",
        message: `must be email addresses separated by commas (e.g. owner@example.com,staff@example.com); "${bad}" is not one`,
      });
  });

/** An S3 bucket name: 3-63 lower-case letters, digits, dots and dashes. */
const bucketName = z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
  error: "must be a bucket name: 3-63 lower-case letters, digits, dots and dashes",
});

const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a port number between 1 and 65535" })
    .int({ error: "must be a port number between 1 and 65535" })
    .min(0, { error: "must be a port number between 1 and 65535" })
    .max(65535, { error: "must be a port number between 1 and 65535" })
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  /** The sender's address by default (Settings → Email overrides it); a name in it is ignored. */
  MAIL_FROM: z
    .string()
    .transform((v) => (/<([^<>]*)>\s*$/.exec(v)?.[1] ?? v).trim())
    .pipe(
      z.string().regex(/^[^\s@<>",]+@[^\s@<>",]+$/, {
        error: "must be an email address, like orders@example.ca (or Name <orders@example.ca>)",
      }),
    )
    .optional(),
  STORE_NAME: z.string().min(1).default("Budz Boutique"),
  STORE_TIMEZONE: timezone.default("America/Vancouver"),
  /** The store's postal address, shown in every newsletter's footer (Canada's anti-spam law). */
  STORE_ADDRESS: z.string().trim().min(5).max(200).optional(),
  ETRANSFER_EMAIL: z.email({ error: "must be an email address" }).optional(),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{3,40}$/, {
      error: "must be 3-40 letters, digits, dots, dashes or underscores",
    })
    .optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: "must be at least 8 characters" }).optional(),
  SEED_SAMPLE_DATA: flag.default(true),
  ALLOW_SAMPLE_DATA: flag.default(false),
  PUBLIC_URL: url(["http:", "https:"]).optional(),
  SESSION_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  /**
   * Encrypts stored secrets (the Canada Post API password). Unset: a key file in DATA_DIR, made
   * once; several instances must share one value here. Backups hold only the encrypted text.
   */
  SECRETS_KEY: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  /** Canada Post's web services at another address (the tests' local fake); unset: Canada Post's. */
  CANADA_POST_API_URL: url(["http:", "https:"]).optional(),
  GEO_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, { error: "must be an HTTP header name" })
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(?:\d{1,2}|true|false|yes|no|on|off)$/, {
      error: "must be the number of trusted proxies in front of the server (0-99)",
    })
    .transform((v) => (/^\d+$/.test(v) ? Number(v) : ["true", "yes", "on"].includes(v) ? 1 : 0))
    .default(0),
  UNPAID_REMINDER_HOURS: wholeNumber(1, 720, "hours").default(48),
  UNPAID_CANCEL_DAYS: wholeNumber(1, 60, "days").default(5),
  SHUTDOWN_GRACE_SECONDS: wholeNumber(1, 300, "seconds").default(10),
  ACCOUNT_LINK_MINUTES: wholeNumber(5, 1440, "minutes").default(60),
  ACCOUNT_VERIFY_HOURS: wholeNumber(1, 168, "hours").default(48),
  /** Who gets the staff emails (the daily low-stock email); none when unset. */
  STAFF_EMAILS: emailList.default([]),
  /** The hour of the day (STORE_TIMEZONE) from which the daily low-stock email is sent. */
  LOW_STOCK_EMAIL_HOUR: hourOfDay.default(8),
  /** The hour of the day (STORE_TIMEZONE) from which the daily summary email is sent. */
  DAILY_SUMMARY_HOUR: hourOfDay.default(8),
  /** How long the audit log (the Activity screen) keeps an entry; older ones are pruned daily. */
  AUDIT_RETENTION_DAYS: wholeNumber(30, 36_500, "days").default(730),
  /** Where images live: the data directory (`disk`) or an S3-compatible bucket (`s3`, S3_*). */
  STORAGE: z.enum(["disk", "s3"], { error: "must be disk or s3" }).default("disk"),
  /** An S3-compatible service's address (unset: Amazon S3 in S3_REGION). */
  S3_ENDPOINT: url(["http:", "https:"]).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** The bucket images go to (STORAGE=s3). */
  S3_BUCKET: bucketName.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (most S3-compatible services) rather than in the host name (Amazon's). */
  S3_FORCE_PATH_STYLE: flag.optional(),
  /** A public address (a CDN) serving the bucket's images: /images redirects there. */
  S3_PUBLIC_URL: url(["http:", "https:"]).optional(),
  /** Backups are also sent to this bucket (the same endpoint and keys; may be S3_BUCKET). */
  BACKUP_BUCKET: bucketName.optional(),
  /** Where backups are kept (default DATA_DIR/backups; point it at another disk). */
  BACKUP_DIR: z.string().min(1).optional(),
  /** The hour of the day (STORE_TIMEZONE) from which the day's automatic backup is taken. */
  BACKUP_HOUR: hourOfDay.default(3),
  /** How many daily and weekly generations of backups are kept. */
  BACKUP_KEEP_DAILY: wholeNumber(1, 365, "backups").default(7),
  BACKUP_KEEP_WEEKLY: wholeNumber(0, 520, "backups").default(4),
  /** How many monthly generations are kept in BACKUP_BUCKET (besides the daily and weekly ones). */
  BACKUP_KEEP_MONTHLY: wholeNumber(0, 240, "backups").default(12),
  /** A backup before migrations change the schema of a store with data (its failure stops the start). */
  BACKUP_BEFORE_MIGRATION: flag.default(true),
  /**
   * The embedded database's own page cache (PostgreSQL's shared_buffers). PostgreSQL's 128 MiB is
   * most of a small server's memory once touched; the files below it stay in the operating
   * system's cache, so a small one costs little speed (README, "Memory").
   */
  EMBEDDED_DB_CACHE_MB: wholeNumber(1, 4096, "MiB").default(16),
  /** Memory one process gives its copies of cached storefront pages (least recently used go first). */
  PAGE_CACHE_MB: wholeNumber(1, 4096, "MiB").default(32),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = z.infer<typeof ConfigSchema> & {
  dataDir: string;
  backupDir: string;
  publicUrl: string;
  /** The sender's address unless Settings → Email sets one: MAIL_FROM's, else orders@ the site's domain. */
  defaultSender: { address: string; fromMailFrom: boolean };
  driver: "pglite" | "postgres";
};

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = ConfigSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(
      `Invalid configuration: ${name}=${JSON.stringify(env[name] ?? "")} ${issue.message}`,
    );
  }
  const c = result.data;
  if (c.STORAGE === "s3" && !c.S3_BUCKET)
    throw new ConfigError("Invalid configuration: STORAGE=s3 needs S3_BUCKET (and its keys)");
  const domain = c.PUBLIC_URL ? new URL(c.PUBLIC_URL).hostname : "budzboutique.ca";
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    backupDir: path.resolve(c.BACKUP_DIR ?? path.join(c.DATA_DIR, "backups")),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    defaultSender: c.MAIL_FROM
      ? { address: c.MAIL_FROM, fromMailFrom: true }
      : { address: `orders@${domain}`, fromMailFrom: false },
    driver: c.DATABASE_URL ? "postgres" : "pglite",
  };
}

let current: Config | undefined;

/** The validated configuration of this process, read from the environment once. */
export function config(): Config {
  current ??= parseConfig(process.env);
  return current;
}

/** The next config() reads the environment again (each integration test file has its DATA_DIR). */
export function forgetConfig() {
  current = undefined;
}
