import { defineMessages } from "../translate";

/** The search page (app/routes/store/search.tsx): its head tags, form, results and pagination. */
export const searchMessages = /* @__PURE__ */ defineMessages(
  {
    // Head tags
    metaTitleResults: "Search results for “{q}” | {storeName}",
    metaTitle: "Search | {storeName}",
    metaDescription: "Search the {storeName} catalogue by name, strain, category or description.",
    // Form
    heading: "Search",
    inputLabel: "Search products",
    inputPlaceholder: "Name, strain, category or description",
    submit: "Search",
    // Results
    resultsHeading: "Results",
    prompt: "Type a product name, strain (Indica, Sativa, Hybrid), category or flavour.",
    noResults: "No products match “{q}”.",
    browseAll: "Browse all products",
    resultCount: { one: "{count} result for “{q}”", other: "{count} results for “{q}”" },
    // Pagination
    pagination: "Pagination",
    previousPage: "← Previous",
    nextPage: "Next →",
    pageOf: "Page {page} of {pageCount}",
    invalidPage: "The page number is not valid.",
  },
  {
    metaTitleResults: "Résultats de recherche pour «\u00a0{q}\u00a0» | {storeName}",
    metaTitle: "Recherche | {storeName}",
    metaDescription:
      "Cherchez dans le catalogue de {storeName} par nom, espèce, catégorie ou description.",
    heading: "Recherche",
    inputLabel: "Rechercher des produits",
    inputPlaceholder: "Nom, espèce, catégorie ou description",
    submit: "Rechercher",
    resultsHeading: "Résultats",
    prompt:
      "Tapez le nom d’un produit, une espèce (indica, sativa, hybride), une catégorie ou une saveur.",
    noResults: "Aucun produit ne correspond à «\u00a0{q}\u00a0».",
    browseAll: "Voir tous les produits",
    resultCount: {
      one: "{count} résultat pour «\u00a0{q}\u00a0»",
      other: "{count} résultats pour «\u00a0{q}\u00a0»",
    },
    pagination: "Pagination",
    previousPage: "← Précédente",
    nextPage: "Suivante →",
    pageOf: "Page {page} sur {pageCount}",
    invalidPage: "Le numéro de page n’est pas valide.",
  },
);
