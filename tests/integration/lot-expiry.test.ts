import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_EXPIRY_WARNING_DAYS } from "~/lib/lots";
import * as settingsRoute from "~/routes/admin/settings/store";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { db } from "~/server/db.server";
import {
  dailyJobs,
  emailOutbox,
  stockLots,
  storeSettings as settingsTable,
} from "~/server/db-tables";
import {
  expiringLots,
  expiringLotsQuery,
  LOT_EXPIRY_JOB,
  LOT_EXPIRY_KIND,
  sendDailyLotExpiryEmail,
} from "~/server/inventory/lot-expiry.server";
import { saveSettingsSection, storeSettings } from "~/server/settings/store-settings.server";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";
import { createProduct } from "./checkout-factories";

// 9:00 a.m. in Vancouver (UTC−7 in June): after the default hour, 8:00.
const NOW = new Date("2026-06-10T16:00:00Z");
const TODAY = "2026-06-10";
const DAY = 86_400_000;
const STAFF = ["owner@budz.example", "floor@budz.example"];

beforeEach(resetDatabase);

async function outbox() {
  return db().select().from(emailOutbox).where(eq(emailOutbox.kind, LOT_EXPIRY_KIND));
}

type Product = Awaited<ReturnType<typeof createProduct>>;

/** A lot of a size (or of a product without sizes) with stock, as the ledger would leave it. */
async function lot(
  product: Product,
  size: number | null,
  lotNumber: string,
  expiresOn: string | null,
  onHand: number,
  extra: { recalledAt?: Date } = {},
) {
  await db()
    .insert(stockLots)
    .values({
      productId: product.product.id,
      variationId: size === null ? null : product.variations[size]!.id,
      lotNumber,
      expiresOn,
      onHand,
      recalledAt: extra.recalledAt ?? null,
    });
}

/** Lots expiring soon, expired, and those the warning leaves out. */
async function lotStore() {
  const blueDream = await createProduct({
    name: "Blue Dream",
    variations: [
      { size: "3.5", priceCents: 3000, stock: 0 },
      { size: "7", priceCents: 5500, stock: 0 },
    ],
  });
  const gummies = await createProduct({ name: "Sour Gummies", stock: 0 });
  await lot(blueDream, 1, "BD-7-01", "2026-06-20", 4);
  await lot(blueDream, 0, "BD-35-01", "2026-06-20", 6);
  await lot(gummies, null, "GUM-OLD", "2026-06-01", 3); // expired, still in stock
  await lot(gummies, null, "GUM-EDGE", "2026-07-10", 2); // exactly 30 days ahead
  // Left out: beyond 30 days, recalled, empty, no expiry date.
  await lot(gummies, null, "GUM-LATER", "2026-07-11", 9);
  await lot(blueDream, 0, "BD-RECALLED", "2026-06-12", 0, { recalledAt: new Date() });
  await lot(blueDream, 1, "BD-EMPTY", "2026-06-11", 0);
  await lot(blueDream, 1, "BD-NODATE", null, 5);
  return { blueDream, gummies };
}

describe("lots expiring", () => {
  it("lists lots with stock expiring within the days and those expired, by expiry date", async () => {
    const { blueDream, gummies } = await lotStore();
    expect(await expiringLots(30, TODAY)).toEqual([
      expect.objectContaining({
        productId: gummies.product.id,
        productName: "Sour Gummies",
        size: null,
        lotNumber: "GUM-OLD",
        expiresOn: "2026-06-01",
        onHand: 3,
        expired: true,
      }),
      expect.objectContaining({
        productId: blueDream.product.id,
        size: "3.5g",
        lotNumber: "BD-35-01",
        expiresOn: "2026-06-20",
        onHand: 6,
        expired: false,
      }),
      expect.objectContaining({ size: "7g", lotNumber: "BD-7-01", onHand: 4, expired: false }),
      expect.objectContaining({ lotNumber: "GUM-EDGE", expiresOn: "2026-07-10", expired: false }),
    ]);
    expect((await expiringLots(5, TODAY)).map((l) => l.lotNumber)).toEqual(["GUM-OLD"]);
  });

  it("reads through the expiry index", async () => {
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(
        sql`explain ${expiringLotsQuery("2026-07-10", tx)}`,
      )) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join("\n");
    });
    expect(plan).toMatch(/stock_lots_expires_idx/);
  });
});

