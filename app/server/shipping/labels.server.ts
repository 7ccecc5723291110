import crypto from "node:crypto";
import { and, eq, isNull, or, type Column, type SQL } from "drizzle-orm";
import { PROVINCES } from "~/lib/address";
import { isUuid } from "~/lib/ids";
import { recordedParcel } from "~/lib/parcel";
import { statusName } from "~/lib/order-status";
import { addressLines } from "~/lib/store-settings";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { db } from "../db.server";
import { logger } from "../logger.server";
import { orders, shipments } from "../db-tables";
import { parcelOfOrder } from "../orders/parcel.server";
import { labelStorage } from "../images/storage.server";
import { BucketError } from "../object-storage/bucket.server";
import { storeSettings } from "../settings/store-settings.server";
import { connectedAccount, type ConnectedAccount } from "../canada-post/account.server";
import {
  CanadaPostError,
  createShipment,
  getLabel,
  voidShipment,
  type Address,
} from "../canada-post/api.server";

/**
 * Canada Post labels bought from the Shipping screen (docs/product: Labels). A label is bought
 * while the parcel is being prepared: it stores the label PDF under DATA_DIR/labels (or labels/ in the bucket) and puts its
 * tracking number on the shipment; shipping the parcel stays the Ship dialog's step. A label can be
 * voided until the parcel ships.
 *
 * One label per shipment: buying starts with one guarded UPDATE (the claim: label_state 'buying'
 * and a fresh unique label_key, only from no label, a voided one or a failed one that left nothing
 * at Canada Post), so a double click or two staff at once buy one label.
 */

export const NOT_CONNECTED = "Connect Canada Post in Settings → Shipping to buy labels.";
export const STORE_ADDRESS_MISSING =
  "Add the store's phone and address (street, city, province and postal code) in Settings → Store: Canada Post prints them on the label as the sender.";
const REFUND_EMAIL_MISSING =
  "Add the store's email in Settings → Store: Canada Post sends the refund confirmation there.";

/** How long one Canada Post call may take. */
const CALL_TIMEOUT_MS = 20_000;
/** Labels bought at once (Canada Post throttles creating shipments and downloading labels). */
const AT_ONCE = 3;

export interface LabelResult {
  shipmentId: string;
  /** Null when the shipment is unknown. */
  orderNumber: string | null;
  ok: boolean;
  message: string;
}

interface Options {
  /** Each Canada Post call's limit (tests shorten it). */
  timeoutMs?: number;
}

// ---------------------------------------------------------------------------------------------
// Files

function labelKey(fileName: string): string {
  // Stored names are `<uuid>.pdf`; anything else is not ours to read or delete.
  if (!/^[0-9a-f-]{36}\.pdf$/i.test(fileName)) throw new Error(`Not a label file: ${fileName}`);
  return fileName;
}

/** Stores a label PDF (DATA_DIR/labels, or labels/ in the bucket with STORAGE=s3). */
async function writeLabel(shipmentId: string, pdf: Buffer): Promise<string> {
  const fileName = `${shipmentId}.pdf`;
  await labelStorage().put(labelKey(fileName), pdf, { contentType: "application/pdf" });
  return fileName;
}

async function removeLabel(fileName: string | null): Promise<void> {
  if (!fileName) return;
  await labelStorage()
    .remove(labelKey(fileName))
    .catch((error: unknown) => {
      logger.warn({ err: error, fileName }, "label file not removed");
    });
}

// ---------------------------------------------------------------------------------------------
// The sender

const POSTAL_CODE = /\b([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])[ -]?(\d[ABCEGHJ-NPRSTV-Z]\d)\b/i;

/**
 * The store's address as Canada Post wants it, from the one text the owner types ("123 Main St,
 * Vancouver BC V6B 1A1", on one line or several): the postal code, the province (code or name)
 * before it, the city before that, the street first. Null when a part is missing.
 */
