import { describe, expect, it } from "vitest";
import {
  addItem,
  cartCount,
  cartItemId,
  cartLines,
  MAX_LINE_QUANTITY,
  parseCart,
  parseCartItemId,
  refreshPrices,
  removeItem,
  setQuantity,
  type CartItem,
} from "./cart";

const dream: CartItem = {
  id: "p1_v1",
  name: "Blue Dream (3.5g)",
  price: 45,
  image: "/images/a.webp",
  quantity: 1,
  selectedSize: "3.5g",
};
const gummies: CartItem = { id: "p2", name: "Gummies", price: 12.5, image: "", quantity: 2 };

describe("cart ids", () => {
  it("is the product id, or product id and variation id", () => {
    expect(cartItemId("p1")).toBe("p1");
    expect(cartItemId("p1", "v1")).toBe("p1_v1");
    expect(parseCartItemId("p1_v1")).toEqual({ productId: "p1", variationId: "v1" });
    expect(parseCartItemId("p1")).toEqual({ productId: "p1", variationId: undefined });
  });
});

describe("parseCart", () => {
  it("restores a stored cart", () => {
    expect(parseCart(JSON.stringify([dream, gummies]))).toEqual([dream, gummies]);
  });

  it("resets anything corrupt to empty", () => {
    expect(parseCart(null)).toEqual([]);
    expect(parseCart("{not json")).toEqual([]);
    expect(parseCart('{"id":"p1"}')).toEqual([]);
    expect(parseCart(JSON.stringify([{ ...dream, quantity: 0 }]))).toEqual([]);
    expect(parseCart(JSON.stringify([{ ...dream, quantity: 1.5 }]))).toEqual([]);
    expect(parseCart(JSON.stringify([{ ...dream, price: "45" }]))).toEqual([]);
    expect(parseCart(JSON.stringify([dream, null]))).toEqual([]);
  });
});

describe("addItem", () => {
  it("raises the quantity for the same id and size", () => {
    const cart = addItem(addItem([], dream), { ...dream, quantity: 2 });
    expect(cart).toEqual([{ ...dream, quantity: 3 }]);
  });

  it("appends another id", () => {
    expect(addItem([dream], gummies)).toEqual([dream, gummies]);
  });

  it("never goes above the most a line can hold", () => {
    const cart = addItem([{ ...dream, quantity: 98 }], { ...dream, quantity: 5 });
    expect(cart[0]!.quantity).toBe(MAX_LINE_QUANTITY);
  });
});

describe("setQuantity and removeItem", () => {
  it("sets a quantity", () => {
    expect(setQuantity([dream, gummies], "p2", 5)).toEqual([dream, { ...gummies, quantity: 5 }]);
  });

  it("removes at 0 or less", () => {
    expect(setQuantity([dream, gummies], "p2", 0)).toEqual([dream]);
    expect(setQuantity([dream, gummies], "p1_v1", -3)).toEqual([gummies]);
  });

  it("removes by id", () => {
    expect(removeItem([dream, gummies], "p1_v1")).toEqual([gummies]);
  });

  it("counts items", () => {
    expect(cartCount([dream, gummies])).toBe(3);
  });
});

describe("server refresh", () => {
  it("sends only ids and quantities", () => {
    expect(cartLines([dream, gummies])).toEqual([
      { id: "p1_v1", quantity: 1 },
      { id: "p2", quantity: 2 },
    ]);
  });

  it("copies the server's name and price into items that differ, and keeps the same cart otherwise", () => {
    const cart = [{ ...dream, price: 0.01 }, gummies];
    const refreshed = refreshPrices(cart, [
      { id: "p1_v1", name: "Blue Dream (3.5g)", priceCents: 4500 },
      { id: "p2", name: "Gummies", priceCents: 1250 },
    ]);
    expect(refreshed).toEqual([dream, gummies]);
    expect(refreshPrices(refreshed, [{ id: "p2", name: "Gummies", priceCents: 1250 }])).toBe(
      refreshed,
    );
  });
});
