import { defineMessages } from "../translate";

/** The 30 g limit's words: app/lib/cannabis-limit.ts. */
export const cannabisLimitMessages = /* @__PURE__ */ defineMessages(
  {
    grams: "{grams} g",
    meterText: "{total} of {limit}",
    overLimit:
      "Your cart holds {total} of dried cannabis or its equivalent, over the legal limit of {limit} per order. Please lower a quantity or remove an item.",
    refusedAddition:
      "Sorry, we can't add {name}: an order can hold at most {limit} of dried cannabis or its equivalent, and this would make it {total}.",
    unmeasured:
      "Sorry, {name} can't be ordered yet: its cannabis amount is not set. Please remove it from your cart.",
  },
  {
    grams: "{grams}\u00a0g",
    meterText: "{total} sur {limit}",
    overLimit:
      "Votre panier contient {total} de cannabis séché ou l'équivalent, au-delà de la limite légale de {limit} par commande. Veuillez réduire une quantité ou retirer un article.",
    refusedAddition:
      "Désolé, nous ne pouvons pas ajouter {name}\u00a0: une commande peut contenir au plus {limit} de cannabis séché ou l'équivalent, et elle en contiendrait alors {total}.",
    unmeasured:
      "Désolé, {name} ne peut pas encore être commandé\u00a0: sa quantité de cannabis n'est pas indiquée. Veuillez le retirer de votre panier.",
  },
);
