import { eq } from "drizzle-orm";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { config } from "../config.server";
import { db, type Executor } from "../db.server";
import { canadaPostAccount } from "../db-tables";
import { openSecret, sealSecret } from "../settings/secrets.server";
import { CanadaPostError, testConnection, type CanadaPostAccount } from "./api.server";

/**
 * The store's Canada Post account (Settings → Shipping → Canada Post): stored with its password
 * encrypted, read back for the calls. Pages see `AccountSummary` only, never the password.
 */

export const CANADA_POST_HOSTS = {
  development: "https://ct.soa-gw.canadapost.ca",
  production: "https://soa-gw.canadapost.ca",
} as const;
export type CanadaPostEnvironment = keyof typeof CANADA_POST_HOSTS;

/** What the settings page shows of the account. */
export interface AccountSummary {
  customerNumber: string;
  username: string;
  contractId: string | null;
  environment: CanadaPostEnvironment;
  originPostalCode: string;
  services: string[];
  /** The stored password cannot be opened with this server's key (restored elsewhere). */
  passwordUnreadable: boolean;
  updatedAt: Date;
}

/** The account ready for calls, with what checkout and labels need beside it. */
export interface ConnectedAccount {
  account: CanadaPostAccount;
  environment: CanadaPostEnvironment;
  originPostalCode: string;
  services: string[];
}

async function storedRow(executor: Executor) {
  const [row] = await executor.select().from(canadaPostAccount).where(eq(canadaPostAccount.id, 1));
  return row ?? null;
}

export async function accountSummary(executor: Executor = db()): Promise<AccountSummary | null> {
  const row = await storedRow(executor);
  if (!row) return null;
  return {
    customerNumber: row.customerNumber,
    username: row.username,
    contractId: row.contractId,
    environment: row.environment as CanadaPostEnvironment,
    originPostalCode: row.originPostalCode,
    services: row.services,
    passwordUnreadable: openSecret(row.passwordCipher) === null,
    updatedAt: row.updatedAt,
  };
}

/** The connected account, or null when the store is not connected (or its password unreadable). */
export async function connectedAccount(
  executor: Executor = db(),
): Promise<ConnectedAccount | null> {
  const row = await storedRow(executor);
  const password = row && openSecret(row.passwordCipher);
  if (!row || !password) return null;
  const environment = row.environment as CanadaPostEnvironment;
  return {
    account: {
      baseUrl: config().CANADA_POST_API_URL ?? CANADA_POST_HOSTS[environment],
      username: row.username,
      password,
      customerNumber: row.customerNumber,
      contractId: row.contractId,
    },
    environment,
    originPostalCode: row.originPostalCode,
    services: row.services,
  };
}

export interface AccountInput {
  customerNumber: string;
  username: string;
  /** Null: keep the stored password. */
  password: string | null;
  contractId: string | null;
  environment: CanadaPostEnvironment;
  originPostalCode: string;
  services: string[];
}

/** Saves the account (a blank password keeps the stored one); false when there is none to keep. */
export async function saveAccount(input: AccountInput, actor: AuditActor): Promise<boolean> {
  return db().transaction(async (tx) => {
    const before = await storedRow(tx);
    const passwordCipher = input.password ? sealSecret(input.password) : before?.passwordCipher;
    if (!passwordCipher) return false;
    const values = {
      customerNumber: input.customerNumber,
      username: input.username,
      passwordCipher,
      contractId: input.contractId,
      environment: input.environment,
      originPostalCode: input.originPostalCode,
      services: input.services,
      updatedAt: new Date(),
    };
    await tx
      .insert(canadaPostAccount)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: canadaPostAccount.id, set: values });
    await recordAudit(tx, {
      actor,
      area: "settings",
      action: before ? "update" : "create",
      record: { type: "settings", id: "canada-post", label: "Settings: Canada Post" },
      changes: {
        customerNumber: [before?.customerNumber ?? null, input.customerNumber],
        username: [before?.username ?? null, input.username],
        contractId: [before?.contractId ?? null, input.contractId],
        environment: [before?.environment ?? null, input.environment],
        originPostalCode: [before?.originPostalCode ?? null, input.originPostalCode],
        services: [before?.services ?? null, input.services],
        ...(input.password ? { password: ["[redacted]", "[redacted]"] } : {}),
      },
    });
    return true;
  });
}

/** Asks Canada Post with the saved account: null when it answers, else what is wrong. */
export async function testAccount(): Promise<string | null> {
  const connected = await connectedAccount();
  if (!connected)
    return "No Canada Post account to test: save the account (with its API password) first.";
  try {
    await testConnection(connected.account, { timeoutMs: TEST_TIMEOUT_MS });
    return null;
  } catch (error) {
    if (error instanceof CanadaPostError) return error.message;
    throw error;
  }
}

/** How long "Test connection" waits for Canada Post. */
const TEST_TIMEOUT_MS = 10_000;

export async function disconnectAccount(actor: AuditActor): Promise<void> {
  await db().transaction(async (tx) => {
    const deleted = await tx.delete(canadaPostAccount).returning({ id: canadaPostAccount.id });
    if (deleted.length > 0)
      await recordAudit(tx, {
        actor,
        area: "settings",
        action: "delete",
        record: { type: "settings", id: "canada-post", label: "Settings: Canada Post" },
      });
  });
}
