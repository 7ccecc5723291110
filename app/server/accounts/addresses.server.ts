import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import { MAX_ADDRESSES } from "~/lib/account";
import { PROVINCE_CODES, type ProvinceCode } from "~/lib/address";
import { fail, type Result } from "~/lib/errors";
import type { Locale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { translator } from "~/lib/i18n/translate";
import { isUuid } from "~/lib/ids";
import type { AddressInput } from "~/schemas/account";
import { db, type Transaction } from "../db.server";
import { shopperAddresses } from "../db-tables";
import { getShopper } from "./session.server";

/** Saved addresses of one account. Every query here is scoped by the account's id. */

const messagesIn = (locale: Locale | undefined) => translator(accountMessages, locale ?? "en");

export interface SavedAddress {
  id: string;
  name: string;
  phone: string;
  street: string;
  city: string;
  province: string;
  postalCode: string;
  isDefault: boolean;
}

const columns = {
  id: shopperAddresses.id,
  name: shopperAddresses.name,
  phone: shopperAddresses.phone,
  street: shopperAddresses.street,
  city: shopperAddresses.city,
  province: shopperAddresses.province,
  postalCode: shopperAddresses.postalCode,
  isDefault: shopperAddresses.isDefault,
};

function owned(accountId: string, id: string) {
  return and(eq(shopperAddresses.accountId, accountId), eq(shopperAddresses.id, id));
}

/** The default address first, then the others oldest first. */
export function listAddresses(accountId: string): Promise<SavedAddress[]> {
  return db()
    .select(columns)
    .from(shopperAddresses)
    .where(eq(shopperAddresses.accountId, accountId))
    .orderBy(
      desc(shopperAddresses.isDefault),
      asc(shopperAddresses.createdAt),
      asc(shopperAddresses.id),
    )
    .limit(MAX_ADDRESSES);
}

/** One address of this account, or undefined (another account's address is never returned). */
export async function getAddress(accountId: string, id: string): Promise<SavedAddress | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db().select(columns).from(shopperAddresses).where(owned(accountId, id));
  return row;
}

async function clearDefault(tx: Transaction, accountId: string, except?: string) {
  await tx
    .update(shopperAddresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(shopperAddresses.accountId, accountId),
        eq(shopperAddresses.isDefault, true),
        except ? ne(shopperAddresses.id, except) : undefined,
      ),
    );
}

/** Saved (the address's id), or why not: 404 for another account's address, 409 when full. */
type SaveAddressResult = Result<{ id: string }>;

/** Adds an address; the first one (or one marked default) becomes the default. */
export async function createAddress(options: {
  accountId: string;
  input: AddressInput;
  now?: Date;
  /** The language of the page: of the refusal. */
  locale?: Locale;
}): Promise<SaveAddressResult> {
  const now = options.now ?? new Date();
  const { isDefault, ...fields } = options.input;
  return db().transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(shopperAddresses)
      .where(eq(shopperAddresses.accountId, options.accountId));
    if (n >= MAX_ADDRESSES)
      return fail(409, messagesIn(options.locale)("tooManyAddresses", { max: MAX_ADDRESSES }));
    const makeDefault = isDefault || n === 0;
    if (makeDefault) await clearDefault(tx, options.accountId);
    const [row] = await tx
      .insert(shopperAddresses)
      .values({
        ...fields,
        accountId: options.accountId,
        isDefault: makeDefault,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: shopperAddresses.id });
    return { ok: true, id: row!.id };
  });
}

/** Changes one of this account's addresses (404 for any other). */
export async function updateAddress(options: {
  accountId: string;
  id: string;
  input: AddressInput;
  now?: Date;
  /** The language of the page: of the refusal. */
  locale?: Locale;
}): Promise<SaveAddressResult> {
  const notFound = messagesIn(options.locale)("addressNotFound");
  if (!isUuid(options.id)) return fail(404, notFound);
  const { isDefault, ...fields } = options.input;
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(shopperAddresses)
      .set({ ...fields, updatedAt: options.now ?? new Date() })
      .where(owned(options.accountId, options.id))
      .returning({ id: shopperAddresses.id });
    if (!row) return fail(404, notFound);
    if (isDefault) await makeDefault(tx, options.accountId, row.id);
    return { ok: true as const, id: row.id };
  });
}

async function makeDefault(tx: Transaction, accountId: string, id: string) {
  await clearDefault(tx, accountId, id);
  await tx.update(shopperAddresses).set({ isDefault: true }).where(owned(accountId, id));
}

/** Makes one of this account's addresses the default. */
export async function setDefaultAddress(options: {
  accountId: string;
  id: string;
}): Promise<boolean> {
  if (!(await getAddress(options.accountId, options.id))) return false;
  await db().transaction((tx) => makeDefault(tx, options.accountId, options.id));
  return true;
}

/** Deletes one of this account's addresses; when it was the default, the oldest left takes over. */
export async function deleteAddress(options: { accountId: string; id: string }): Promise<boolean> {
  if (!isUuid(options.id)) return false;
  return db().transaction(async (tx) => {
    const [gone] = await tx
      .delete(shopperAddresses)
      .where(owned(options.accountId, options.id))
      .returning({ isDefault: shopperAddresses.isDefault });
    if (!gone) return false;
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: shopperAddresses.id })
        .from(shopperAddresses)
        .where(eq(shopperAddresses.accountId, options.accountId))
        .orderBy(asc(shopperAddresses.createdAt), asc(shopperAddresses.id))
        .limit(1);
      if (next) await makeDefault(tx, options.accountId, next.id);
    }
    return true;
  });
}

/** Whether a string is one of the 13 province and territory codes. */
function isProvinceCode(value: unknown): value is ProvinceCode {
  return typeof value === "string" && (PROVINCE_CODES as string[]).includes(value);
}

/** A signed-in shopper's default address's province (for taxes in the cart), if there is one. */
export async function defaultShippingProvince(request: Request): Promise<ProvinceCode | undefined> {
  const shopper = await getShopper(request);
  if (!shopper) return undefined;
  const [first] = await listAddresses(shopper.id);
  return first?.isDefault && isProvinceCode(first.province) ? first.province : undefined;
}
