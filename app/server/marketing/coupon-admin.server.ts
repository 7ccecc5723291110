import { countText } from "~/lib/text";
import { and, eq, ne, sql } from "drizzle-orm";
import { endOfDay, startOfDay } from "~/lib/coupons";
import { isUuid } from "~/lib/ids";
import type { CouponInput } from "~/schemas/coupons";
import type { FormErrors } from "~/lib/form";
import { config } from "../config.server";
import { isUniqueViolation } from "../db-errors.server";
import { db, type Executor, type Transaction } from "../db.server";
import { announcements, coupons, orders } from "../db-tables";
import { invalidatesPages } from "../storefront/page-invalidation.server";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit-log.server";

type CouponSaveResult =
  | { ok: true; id: string; code: string }
  | { ok: false; status: 400 | 404 | 409; errors: FormErrors };

export const COUPON_NOT_FOUND = "This coupon does not exist (it may have been deleted).";
export const COUPON_STALE =
  "Someone else changed this coupon while you were editing it. Reload the page to see their changes, then make yours again.";
export const USED_COUPON_LOCKED =
  "This coupon has been used, so its code and type cannot change. You can still deactivate it or end it.";

const duplicate = (code: string): FormErrors => ({
  code: `A coupon with the code ${code} already exists (codes are not case-sensitive).`,
});

/** The columns a saved form writes; dates are calendar days in STORE_TIMEZONE. */
function columns(input: CouponInput) {
  const zone = config().STORE_TIMEZONE;
  return {
    code: input.code,
    description: input.description,
    type: input.type,
    value: input.value,
    minOrderCents: input.minOrderCents,
    maxUses: input.maxUses,
    perCustomerLimit: input.perCustomerLimit,
    startDate: startOfDay(input.startDate, zone),
    endDate: input.endDate ? endOfDay(input.endDate, zone) : null,
    isActive: input.isActive,
  };
}

async function codeTaken(tx: Transaction, code: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(
        eq(sql`lower(${coupons.code})`, code.toLowerCase()),
        exceptId ? ne(coupons.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Used: counted as used, or carried by any order (a cancelled one too: its history names it). */
async function isUsed(tx: Transaction, coupon: { id: string; usedCount: number }) {
  if (coupon.usedCount > 0) return true;
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.couponId, coupon.id))
    .limit(1);
  return Boolean(row);
}

/**
 * Runs a save; a duplicate code that slipped past the check (two people saving the same new code
 * at once) ends as the same field message, never a 500.
 */
async function saving(code: string, run: () => Promise<CouponSaveResult>) {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, "coupons_code_key"))
      return { ok: false as const, status: 409 as const, errors: duplicate(code) };
    throw error;
  }
}

/** A coupon's entry in the activity log (when an admin, not a script, made the change). */
async function auditCoupon(
  tx: Executor,
  actor: AuditActor | undefined,
  action: "create" | "update" | "delete",
  coupon: { id: string; code: string },
  changes: Record<string, unknown> | null,
) {
  if (actor)
    await recordAudit(tx, {
      actor,
      area: "coupons",
      action,
      record: { type: "coupon", id: coupon.id, label: coupon.code },
      changes,
    });
}

export function createCoupon(input: CouponInput, actor?: AuditActor): Promise<CouponSaveResult> {
  return saving(input.code, () =>
    db().transaction(async (tx) => {
      if (await codeTaken(tx, input.code))
        return { ok: false as const, status: 409 as const, errors: duplicate(input.code) };
      const [row] = await tx
        .insert(coupons)
        .values(columns(input))
        .returning({ id: coupons.id, code: coupons.code });
      await auditCoupon(tx, actor, "create", row!, changedFields(null, columns(input)));
      return { ok: true as const, ...row! };
    }),
  );
}

/**
 * Saves the edit form. The row is locked for the check and the write, so an order taking the
 * coupon meanwhile waits (and a form opened before another admin's save is refused: `revision`).
 * A used coupon keeps its code and type; max uses cannot go below the uses already made. The
 * storefront reads coupons on every check (no cache), so the next cart or checkout follows.
 */
