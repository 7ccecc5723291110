import { defineMessages } from "../translate";

/** What a product card shows (also on the product page): sizes, Add to Cart, stock, rating, potency. */
export const productCardMessages = /* @__PURE__ */ defineMessages(
  {
    strainIndica: "Indica",
    strainSativa: "Sativa",
    strainHybrid: "Hybrid",
    size: "Size",
    sizePieces: { one: "{size} pieces", other: "{size} pieces" },
    sizePack: { one: "{size} pack", other: "{size} pack" },

    addToCart: "Add to Cart",
    stockOut: "Out of Stock",
    stockLow: "Low Stock",
    stockIn: "In Stock",
    rated: "Rated {value} out of 5",

    totalThc: "Total THC",
    totalCbd: "Total CBD",
    mgPerUnit: "mg per unit",
    perUnit: "per unit",
    perPiece: "per piece",
    mgThc: "{amount} mg THC",
    mgCbd: "{amount} mg CBD",
    packThc: " ({amount} mg THC in {pieces} pieces)",
  },
  {
    strainIndica: "Indica",
    strainSativa: "Sativa",
    strainHybrid: "Hybride",
    size: "Format",
    sizePieces: { one: "{size} pièce", other: "{size} pièces" },
    sizePack: { one: "{size} paquet", other: "{size} paquets" },

    addToCart: "Ajouter au panier",
    stockOut: "Rupture de stock",
    stockLow: "Stock limité",
    stockIn: "En stock",
    rated: "Noté {value} sur 5",

    totalThc: "THC total",
    totalCbd: "CBD total",
    mgPerUnit: "mg par unité",
    perUnit: "par unité",
    perPiece: "par pièce",
    mgThc: "{amount}\u00a0mg de THC",
    mgCbd: "{amount}\u00a0mg de CBD",
    packThc: " ({amount}\u00a0mg de THC dans {pieces}\u00a0pièces)",
  },
);
