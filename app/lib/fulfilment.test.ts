import { describe, expect, it } from "vitest";
import "~/server/time-zones.server";
import { PROVINCE_CODES } from "./address";
import {
  FULFILMENT_CHOICE,
  fulfilmentLine,
  noMethodInProvince,
  formatClock,
  normalizePickupCode,
  parseFsaPrefixes,
  parseWindowKey,
  proofOfAge,
  PROVINCE_LAW,
  provinceMethods,
  upcomingWindows,
  windowLabel,
  windowShortLabel,
  zoneFor,
} from "./fulfilment";

describe("what each province allows", () => {
  it("offers no Canada Post parcel in Ontario and nothing in Quebec", () => {
    expect(provinceMethods("ON", null)).toEqual(["delivery", "pickup"]);
    expect(provinceMethods("QC", null)).toEqual([]);
    expect(provinceMethods("BC", null)).toEqual(["parcel", "delivery", "pickup"]);
  });

  it("lets the owner narrow a province's methods, never widen them", () => {
    expect(provinceMethods("BC", ["delivery"])).toEqual(["delivery"]);
    expect(provinceMethods("ON", ["parcel", "pickup"])).toEqual(["pickup"]);
    expect(provinceMethods("QC", ["parcel", "delivery", "pickup"])).toEqual([]);
  });

  it("keeps records 3 years in Ontario, 6 in Alberta, the longest elsewhere", () => {
    expect(PROVINCE_LAW.ON.recordYears).toBe(3);
    expect(PROVINCE_LAW.AB.recordYears).toBe(6);
    for (const code of PROVINCE_CODES)
      expect(PROVINCE_LAW[code].recordYears).toBeLessThanOrEqual(6);
  });

  it("marks a parcel PA18 where the legal age is 18, PA19 elsewhere", () => {
    expect(proofOfAge(18)).toBe("PA18");
    expect(proofOfAge(19)).toBe("PA19");
    expect(proofOfAge(21)).toBe("PA19");
  });
});

describe("delivery zones", () => {
  it("reads prefixes of one to three characters and names the malformed ones", () => {
    expect(parseFsaPrefixes("m5v, M6 ;k\nm5v")).toEqual({
      prefixes: ["M5V", "M6", "K"],
      malformed: [],
    });
    expect(parseFsaPrefixes("M5V1A1, D1A, 5V, M5").malformed).toEqual(["M5V1A1", "D1A", "5V"]);
  });

  it("puts a postal code in the zone with the longest matching prefix, the lower fee on a tie", () => {
    const zone = (id: string, prefixes: string[], feeCents: number) => ({
      id,
      name: id,
      prefixes,
      feeCents,
      minimumOrderCents: 0,
    });
    const zones = [
      zone("toronto", ["M"], 1000),
      zone("downtown", ["M5V"], 500),
      zone("cheap", ["M"], 800),
    ];
    expect(zoneFor("M5V 2T6", zones)?.id).toBe("downtown");
    expect(zoneFor("M4C 1A1", zones)?.id).toBe("cheap");
    expect(zoneFor("K1P 1J1", zones)).toBeNull();
  });
});

describe("delivery windows", () => {
  const windows = [
    { id: "tue-pm", weekday: 2, starts: "16:00", ends: "18:00", capacity: 5 },
    { id: "sun-am", weekday: 7, starts: "09:30", ends: "11:00", capacity: 5 },
  ];

  it("offers the coming week's windows that start at least two hours from now, soonest first", () => {
    // Tuesday Dec 1 2026, 14:30 in Toronto: today's 16:00 window is within the lead time.
    const now = new Date("2026-12-01T19:30:00Z");
    const dated = upcomingWindows(windows, now, "America/Toronto");
    expect(dated.map((w) => w.key)).toEqual(["sun-am@2026-12-06", "tue-pm@2026-12-08"]);
    // At 13:59 it is still offered.
    const earlier = upcomingWindows(windows, new Date("2026-12-01T18:59:00Z"), "America/Toronto");
    expect(earlier[0]!.key).toBe("tue-pm@2026-12-01");
  });

  it("writes a window as a shopper reads it, and reads its key back", () => {
    expect(windowLabel({ date: "2026-12-06", starts: "09:30", ends: "11:00" })).toBe(
      "Sunday, Dec 6, 9:30 a.m. to 11 a.m.",
    );
    expect(formatClock("12:00")).toBe("12 p.m.");
    expect(formatClock("00:15")).toBe("12:15 a.m.");
    expect(parseWindowKey("abc-1@2026-12-06")).toEqual({ windowId: "abc-1", date: "2026-12-06" });
    expect(parseWindowKey("abc 1@2026-12-06")).toBeNull();
  });
});

describe("pickup codes", () => {
  it("are read back whatever the case or spacing, and never hold look-alike characters", () => {
    expect(normalizePickupCode("ab3 k7m")).toBe("AB3K7M");
    expect(normalizePickupCode("AB0K7M")).toBeNull();
    expect(normalizePickupCode("AB3K7")).toBeNull();
  });
});

describe("a window's short label", () => {
  it("joins times of the same half-day", () => {
    expect(windowShortLabel({ date: "2026-11-30", starts: "16:00", ends: "18:00" })).toBe(
      "Mon, Nov 30, 4–6 p.m.",
    );
    expect(windowShortLabel({ date: "2026-12-06", starts: "11:30", ends: "13:00" })).toBe(
      "Sun, Dec 6, 11:30 a.m.–1 p.m.",
    );
  });
});

describe("a province nothing reaches", () => {
  it("says whether its law or the store's choice is why", () => {
    expect(noMethodInProvince("QC")).toMatch(/^Sorry, Quebec's law does not let a private store/);
    expect(noMethodInProvince("BC")).toBe(
      "Sorry, we have no way to get an order to British Columbia at the moment. Please choose another province or territory.",
    );
  });
});

describe("an order's way to the shopper, in one line", () => {
  const parcel = {
    fulfilmentMethod: "parcel",
    deliveryDate: null,
    deliveryStarts: null,
    deliveryEnds: null,
    pickupCode: null,
    proofOfAge: "PA18",
  };

  it("names the live Canada Post service when the shopper chose one", () => {
    expect(fulfilmentLine(parcel)).toBe("Canada Post parcel, Proof of Age PA18");
    expect(fulfilmentLine({ ...parcel, parcelServiceName: "Xpresspost" })).toBe(
      "Canada Post Xpresspost, Proof of Age PA18",
    );
  });

  it("takes a method or a parcel service as checkout's choice, nothing else", () => {
    for (const choice of ["parcel", "pickup", "delivery", "parcel:DOM.EP"])
      expect(FULFILMENT_CHOICE.test(choice)).toBe(true);
    for (const choice of ["parcel:DOM.ZZ", "ship", "parcel:", "delivery:DOM.EP"])
      expect(FULFILMENT_CHOICE.test(choice)).toBe(false);
  });
});