export function updateCoupon(
  id: string,
  input: CouponInput,
  actor?: AuditActor,
): Promise<CouponSaveResult> {
  if (!isUuid(id))
    return Promise.resolve({ ok: false, status: 404, errors: { form: COUPON_NOT_FOUND } });
  return saving(input.code, () =>
    db().transaction(async (tx) => {
      const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
      if (!current)
        return { ok: false as const, status: 404 as const, errors: { form: COUPON_NOT_FOUND } };
      if (input.revision !== null && input.revision !== current.revision)
        return { ok: false as const, status: 409 as const, errors: { form: COUPON_STALE } };
      const errors: FormErrors = {};
      if (await isUsed(tx, current)) {
        if (input.code.toLowerCase() !== current.code.toLowerCase())
          errors.code = USED_COUPON_LOCKED;
        if (input.type !== current.type) errors.type = USED_COUPON_LOCKED;
        if (errors.code || errors.type) return { ok: false as const, status: 409 as const, errors };
      }
      if (input.maxUses !== null && input.maxUses < current.usedCount)
        errors.maxUses = `This coupon has already been used ${countText(current.usedCount, "time")}: max uses cannot be lower.`;
      if (
        input.code.toLowerCase() !== current.code.toLowerCase() &&
        (await codeTaken(tx, input.code, id))
      )
        Object.assign(errors, duplicate(input.code));
      if (Object.keys(errors).length > 0)
        return { ok: false as const, status: 400 as const, errors };
      await tx
        .update(coupons)
        .set({
          ...columns(input),
          revision: sql`${coupons.revision} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(coupons.id, id));
      if (input.code !== current.code)
        await tx
          .update(announcements)
          .set({ couponCode: input.code })
          .where(eq(sql`lower(${announcements.couponCode})`, current.code.toLowerCase()));
      const after = columns(input);
      const changes: Record<string, unknown> = changedFields(
        current,
        after,
        Object.keys(after) as (keyof typeof after)[],
      );
      // A value reads by its type (10% or $10.00): the type goes with a changed value.
      if (changes.value && !changes.type) changes.type = after.type;
      await auditCoupon(tx, actor, "update", { id, code: input.code }, changes);
      return { ok: true as const, id, code: input.code };
    }),
  ).then(invalidatesPages("coupon saved"));
}

type CouponActionResult =
  { ok: true; code: string } | { ok: false; status: 404 | 409; message: string };

/** Switches a coupon on or off (allowed for used coupons too); checkout follows at once. */
export async function setCouponActive(
  id: string,
  active: boolean,
  actor?: AuditActor,
): Promise<CouponActionResult> {
  const result = await db().transaction(async (tx): Promise<CouponActionResult> => {
    const [row] = await tx
      .update(coupons)
      .set({ isActive: active, revision: sql`${coupons.revision} + 1`, updatedAt: new Date() })
      .where(eq(coupons.id, id))
      .returning({ code: coupons.code });
    if (!row) return { ok: false, status: 404, message: COUPON_NOT_FOUND };
    await auditCoupon(tx, actor, "update", { id, code: row.code }, { isActive: [!active, active] });
    return { ok: true as const, code: row.code };
  });
  // The announcement bar is hidden while the code it offers is switched off.
  return invalidatesPages("coupon switched")(result);
}

/**
 * Deletes a coupon nobody has used. A used one is refused (its orders and counts refer to it):
 * deactivate it instead. The announcement bar stops naming a deleted code.
 */
export async function deleteCoupon(id: string, actor?: AuditActor): Promise<CouponActionResult> {
  const result = await db().transaction(async (tx) => {
    const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!current) return { ok: false as const, status: 404 as const, message: COUPON_NOT_FOUND };
    if (await isUsed(tx, current))
      return {
        ok: false as const,
        status: 409 as const,
        message: `${current.code} has been used, so it cannot be deleted. Deactivate it instead.`,
      };
    await tx.delete(coupons).where(eq(coupons.id, id));
    await tx
      .update(announcements)
      .set({ couponCode: null })
      .where(eq(sql`lower(${announcements.couponCode})`, current.code.toLowerCase()));
    await auditCoupon(tx, actor, "delete", current, null);
    return { ok: true as const, code: current.code };
  });
  return invalidatesPages("coupon deleted")(result);
}
