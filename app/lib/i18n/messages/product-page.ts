import { defineMessages } from "../translate";

/** The product page and its gallery. */
export const productPageMessages = /* @__PURE__ */ defineMessages(
  {
    productNotFound: "Product not found",
    price: "Price",
    available: { one: "{count} available", other: "{count} available" },
    unavailableInSize: "Currently unavailable in this size",
    quantity: "Quantity",
    decreaseQuantity: "Decrease quantity",
    increaseQuantity: "Increase quantity",
    payAndPackaging: "Pay by Interac e-Transfer; discreet, smell-proof packaging",
    description: "Description",
    sku: "SKU: {sku}",
    relatedProducts: "Related Products",

    productImages: "Product images",
    showImage: "Show image {number} of {total}",
  },
  {
    productNotFound: "Produit introuvable",
    price: "Prix",
    available: { one: "{count} disponible", other: "{count} disponibles" },
    unavailableInSize: "Non offert dans ce format pour le moment",
    quantity: "Quantité",
    decreaseQuantity: "Diminuer la quantité",
    increaseQuantity: "Augmenter la quantité",
    payAndPackaging: "Paiement par virement Interac\u00a0; emballage discret et anti-odeurs",
    description: "Description",
    sku: "UGS\u00a0: {sku}",
    relatedProducts: "Produits similaires",

    productImages: "Images du produit",
    showImage: "Afficher l’image {number} sur {total}",
  },
);