export function parseStoreAddress(
  address: string | null,
): Pick<Address, "street" | "city" | "province" | "postalCode"> | null {
  const text = addressLines(address).join(", ");
  const postal = POSTAL_CODE.exec(text);
  if (!postal) return null;
  const postalCode = `${postal[1]} ${postal[2]}`.toUpperCase();
  let before = text.slice(0, postal.index).replace(/[\s,]+$/, "");
  const province = PROVINCES.find((p) => {
    for (const name of [p.code, p.name]) {
      const match = new RegExp(`(?:^|[\\s,])${name}\\.?$`, "i").exec(before);
      if (match) {
        before = before.slice(0, match.index).replace(/[\s,]+$/, "");
        return true;
      }
    }
    return false;
  });
  if (!province) return null;
  const parts = before
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 2) return null;
  const city = parts.pop()!;
  return { street: parts.join(", "), city, province: province.code, postalCode };
}

// ---------------------------------------------------------------------------------------------
// Buying

/** A shipment with what its label needs of its order. */
async function labelRecord(shipmentId: string) {
  const [row] = await db()
    .select({
      id: shipments.id,
      status: shipments.status,
      labelState: shipments.labelState,
      labelKey: shipments.labelKey,
      labelError: shipments.labelError,
      labelShipmentId: shipments.labelShipmentId,
      labelVoidUrl: shipments.labelVoidUrl,
      labelFile: shipments.labelFile,
      trackingNumber: shipments.trackingNumber,
      weightGrams: shipments.weightGrams,
      recordedProofOfAge: shipments.proofOfAge,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      orderStatus: orders.status,
      fulfilmentMethod: orders.fulfilmentMethod,
      parcelService: orders.parcelService,
      email: orders.email,
      phone: orders.phone,
      shippingName: orders.shippingName,
      shippingStreet: orders.shippingStreet,
      shippingCity: orders.shippingCity,
      shippingProvince: orders.shippingProvince,
      shippingPostalCode: orders.shippingPostalCode,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.id, shipmentId));
  return row;
}
type LabelRecord = NonNullable<Awaited<ReturnType<typeof labelRecord>>>;

const sameOrNull = (column: Column, value: string | null): SQL =>
  value === null ? isNull(column) : eq(column, value);

/** Why a shipment that could not be claimed has no new label. */
function notClaimable(record: LabelRecord): string {
  const order = `Order ${record.orderNumber}`;
  if (record.status !== "preparing")
    return `${order} is not being prepared (its parcel is ${statusName(record.status)}): a label is bought before the parcel ships.`;
  if (record.labelState === "bought") return `${order} already has a label.`;
  if (record.labelState === "buying")
    return `${order}: its label is being bought right now. Reload the page in a moment.`;
  if (record.labelState === "failed" && record.labelShipmentId)
    return `${order} has a label Canada Post created but we could not download: void it before buying another.`;
  return `${order}: its label changed while you were buying it. Reload the page and try again.`;
}

/** The order's parcel weight and Proof of Age code, or why the label cannot be bought yet. */
async function parcelOf(
  record: LabelRecord,
): Promise<{ grams: number; proofOfAge: "PA18" | "PA19" } | string> {
  const parcel = await parcelOfOrder(db(), record.orderId);
  if (!parcel) return `Order ${record.orderNumber} is not sent by Canada Post.`;
  const recorded = recordedParcel(parcel, {
    proofOfAge: record.recordedProofOfAge,
    weightGrams: record.weightGrams,
  });
  if (recorded.missing.length > 0)
    return `Weigh the parcel of order ${record.orderNumber}: no packed weight for ${recorded.missing.join(", ")}; enter packed weights first.`;
  if (recorded.proofOfAge !== "PA18" && recorded.proofOfAge !== "PA19")
    return `Order ${record.orderNumber} has no Proof of Age option (PA18 or PA19) for its label.`;
  return { grams: recorded.grams, proofOfAge: recorded.proofOfAge };
}

async function sender(connected: ConnectedAccount): Promise<Address | string> {
  const { store } = await storeSettings();
  const address = parseStoreAddress(store.address);
  if (!address || !store.phone) return STORE_ADDRESS_MISSING;
  return {
    name: store.name,
    company: store.name,
    phone: store.phone,
    ...address,
    // Where Canada Post picks the parcel up or it is dropped off: the account's origin.
    postalCode: connected.originPostalCode,
  };
}

