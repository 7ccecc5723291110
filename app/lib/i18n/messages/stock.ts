import { defineMessages } from "../translate";

/** Stock badges and counts (app/lib/stock.ts) and a coupon's value (app/lib/coupons.ts). */
export const stockMessages = /* @__PURE__ */ defineMessages(
  {
    couponPercent: "{value}%",

    stockOut: "Out of Stock",
    stockLow: "Low Stock",
    stockIn: "In Stock",
    stockLeftNone: "out of stock",
    stockLeft: "{count} left",
  },
  {
    couponPercent: "{value}\u00a0%",

    stockOut: "En rupture de stock",
    stockLow: "Stock limité",
    stockIn: "En stock",
    stockLeftNone: "en rupture de stock",
    stockLeft: "{count} en stock",
  },
);
