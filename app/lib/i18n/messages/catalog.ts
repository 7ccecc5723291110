import { defineMessages } from "../translate";

/**
 * The catalogue pages: Home, All products and the category listings (sort, filters, counts,
 * pagination), the product page (sizes, add to cart, stock, potency, rating) and the 30 g meter.
 */
export const catalogMessages = /* @__PURE__ */ defineMessages(
  {
    home: "Home",
    breadcrumb: "Breadcrumb",
    products: "Products",
    tryAgain: "Try Again",
    errorLoadingProducts: "Error loading products: {message}",
    failedToLoadProducts: "Failed to load products",

    welcomeTo: "Welcome to {store}",
    shopNow: "Shop Now",
    browseFlowers: "Browse Flowers",
    payByInterac: "Pay by Interac e-Transfer",
    discreetParcels: "Discreet, smell-proof parcels",
    featuredTitle: "Featured Products",
    featuredIntro: "Our newest arrivals, in stock and ready to ship.",
    refreshProducts: "Refresh Products",
    noProductsAvailable: "No products available at the moment.",
    viewAllProducts: "View All Products",
  },
  {
    home: "Accueil",
    breadcrumb: "Fil d’Ariane",
    products: "Produits",
    tryAgain: "Réessayer",
    errorLoadingProducts: "Erreur de chargement des produits\u00a0: {message}",
    failedToLoadProducts: "Impossible de charger les produits",

    welcomeTo: "Bienvenue chez {store}",
    shopNow: "Magasiner",
    browseFlowers: "Voir les fleurs",
    payByInterac: "Paiement par virement Interac",
    discreetParcels: "Colis discrets et anti-odeurs",
    featuredTitle: "Produits en vedette",
    featuredIntro: "Nos nouveautés, en stock et prêtes à expédier.",
    refreshProducts: "Actualiser les produits",
    noProductsAvailable: "Aucun produit offert pour le moment.",
    viewAllProducts: "Voir tous les produits",
  },
);