/** Puts a claimed shipment back as it was (nothing was asked of Canada Post). */
async function release(record: LabelRecord, key: string): Promise<void> {
  await db()
    .update(shipments)
    .set({
      labelState: record.labelState,
      labelKey: record.labelKey,
      labelError: record.labelError,
    })
    .where(and(eq(shipments.id, record.id), eq(shipments.labelKey, key)));
}

async function markFailed(
  record: LabelRecord,
  key: string,
  message: string,
  created?: { shipmentId: string; voidUrl: string | null },
): Promise<void> {
  await db()
    .update(shipments)
    .set({
      labelState: "failed",
      labelError: message,
      labelShipmentId: created?.shipmentId ?? null,
      labelVoidUrl: created?.voidUrl ?? null,
      labelFile: null,
      updatedAt: new Date(),
    })
    .where(and(eq(shipments.id, record.id), eq(shipments.labelKey, key)));
}

/** What buying needs (or why the label cannot be bought yet). */
async function readyToBuy(record: LabelRecord, connected: ConnectedAccount | null) {
  if (!connected) return NOT_CONNECTED;
  if (record.fulfilmentMethod !== "parcel")
    return `Order ${record.orderNumber} is not sent by Canada Post: it has no label.`;
  const parcel = await parcelOf(record);
  if (typeof parcel === "string") return parcel;
  const from = await sender(connected);
  if (typeof from === "string") return from;
  // The service the shopper chose when rates were live, else the first the store offers.
  const service = record.parcelService ?? connected.services[0] ?? "DOM.RP";
  return { account: connected.account, parcel, from, service };
}

function failureText(error: unknown): string {
  if (error instanceof CanadaPostError) {
    if (error.kind === "timeout")
      return `${error.message} Canada Post may still have created the label: check your Canada Post account before trying again.`;
    return error.message;
  }
  if (error instanceof BucketError) return `The label PDF could not be stored: ${error.message}`;
  return "Something went wrong while buying the label.";
}

