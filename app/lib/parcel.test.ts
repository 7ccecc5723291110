import { describe, expect, it } from "vitest";
import { orderParcel, parcelNotes, parcelWeight, recordedParcel } from "./parcel";

const line = (label: string, packedGrams: number | null, quantity = 1) => ({
  label,
  packedGrams,
  quantity,
});

describe("a parcel's weight", () => {
  it("adds each line's packed weight times its quantity", () => {
    expect(parcelWeight([line("Blue Dream 3.5g", 30, 2), line("Papers", 15, 4)])).toEqual({
      grams: 120,
      packedGrams: 120,
      raised: false,
      missing: [],
    });
  });

  it("raises a parcel under 50 g to Canada Post's minimum and says so", () => {
    expect(parcelWeight([line("Blue Dream 1g", 19, 2)])).toEqual({
      grams: 50,
      packedGrams: 38,
      raised: true,
      missing: [],
    });
    expect(parcelWeight([line("Blue Dream 1g", 25, 2)])).toMatchObject({
      grams: 50,
      raised: false,
    });
  });

  it("names each line without a packed weight once, and counts only the weighed ones", () => {
    expect(
      parcelWeight([
        line("Blue Dream 3.5g", null, 2),
        line("Papers", 80),
        line("Blue Dream 3.5g", null),
        line("Lighter", null),
      ]),
    ).toEqual({
      grams: 80,
      packedGrams: 80,
      raised: false,
      missing: ["Blue Dream 3.5g", "Lighter"],
    });
    expect(parcelWeight([])).toEqual({ grams: 50, packedGrams: 0, raised: true, missing: [] });
  });
});

describe("an order's parcel", () => {
  const item = (name: string, size: string | null, packedGrams: number | null, quantity = 1) => ({
    name,
    size,
    packedGrams,
    quantity,
  });

  it("is only a Canada Post order's, with its Proof of Age code and its lines named by size", () => {
    const items = [item("Blue Dream", "3.5g", 20, 2), item("Papers", null, null)];
    const parcel = { fulfilmentMethod: "parcel", proofOfAge: "PA19", province: "BC" };
    expect(orderParcel(parcel, items)).toEqual({
      proofOfAge: "PA19",
      grams: 50,
      packedGrams: 40,
      raised: true,
      missing: ["Papers"],
    });
    expect(orderParcel({ ...parcel, fulfilmentMethod: "delivery" }, items)).toBeNull();
    expect(orderParcel({ ...parcel, fulfilmentMethod: "pickup" }, items)).toBeNull();
  });

  it("takes the province's legal age when the order recorded no code", () => {
    const order = { fulfilmentMethod: "parcel", proofOfAge: null };
    expect(orderParcel({ ...order, province: "AB" }, [])?.proofOfAge).toBe("PA18");
    expect(orderParcel({ ...order, province: "BC" }, [])?.proofOfAge).toBe("PA19");
  });

  it("prefers what the shipment recorded", () => {
    const now = { proofOfAge: "PA19", grams: 50, packedGrams: 30, raised: true, missing: ["X"] };
    expect(recordedParcel(now, { proofOfAge: null, weightGrams: null })).toEqual(now);
    expect(recordedParcel(now, { proofOfAge: "PA18", weightGrams: 50 })).toEqual({
      proofOfAge: "PA18",
      grams: 50,
      packedGrams: 30,
      raised: true,
      missing: [],
    });
    expect(recordedParcel(now, { proofOfAge: "PA19", weightGrams: 140 })).toMatchObject({
      grams: 140,
      raised: false,
      missing: [],
    });
  });
});

describe("what staff read of a parcel", () => {
  const parcel = { proofOfAge: "PA19", grams: 120, packedGrams: 120, raised: false, missing: [] };

  it("names the Proof of Age option and the weight to buy the label with", () => {
    expect(parcelNotes(parcel)).toEqual({
      label: "Canada Post: buy the label with Proof of Age PA19 · parcel 120 g",
      notes: [],
    });
  });

  it("says to pack a light parcel up to the minimum", () => {
    expect(parcelNotes({ ...parcel, grams: 50, packedGrams: 38, raised: true })).toEqual({
      label: "Canada Post: buy the label with Proof of Age PA19 · parcel 50 g",
      notes: [
        "Under 50 g (38 g packed): pack it up to 50 g, Canada Post's minimum for a cannabis parcel.",
      ],
    });
  });

  it("says to weigh a parcel with sizes nobody weighed", () => {
    expect(
      parcelNotes({ ...parcel, grams: 50, packedGrams: 0, raised: true, missing: ["X 1g", "Y"] }),
    ).toEqual({
      label: "Canada Post: buy the label with Proof of Age PA19 · parcel at least 50 g",
      notes: ["Weigh the parcel: no packed weight for X 1g, Y."],
    });
  });
});
