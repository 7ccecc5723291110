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
    freeCanadaPost: "Free Canada Post shipping",
    canadaPostShipping: "Canada Post shipping {fee}, free on orders of {threshold} or more",
    canadaPostShippingFrom:
      "Canada Post shipping from {fee}, free on orders of {threshold} or more",
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
    freeCanadaPost: "Livraison gratuite par Postes Canada",
    canadaPostShipping:
      "Livraison par Postes Canada\u00a0: {fee}, gratuite pour les commandes de {threshold} ou plus",
    canadaPostShippingFrom:
      "Livraison par Postes Canada à partir de {fee}, gratuite pour les commandes de {threshold} ou plus",
    description: "Description",
    sku: "UGS\u00a0: {sku}",
    relatedProducts: "Produits similaires",

    productImages: "Images du produit",
    showImage: "Afficher l’image {number} sur {total}",
  },
);