async function createLabel(
  shipmentId: string,
  connected: ConnectedAccount | null,
  actor: AuditActor,
  options: Options,
): Promise<LabelResult> {
  const refused = (orderNumber: string | null, message: string): LabelResult => ({
    shipmentId,
    orderNumber,
    ok: false,
    message,
  });
  const record = isUuid(shipmentId) ? await labelRecord(shipmentId) : undefined;
  if (!record) return refused(null, "This shipment does not exist (the order may be cancelled).");
  const order = record.orderNumber;

  // 1. The claim: one guarded UPDATE, so one label is bought however many ask at once.
  const key = crypto.randomBytes(16).toString("base64url"); // 22 characters
  const claimed = await db()
    .update(shipments)
    .set({ labelState: "buying", labelKey: key, labelError: null })
    .where(
      and(
        eq(shipments.id, record.id),
        eq(shipments.status, "preparing"),
        or(
          isNull(shipments.labelState),
          eq(shipments.labelState, "voided"),
          and(eq(shipments.labelState, "failed"), isNull(shipments.labelShipmentId)),
        ),
        // As read: what a refusal puts back.
        sameOrNull(shipments.labelState, record.labelState),
        sameOrNull(shipments.labelKey, record.labelKey),
      ),
    )
    .returning({ id: shipments.id });
  if (claimed.length === 0) {
    const now = await labelRecord(record.id);
    return refused(order, now ? notClaimable(now) : `Order ${order} no longer has a shipment.`);
  }

  let created: { shipmentId: string; voidUrl: string | null } | undefined;
  try {
    // 2. What Canada Post needs, checked before it is asked (a refusal puts the claim back).
    const ready = await readyToBuy(record, connected);
    if (typeof ready === "string") {
      await release(record, key);
      return refused(order, ready);
    }
    const { account, parcel, from, service } = ready;
    const timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS;

    // 3. The label.
    const shipment = await createShipment(
      account,
      {
        key,
        orderNumber: order,
        serviceCode: service,
        sender: from,
        destination: {
          name: record.shippingName,
          phone: record.phone,
          email: record.email,
          street: record.shippingStreet,
          city: record.shippingCity,
          province: record.shippingProvince,
          postalCode: record.shippingPostalCode,
        },
        weightGrams: parcel.grams,
        proofOfAge: parcel.proofOfAge,
        signature: true,
      },
      { timeoutMs },
    );
    created = { shipmentId: shipment.shipmentId, voidUrl: shipment.voidUrl };

    // 4. Its PDF on disk, then the shipment says so (with its audit entry) in one transaction.
    const pdf = await getLabel(account, shipment.labelUrl, { timeoutMs });
    const labelFile = await writeLabel(record.id, pdf);
    const boughtAt = new Date();
    const saved = await db().transaction(async (tx) => {
      const rows = await tx
        .update(shipments)
        .set({
          labelState: "bought",
          labelError: null,
          trackingNumber: shipment.trackingPin,
          labelShipmentId: shipment.shipmentId,
          labelVoidUrl: shipment.voidUrl,
          labelFile,
          labelBoughtAt: boughtAt,
          updatedAt: boughtAt,
        })
        .where(and(eq(shipments.id, record.id), eq(shipments.labelKey, key)))
        .returning({ id: shipments.id });
      if (rows.length === 0) return false;
      await recordAudit(tx, {
        actor,
        area: "orders",
        action: "create",
        record: { type: "order", id: order, label: `Order ${order}` },
        changes: {
          label: {
            carrier: "Canada Post",
            service,
            trackingNumber: shipment.trackingPin,
            shipmentId: shipment.shipmentId,
            weightGrams: parcel.grams,
            proofOfAge: parcel.proofOfAge,
          },
        },
      });
      return true;
    });
    if (!saved) {
      // The order was cancelled (its shipment deleted) while Canada Post answered.
      logger.warn({ orderNumber: order, labelShipmentId: shipment.shipmentId }, "label orphaned");
      await removeLabel(labelFile);
      return refused(
        order,
        `Order ${order} changed while its label was bought (Canada Post shipment ${shipment.shipmentId}): void that label in your Canada Post account.`,
      );
    }
    logger.info({ orderNumber: order, actor: actor.name }, "label bought");
    return {
      shipmentId,
      orderNumber: order,
      ok: true,
      message: `Order ${order}: label bought, tracking number ${shipment.trackingPin}.`,
    };
  } catch (error) {
    if (!(error instanceof CanadaPostError) && !(error instanceof BucketError))
      logger.error({ err: error, orderNumber: order }, "label not bought");
    const reason = failureText(error);
    const message = created
      ? `Canada Post created the label (shipment ${created.shipmentId}) but it could not be saved: ${reason} Void it, then create it again.`
      : reason;
    await markFailed(record, key, message, created);
    return refused(order, `Order ${order}: ${message}`);
  }
}

/** Runs `work` over `items`, at most `limit` at a time, answers in the items' order. */
async function inTurns<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Buys the labels of these shipments (each once, a few at a time): one result each, in order. */
export async function createLabels(
  input: { shipmentIds: readonly string[]; actor: AuditActor },
  options: Options = {},
): Promise<LabelResult[]> {
  const ids = [...new Set(input.shipmentIds)];
  if (ids.length === 0) return [];
  const connected = await connectedAccount();
  return inTurns(ids, AT_ONCE, (id) => createLabel(id, connected, input.actor, options));
}

/** "Labels bought for 3 orders; 1 refused: Order BBS-… already has a label." */
export function labelsSummary(results: readonly LabelResult[]): string {
  const bought = results.filter((r) => r.ok);
  const refused = results.filter((r) => !r.ok);
  const parts: string[] = [];
  if (bought.length === 1 && refused.length === 0) return bought[0]!.message;
  if (bought.length > 0)
    parts.push(
      `Labels bought for ${bought.length} order${bought.length === 1 ? "" : "s"} (${bought.map((r) => r.orderNumber).join(", ")})`,
    );
  if (refused.length > 0) {
    const reasons = refused.map((r) => r.message).join(" ");
    parts.push(bought.length > 0 ? `${refused.length} refused: ${reasons}` : reasons);
  }
  return parts.join("; ");
}

// ---------------------------------------------------------------------------------------------
// Voiding

