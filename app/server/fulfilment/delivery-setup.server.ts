import { asc, eq } from "drizzle-orm";
import { windowName, type DeliveryWindow, type DeliveryZone } from "~/lib/fulfilment";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit-log.server";
import { db, type Executor } from "../db.server";
import { deliveryWindows, deliveryZones } from "../db-tables";
// The owner's delivery zones and weekly windows (Settings → Delivery zones & windows), each change
// audited in its transaction (area settings).

export async function listDeliveryZones(executor: Executor = db()): Promise<DeliveryZone[]> {
  return executor
    .select({
      id: deliveryZones.id,
      name: deliveryZones.name,
      prefixes: deliveryZones.prefixes,
      feeCents: deliveryZones.feeCents,
      minimumOrderCents: deliveryZones.minimumOrderCents,
    })
    .from(deliveryZones)
    .orderBy(asc(deliveryZones.name));
}

export async function listDeliveryWindows(executor: Executor = db()): Promise<DeliveryWindow[]> {
  return executor
    .select({
      id: deliveryWindows.id,
      weekday: deliveryWindows.weekday,
      starts: deliveryWindows.starts,
      ends: deliveryWindows.ends,
      capacity: deliveryWindows.capacity,
    })
    .from(deliveryWindows)
    .orderBy(asc(deliveryWindows.weekday), asc(deliveryWindows.starts));
}

interface ZoneInput {
  id?: string;
  name: string;
  prefixes: string[];
  feeCents: number;
  minimumOrderCents: number;
}

const zoneRecord = (id: string, name: string) => ({ type: "delivery-zone", id, label: name });

/** Adds a zone, or saves an existing one's fields; false when the zone to edit is gone. */
export async function saveDeliveryZone(input: ZoneInput, actor: AuditActor): Promise<boolean> {
  const { id, ...fields } = input;
  return db().transaction(async (tx) => {
    if (!id) {
      const [made] = await tx
        .insert(deliveryZones)
        .values(fields)
        .returning({ id: deliveryZones.id });
      await recordAudit(tx, {
        actor,
        area: "settings",
        action: "create",
        record: zoneRecord(made!.id, fields.name),
        changes: fields,
      });
      return true;
    }
    const [before] = await tx
      .select()
      .from(deliveryZones)
      .where(eq(deliveryZones.id, id))
      .for("update");
    if (!before) return false;
    await tx
      .update(deliveryZones)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(deliveryZones.id, id));
    await recordAudit(tx, {
      actor,
      area: "settings",
      action: "update",
      record: zoneRecord(id, fields.name),
      changes: changedFields(before, fields, ["name", "prefixes", "feeCents", "minimumOrderCents"]),
    });
    return true;
  });
}

export async function deleteDeliveryZone(id: string, actor: AuditActor): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [gone] = await tx
      .delete(deliveryZones)
      .where(eq(deliveryZones.id, id))
      .returning({ name: deliveryZones.name });
    if (gone)
      await recordAudit(tx, {
        actor,
        area: "settings",
        action: "delete",
        record: zoneRecord(id, gone.name),
      });
    return Boolean(gone);
  });
}

/** Adds a weekly window. Orders already booked keep their day and times. */
export async function addDeliveryWindow(
  input: Omit<DeliveryWindow, "id">,
  actor: AuditActor,
): Promise<void> {
  await db().transaction(async (tx) => {
    const [made] = await tx
      .insert(deliveryWindows)
      .values(input)
      .returning({ id: deliveryWindows.id });
    await recordAudit(tx, {
      actor,
      area: "settings",
      action: "create",
      record: { type: "delivery-window", id: made!.id, label: windowName(input) },
      changes: input,
    });
  });
}

/** Removes a weekly window; orders booked in it keep their day and times. */
export async function deleteDeliveryWindow(id: string, actor: AuditActor): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [gone] = await tx.delete(deliveryWindows).where(eq(deliveryWindows.id, id)).returning();
    if (gone)
      await recordAudit(tx, {
        actor,
        area: "settings",
        action: "delete",
        record: { type: "delivery-window", id, label: windowName(gone) },
      });
    return Boolean(gone);
  });
}
