/**
 * Canada Post's domestic services a store may offer at checkout with live rates, in the order
 * checkout lists them (docs/product/fulfilment.md#canada-post).
 */
export const CANADA_POST_SERVICES = [
  { code: "DOM.RP", name: "Regular Parcel" },
  { code: "DOM.EP", name: "Expedited Parcel" },
  { code: "DOM.XP", name: "Xpresspost" },
  { code: "DOM.PC", name: "Priority" },
] as const;

export const CANADA_POST_SERVICE_CODES = ["DOM.RP", "DOM.EP", "DOM.XP", "DOM.PC"] as const;
export type CanadaPostServiceCode = (typeof CANADA_POST_SERVICE_CODES)[number];
