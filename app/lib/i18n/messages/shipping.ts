import { defineMessages } from "../translate";

/** What pages promise about shipping (Settings → Shipping): app/lib/store-settings.ts. */
export const shippingMessages = /* @__PURE__ */ defineMessages(
  {
    freeShipping: "Free shipping",
    freeShippingFrom: "Free shipping from {amount}",
    freeCanadaPost: "Free Canada Post shipping",
    canadaPostShipping: "Canada Post shipping {fee}, free on orders of {threshold} or more",
    canadaPostShippingFrom:
      "Canada Post shipping from {fee}, free on orders of {threshold} or more",
  },
  {
    freeShipping: "Livraison gratuite",
    freeShippingFrom: "Livraison gratuite dès {amount}",
    freeCanadaPost: "Livraison gratuite par Postes Canada",
    canadaPostShipping:
      "Livraison par Postes Canada\u00a0: {fee}, gratuite pour les commandes de {threshold} ou plus",
    canadaPostShippingFrom:
      "Livraison par Postes Canada à partir de {fee}, gratuite pour les commandes de {threshold} ou plus",
  },
);
