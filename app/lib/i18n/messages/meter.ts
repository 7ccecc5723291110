import { defineMessages } from "../translate";

/** The 30 g meter in the cart drawer and at checkout. */
export const meterMessages = /* @__PURE__ */ defineMessages(
  {
    driedEquivalent: "Dried cannabis equivalent",
    overTheLimit: "{text}, over the limit",
    lawAllows: "The law allows {limit} of dried cannabis, or its equivalent, per order.",
  },
  {
    driedEquivalent: "Équivalent en cannabis séché",
    overTheLimit: "{text}, au-delà de la limite",
    lawAllows: "La loi permet {limit} de cannabis séché, ou son équivalent, par commande.",
  },
);
