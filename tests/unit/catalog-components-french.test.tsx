import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AddToCartButton } from "~/components/store/add-to-cart";
import { CannabisMeter } from "~/components/store/cannabis-meter";
import {
  ListingControls,
  ListingFilters,
  ListingPagination,
} from "~/components/store/listing-controls";
import { ProductGallery } from "~/components/store/product-gallery";
import { Rating } from "~/components/store/rating";
import { SizePicker } from "~/components/store/size-picker";
import { StockBadge } from "~/components/store/stock-badge";
import { parseCatalogQuery } from "~/lib/catalog-query";
import type { ProductSummary } from "~/lib/product";

const product: ProductSummary = {
  id: "p1",
  slug: "pink-kush",
  name: "Pink Kush",
  category: "flowers",
  imageUrl: "/a.jpg",
  priceCents: 1500,
  stock: 3,
  stockAlertLevel: 5,
  rating: 4.5,
  thcTenths: 2200,
  totalThcTenths: null,
  cbdTenths: 5,
  totalCbdTenths: null,
  strain: "Indica",
  cannabisKind: "dried",
  netAmountMilli: null,
  variations: [
    {
      id: "v1",
      size: "3.5",
      sizeUnit: "g",
      priceCents: 1500,
      stock: 3,
      netAmountMilli: null,
      thcTenths: null,
      totalThcTenths: null,
      cbdTenths: null,
      totalCbdTenths: null,
    },
  ],
};

function Catalogue() {
  const query = parseCatalogQuery(new URLSearchParams("page=2&max=50"));
  if (!query.ok) throw new Error(query.message);
  return (
    <>
      <ListingControls query={query.value} total={1234} />
      <ListingFilters query={{ ...query.value, strain: "indica" }} unit="mg/g" />
      <ListingPagination query={query.value} next="n" previous="p" pageCount={60} />
      <StockBadge badge="low" />
      <Rating value={4.5} />
      <SizePicker name="size" variations={product.variations} value="v1" onChange={() => {}} />
      <AddToCartButton product={product} variationId="v1" available={3} />
      <ProductGallery images={["/a.jpg", "/b.jpg"]} name="Pink Kush" />
      <CannabisMeter summary={{ totalMg: 35_000, limitMg: 30_000, message: null }} />
    </>
  );
}

/** The components as the server renders them at `url`: their text and attributes. */
async function render(url: string): Promise<string> {
  const handler = createStaticHandler([{ path: "*", Component: Catalogue }]);
  const context = await handler.query(new Request(`http://store.test${url}`));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} />)
    .replace(/<script[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

describe("the catalogue's components", () => {
  it("speak French on /fr pages", async () => {
    const html = await render("/fr/products");
    for (const french of [
      "Trier par",
      "Prix\u00a0: du plus bas au plus élevé",
      "Prix maximum",
      "50\u00a0$",
      `${(1234).toLocaleString("fr-CA")} produits`,
      'aria-label="Affichage en grille"',
      "← Précédente",
      "Page 2 sur 60",
      "Suivante →",
      "Espèce",
      "Toutes les espèces",
      "THC minimum en mg/g",
      'placeholder="Min."',
      "Appliquer les filtres",
      "Effacer les filtres",
      "Stock limité",
      'aria-label="Noté 4,5 sur 5"',
      "Format",
      "3,5g",
      "Ajouter au panier",
      'aria-label="Images du produit"',
      'aria-label="Afficher l’image 2 sur 2"',
      "Équivalent en cannabis séché",
      "35\u00a0g sur 30\u00a0g",
      "35\u00a0g sur 30\u00a0g, au-delà de la limite",
      "La loi permet 30\u00a0g de cannabis séché",
      'href="/fr/products?max=50"', // Clear filters keeps the page's language
    ])
      expect(html).toContain(french);
    for (const english of ["Sort by", "Add to Cart", "Low Stock", "Rated", ">Size<", " products"])
      expect(html).not.toContain(english);
  });

  it("read as before in English", async () => {
    const html = await render("/products");
    for (const english of [
      "Sort by",
      "Price: Low to High",
      "$50",
      "1234 products",
      "Page 2 of 60",
      "Any strain",
      "Minimum THC in mg/g",
      "Low Stock",
      'aria-label="Rated 4.5 out of 5"',
      "3.5g",
      "Add to Cart",
      'aria-label="Show image 2 of 2"',
      "35 g of 30 g, over the limit",
      "The law allows 30 g of dried cannabis, or its equivalent, per order.",
    ])
      expect(html).toContain(english);
  });
});
