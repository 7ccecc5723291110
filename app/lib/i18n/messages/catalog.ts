import { defineMessages } from "../translate";

/**
 * The catalogue pages: Home, All products and the category listings (sort, filters, counts,
 * pagination), the product page (sizes, add to cart, stock, potency, rating) and the 30 g meter.
 */
export const catalogMessages = defineMessages(
  {
    // Shared
    home: "Home",
    breadcrumb: "Breadcrumb",
    products: "Products",
    tryAgain: "Try Again",
    errorLoadingProducts: "Error loading products: {message}",
    failedToLoadProducts: "Failed to load products",

    // Home
    welcomeTo: "Welcome to {store}",
    shopNow: "Shop Now",
    browseFlowers: "Browse Flowers",
    payByInterac: "Pay by Interac e-Transfer",
    discreetParcels: "Discreet, smell-proof parcels",
    freeShipping: "Free shipping",
    freeShippingFrom: "Free shipping from {amount}",
    featuredTitle: "Featured Products",
    featuredIntro: "Our newest arrivals, in stock and ready to ship.",
    refreshProducts: "Refresh Products",
    noProductsAvailable: "No products available at the moment.",
    viewAllProducts: "View All Products",

    // Listing (all products and categories)
    allProductsName: "All Products",
    allProductsBlurb:
      "Everything on our shelves: flowers, concentrates, edibles, vapes, hash, mushrooms and bulk buys.",
    categoryNotFound: "Category not found",
    pageSuffix: " (page {page})",
    noProductsInCategory: "No products found in this category.",
    backToFirstPage: "Back to the first page",
    startOver: "Start over",
    unitBoth: "mg/g or mg per unit",

    // Listing controls
    sortBy: "Sort by",
    sortName: "Name",
    sortPriceAsc: "Price: Low to High",
    sortPriceDesc: "Price: High to Low",
    sortRating: "Highest Rated",
    maxPrice: "Max price",
    anyPrice: "Any price",
    any: "Any",
    apply: "Apply",
    productCount: { one: "{count} product", other: "{count} products" },
    view: "View",
    gridView: "Grid view",
    listView: "List view",
    pagination: "Pagination",
    previousPage: "← Previous",
    nextPage: "Next →",
    pageOf: "Page {page} of {pages}",
    filterProducts: "Filter products",
    strainType: "Strain type",
    anyStrain: "Any strain",
    strainIndica: "Indica",
    strainSativa: "Sativa",
    strainHybrid: "Hybrid",
    rangeLegend: "{label} ({unit})",
    minimumIn: "Minimum {label} in {unit}",
    maximumIn: "Maximum {label} in {unit}",
    min: "Min",
    max: "Max",
    applyFilters: "Apply filters",
    clearFilters: "Clear filters",

    // Listing query refusals (app/lib/catalog-query.ts)
    oneStrainAtMost: "Choose one strain type at most.",
    strainInvalid: 'The strain type must be "indica", "sativa" or "hybrid".',
    potencyInvalid: "The {label} must be a number from 0 to {max}, with one decimal at most.",
    thcMinLabel: "minimum THC",
    thcMaxLabel: "maximum THC",
    cbdMinLabel: "minimum CBD",
    cbdMaxLabel: "maximum CBD",
    minAboveMax: "The minimum {label} is above the maximum {label}.",
    unknownSort: 'Unknown sort order "{sort}".',
    maxPriceInvalid: "The maximum price must be a number from 0 to {max}.",
    viewInvalid: 'The view must be "grid" or "list".',
    invalidPageLink: "This page link is not valid. Please start from the first page.",
    invalidPageNumber: "The page number is not valid.",

    // Product page
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

    // Gallery
    productImages: "Product images",
    showImage: "Show image {number} of {total}",

    // Sizes (app/lib/product.ts sizeLabel writes symbols as they are; words are translated)
    size: "Size",
    sizePieces: { one: "{size} pieces", other: "{size} pieces" },
    sizePack: { one: "{size} pack", other: "{size} pack" },

    // Add to cart, stock, rating
    addToCart: "Add to Cart",
    stockOut: "Out of Stock",
    stockLow: "Low Stock",
    stockIn: "In Stock",
    rated: "Rated {value} out of 5",

    // Potency (app/lib/potency.ts)
    totalThc: "Total THC",
    totalCbd: "Total CBD",
    mgPerUnit: "mg per unit",
    perUnit: "per unit",
    perPiece: "per piece",
    mgThc: "{amount} mg THC",
    mgCbd: "{amount} mg CBD",
    packThc: " ({amount} mg THC in {pieces} pieces)",

    // The 30 g meter (cart drawer and checkout)
    driedEquivalent: "Dried cannabis equivalent",
    overTheLimit: "{text}, over the limit",
    lawAllows: "The law allows {limit} of dried cannabis, or its equivalent, per order.",
  },
  {
    // Shared
    home: "Accueil",
    breadcrumb: "Fil d’Ariane",
    products: "Produits",
    tryAgain: "Réessayer",
    errorLoadingProducts: "Erreur de chargement des produits\u00a0: {message}",
    failedToLoadProducts: "Impossible de charger les produits",

    // Home
    welcomeTo: "Bienvenue chez {store}",
    shopNow: "Magasiner",
    browseFlowers: "Voir les fleurs",
    payByInterac: "Paiement par virement Interac",
    discreetParcels: "Colis discrets et anti-odeurs",
    freeShipping: "Livraison gratuite",
    freeShippingFrom: "Livraison gratuite dès {amount}",
    featuredTitle: "Produits en vedette",
    featuredIntro: "Nos nouveautés, en stock et prêtes à expédier.",
    refreshProducts: "Actualiser les produits",
    noProductsAvailable: "Aucun produit offert pour le moment.",
    viewAllProducts: "Voir tous les produits",

    // Listing (all products and categories)
    allProductsName: "Tous les produits",
    allProductsBlurb:
      "Tout ce que nous avons en magasin\u00a0: fleurs, concentrés, comestibles, vapoteuses, haschich, champignons et achats en gros.",
    categoryNotFound: "Catégorie introuvable",
    pageSuffix: " (page {page})",
    noProductsInCategory: "Aucun produit trouvé dans cette catégorie.",
    backToFirstPage: "Retour à la première page",
    startOver: "Recommencer",
    unitBoth: "mg/g ou mg par unité",

    // Listing controls
    sortBy: "Trier par",
    sortName: "Nom",
    sortPriceAsc: "Prix\u00a0: du plus bas au plus élevé",
    sortPriceDesc: "Prix\u00a0: du plus élevé au plus bas",
    sortRating: "Les mieux notés",
    maxPrice: "Prix maximum",
    anyPrice: "Tous les prix",
    any: "Tous",
    apply: "Appliquer",
    productCount: { one: "{count} produit", other: "{count} produits" },
    view: "Affichage",
    gridView: "Affichage en grille",
    listView: "Affichage en liste",
    pagination: "Pagination",
    previousPage: "← Précédente",
    nextPage: "Suivante →",
    pageOf: "Page {page} sur {pages}",
    filterProducts: "Filtrer les produits",
    strainType: "Espèce",
    anyStrain: "Toutes les espèces",
    strainIndica: "Indica",
    strainSativa: "Sativa",
    strainHybrid: "Hybride",
    rangeLegend: "{label} ({unit})",
    minimumIn: "{label} minimum en {unit}",
    maximumIn: "{label} maximum en {unit}",
    min: "Min.",
    max: "Max.",
    applyFilters: "Appliquer les filtres",
    clearFilters: "Effacer les filtres",

    // Listing query refusals (app/lib/catalog-query.ts)
    oneStrainAtMost: "Choisissez une seule espèce au plus.",
    strainInvalid:
      "L’espèce doit être «\u00a0indica\u00a0», «\u00a0sativa\u00a0» ou «\u00a0hybrid\u00a0».",
    potencyInvalid: "Le {label} doit être un nombre de 0 à {max}, avec une décimale au plus.",
    thcMinLabel: "THC minimum",
    thcMaxLabel: "THC maximum",
    cbdMinLabel: "CBD minimum",
    cbdMaxLabel: "CBD maximum",
    minAboveMax: "Le {label} minimum dépasse le {label} maximum.",
    unknownSort: "Ordre de tri inconnu\u00a0: «\u00a0{sort}\u00a0».",
    maxPriceInvalid: "Le prix maximum doit être un nombre de 0 à {max}.",
    viewInvalid: "L’affichage doit être «\u00a0grid\u00a0» ou «\u00a0list\u00a0».",
    invalidPageLink: "Ce lien de page n’est pas valide. Veuillez recommencer à la première page.",
    invalidPageNumber: "Le numéro de page n’est pas valide.",

    // Product page
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

    // Gallery
    productImages: "Images du produit",
    showImage: "Afficher l’image {number} sur {total}",

    // Sizes
    size: "Format",
    sizePieces: { one: "{size} pièce", other: "{size} pièces" },
    sizePack: { one: "{size} paquet", other: "{size} paquets" },

    // Add to cart, stock, rating
    addToCart: "Ajouter au panier",
    stockOut: "Rupture de stock",
    stockLow: "Stock limité",
    stockIn: "En stock",
    rated: "Noté {value} sur 5",

    // Potency
    totalThc: "THC total",
    totalCbd: "CBD total",
    mgPerUnit: "mg par unité",
    perUnit: "par unité",
    perPiece: "par pièce",
    mgThc: "{amount}\u00a0mg de THC",
    mgCbd: "{amount}\u00a0mg de CBD",
    packThc: " ({amount}\u00a0mg de THC dans {pieces}\u00a0pièces)",

    // The 30 g meter
    driedEquivalent: "Équivalent en cannabis séché",
    overTheLimit: "{text}, au-delà de la limite",
    lawAllows: "La loi permet {limit} de cannabis séché, ou son équivalent, par commande.",
  },
);
