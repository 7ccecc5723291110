import { PROVINCES } from "~/lib/address";
import { DEFAULT_FULFILMENT } from "~/lib/store-settings";
import { bookableWindows } from "~/server/fulfilment/choices.server";
import { addDeliveryWindow, saveDeliveryZone } from "~/server/fulfilment/delivery-setup.server";
import { saveSettingsSection } from "~/server/settings/store-settings.server";
import { testActor } from "../setup/audit";

// Tuesday Dec 1 2026, 11:00 in Vancouver (the store's time zone in tests; UTC−7 from Nov 2026).
export const NOW = new Date("2026-12-01T18:00:00Z");
const EVERY_LETTER = PROVINCES.map((p) => p.postalPrefixes)
  .join("")
  .split("")
  .join(",");

/** A postal code of the province (its first letter, then a fixed rest). */
export const postalCodeOf = (province: (typeof PROVINCES)[number]) =>
  `${province.postalPrefixes[0]}1A 1A1`;

export async function openEverything(options: { capacity?: number; feeCents?: number } = {}) {
  await saveSettingsSection("fulfilment", {
    ...DEFAULT_FULFILMENT,
    parcel: true,
    delivery: true,
    pickup: true,
    pickupAddress: "1 Store Street\nVancouver BC V6B 1A1",
    pickupHours: "Mon-Sat 10AM-8PM",
  });
  await saveDeliveryZone(
    {
      name: "Everywhere",
      prefixes: EVERY_LETTER.split(","),
      feeCents: options.feeCents ?? 800,
      minimumOrderCents: 0,
    },
    testActor(),
  );
  for (let weekday = 1; weekday <= 7; weekday++)
    await addDeliveryWindow(
      { weekday, starts: "16:00", ends: "18:00", capacity: options.capacity ?? 100 },
      testActor(),
    );
}

export const firstWindow = async () => (await bookableWindows(NOW))[0]!;