/** Cancels a shipment's label (refunded by Canada Post); the result's message says what happened. */
export async function voidLabel(
  input: { shipmentId: string; actor: AuditActor },
  options: Options = {},
): Promise<LabelResult> {
  const { shipmentId } = input;
  const record = isUuid(shipmentId) ? await labelRecord(shipmentId) : undefined;
  if (!record)
    return {
      shipmentId,
      orderNumber: null,
      ok: false,
      message: "This shipment does not exist (the order may be cancelled).",
    };
  const order = record.orderNumber;
  const refused = (message: string): LabelResult => ({
    shipmentId,
    orderNumber: order,
    ok: false,
    message,
  });
  const voidable =
    record.labelState === "bought" ||
    (record.labelState === "failed" && record.labelShipmentId !== null);
  if (!voidable || !record.labelShipmentId) return refused(`Order ${order} has no label to void.`);
  if (record.status !== "preparing")
    return refused(
      `Order ${order}'s parcel is ${statusName(record.status)}: its label can no longer be voided.`,
    );
  const connected = await connectedAccount();
  if (!connected) return refused(NOT_CONNECTED.replace("buy labels", "void labels"));
  const { store } = await storeSettings();
  if (connected.account.contractId === null && !store.email) return refused(REFUND_EMAIL_MISSING);

  try {
    await voidShipment(
      connected.account,
      {
        shipmentId: record.labelShipmentId,
        voidUrl: record.labelVoidUrl,
        refundEmail: store.email,
      },
      { timeoutMs: options.timeoutMs ?? CALL_TIMEOUT_MS },
    );
  } catch (error) {
    if (!(error instanceof CanadaPostError)) {
      logger.error({ err: error, orderNumber: order }, "label not voided");
      return refused(`Order ${order}: the label could not be voided. Nothing was changed.`);
    }
    return refused(`Order ${order}: ${error.message} The label was not voided.`);
  }

  const now = new Date();
  const voided = await db().transaction(async (tx) => {
    const rows = await tx
      .update(shipments)
      .set({
        labelState: "voided",
        labelError: null,
        labelFile: null,
        trackingNumber: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(shipments.id, record.id),
          eq(shipments.status, "preparing"),
          sameOrNull(shipments.labelKey, record.labelKey),
          sameOrNull(shipments.labelState, record.labelState),
        ),
      )
      .returning({ id: shipments.id });
    if (rows.length === 0) return false;
    await recordAudit(tx, {
      actor: input.actor,
      area: "orders",
      action: "delete",
      record: { type: "order", id: order, label: `Order ${order}` },
      changes: {
        label: {
          carrier: "Canada Post",
          voided: true,
          trackingNumber: record.trackingNumber,
          shipmentId: record.labelShipmentId,
        },
      },
    });
    return true;
  });
  if (!voided) {
    logger.warn({ orderNumber: order }, "label voided at Canada Post but the shipment changed");
    return refused(
      `Order ${order}: Canada Post voided the label, but the shipment changed meanwhile. Reload the page and check it.`,
    );
  }
  await removeLabel(record.labelFile);
  logger.info({ orderNumber: order, actor: input.actor.name }, "label voided");
  return {
    shipmentId,
    orderNumber: order,
    ok: true,
    message: `Order ${order}: label voided. Canada Post refunds it.`,
  };
}

// ---------------------------------------------------------------------------------------------
// Printing

/** A bought label's PDF with its order number; null when there is none. */
export async function labelDownload(
  shipmentId: string,
): Promise<{ pdf: Buffer; orderNumber: string } | null> {
  if (!isUuid(shipmentId)) return null;
  const [row] = await db()
    .select({
      labelState: shipments.labelState,
      labelFile: shipments.labelFile,
      orderNumber: orders.orderNumber,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.id, shipmentId));
  if (!row || row.labelState !== "bought" || !row.labelFile) return null;
  try {
    const pdf = await labelStorage().read(labelKey(row.labelFile));
    if (!pdf) logger.warn({ shipmentId }, "label file missing");
    return pdf && { pdf, orderNumber: row.orderNumber };
  } catch (error) {
    logger.warn({ err: error, shipmentId }, "label file unreadable");
    return null;
  }
}

/** A bought label's PDF bytes, or null. */
export async function labelPdf(shipmentId: string): Promise<Buffer | null> {
  return (await labelDownload(shipmentId))?.pdf ?? null;
}