describe("the daily lot expiry email", () => {
  it("is queued once a day for each staff address, even when runs race", async () => {
    await lotStore();
    const runs = await Promise.all(
      Array.from({ length: 6 }, () =>
        sendDailyLotExpiryEmail({ now: NOW, recipients: STAFF, days: 30 }),
      ),
    );
    expect(runs.filter((run) => run.sent)).toEqual([
      { sent: true, recipients: 2, lots: 4, day: TODAY },
    ]);
    expect(runs.filter((run) => !run.sent).map((run) => !run.sent && run.reason)).toEqual(
      Array(5).fill("already sent"),
    );
    expect((await outbox()).map((m) => m.toAddress).sort()).toEqual([...STAFF].sort());
    expect(await db().select().from(dailyJobs)).toEqual([
      expect.objectContaining({ name: LOT_EXPIRY_JOB, day: TODAY }),
    ]);
    // Run again later that day: nothing more. The next day: once again.
    expect(
      await sendDailyLotExpiryEmail({
        now: new Date(NOW.getTime() + 3_600_000),
        recipients: STAFF,
        days: 30,
      }),
    ).toEqual({ sent: false, reason: "already sent" });
    const tomorrow = new Date(NOW.getTime() + DAY);
    const next = await Promise.all([
      sendDailyLotExpiryEmail({ now: tomorrow, recipients: STAFF, days: 30 }),
      sendDailyLotExpiryEmail({ now: tomorrow, recipients: STAFF, days: 30 }),
    ]);
    expect(next.filter((run) => run.sent)).toHaveLength(1);
    expect(await outbox()).toHaveLength(4);
  });

  it("lists product, size, lot, expiry and on hand, linked to the product's admin page", async () => {
    const { blueDream } = await lotStore();
    await sendDailyLotExpiryEmail({ now: NOW, recipients: ["owner@budz.example"], days: 30 });
    const [email] = await outbox();
    expect(email!.subject).toBe("3 lots expire within 30 days; 1 expired lot still has stock");
    expect(email!.text).toContain(
      "- Sour Gummies: lot GUM-OLD, expires Jun 1, 2026 (expired), 3 on hand",
    );
    expect(email!.text).toContain(
      "- Blue Dream, 3.5g: lot BD-35-01, expires Jun 20, 2026, 6 on hand",
    );
    expect(email!.text).toContain(`/budzadmin/dashboard/products/${blueDream.product.id}`);
    expect(email!.text).not.toMatch(/GUM-LATER|BD-RECALLED|BD-EMPTY|BD-NODATE/);
    const order = ["GUM-OLD", "BD-35-01", "BD-7-01", "GUM-EDGE"].map((n) =>
      email!.text!.indexOf(n),
    );
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(email!.html).toContain(`/budzadmin/dashboard/products/${blueDream.product.id}`);
    expect(email!.html).toContain("BD-7-01");
  });

  it("sends nothing when no lot expires within the days, and claims no day", async () => {
    const product = await createProduct({ name: "Plenty Kush", stock: 0 });
    await lot(product, null, "PK-1", "2027-01-01", 10);
    expect(await sendDailyLotExpiryEmail({ now: NOW, recipients: STAFF, days: 30 })).toEqual({
      sent: false,
      reason: "nothing expiring",
    });
    expect(await outbox()).toEqual([]);
    expect(await db().select().from(dailyJobs)).toEqual([]);
  });

  it("is off when the setting is 0, and reads its days and recipients from Settings", async () => {
    await lotStore();
    const { notifications } = await storeSettings();
    expect(notifications.lotExpiryWarningDays).toBe(DEFAULT_EXPIRY_WARNING_DAYS);
    await saveSettingsSection("notifications", {
      ...notifications,
      lowStockEmails: ["owner@budz.example"],
      lotExpiryWarningDays: 0,
    });
    expect(await sendDailyLotExpiryEmail({ now: NOW })).toEqual({
      sent: false,
      reason: "turned off",
    });
    expect(await outbox()).toEqual([]);
    await saveSettingsSection("notifications", {
      ...notifications,
      lowStockEmails: ["owner@budz.example"],
      lotExpiryWarningDays: 5,
    });
    expect(await sendDailyLotExpiryEmail({ now: NOW })).toEqual({
      sent: true,
      recipients: 1,
      lots: 1,
      day: TODAY,
    });
    expect((await outbox())[0]!.subject).toBe("1 expired lot still has stock");
  });

  it("waits for the hour and for recipients", async () => {
    await lotStore();
    const early = new Date("2026-06-10T14:59:00Z");
    expect(await sendDailyLotExpiryEmail({ now: early, recipients: STAFF, days: 30 })).toEqual({
      sent: false,
      reason: "before the hour",
    });
    expect(await sendDailyLotExpiryEmail({ now: NOW, recipients: [], days: 30 })).toEqual({
      sent: false,
      reason: "no recipients",
    });
  });
});

describe("the expiry warning setting", () => {
  let cookie: string;
  beforeEach(async () => {
    const owner = await createAdminUser({
      username: "owner",
      password: "owner-pass-1",
      role: "owner",
    });
    cookie = (await createAdminSession({ userId: owner.id })).split(";")[0]!;
  });

  const post = (fields: Record<string, string>) =>
    callRoute(
      settingsRoute,
      "action",
      new Request("http://store.test/budzadmin/dashboard/settings", {
        method: "POST",
        headers: { Cookie: cookie, Origin: "http://store.test" },
        body: new URLSearchParams({ intent: "notifications", ...fields }),
      }),
    );

  it.each(["366", "-1", "7.5", "soon", ""])(
    "refuses %j with a 400 and its message",
    async (days) => {
      await storeSettings();
      const before = await db().select().from(settingsTable).orderBy(settingsTable.key);
      const reply = (await post({ lotExpiryWarningDays: days })) as {
        init: { status: number };
        data: { errors: Record<string, string> };
      };
      expect(reply.init.status).toBe(400);
      expect(reply.data.errors).toEqual({
        lotExpiryWarningDays:
          days === ""
            ? "Lot expiry warning is required"
            : "Lot expiry warning must be a whole number of days from 0 to 365",
      });
      expect(await db().select().from(settingsTable).orderBy(settingsTable.key)).toEqual(before);
    },
  );

  it.each([
    ["0", 0],
    ["1", 1],
    [" 45 ", 45],
    ["365", 365],
  ])("stores %j as %i days", async (days, stored) => {
    const response = (await post({ lotExpiryWarningDays: days })) as Response;
    expect(response.status).toBe(302);
    expect((await storeSettings()).notifications.lotExpiryWarningDays).toBe(stored);
  });

  it("reads a stored section from before the setting as the default", async () => {
    await storeSettings();
    await db()
      .update(settingsTable)
      .set({ value: { newOrderEmails: [], dailySummaryEmails: [], lowStockEmails: [] } })
      .where(eq(settingsTable.key, "notifications"));
    await saveSettingsSection("store", (await storeSettings()).store);
    expect((await storeSettings()).notifications.lotExpiryWarningDays).toBe(30);
  });
});
