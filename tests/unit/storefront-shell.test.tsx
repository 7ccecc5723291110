import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, data, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AgeGate } from "~/components/store/age-gate";
import { SiteFooter } from "~/components/store/site-footer";
import { SiteHeader } from "~/components/store/site-header";
import { ErrorPage } from "~/components/ui/error-page";
import { CATEGORIES, categoriesIn, findCategory } from "~/lib/categories";
import { describeError } from "~/lib/errors";

const contact = { email: "hello@example.com", phone: null, hours: null, address: null };

function Shell() {
  return (
    <>
      <SiteHeader storeName="Budz Boutique" logoUrl={null} />
      <SiteFooter storeName="Budz Boutique" contact={contact} />
      <AgeGate storeName="Budz Boutique" returnTo="/" onVerified={() => {}} />
    </>
  );
}

/** Renders `element` at `url` as the server would, as HTML. */
async function render(url: string, element: React.ReactNode, thrown?: unknown): Promise<string> {
  const routes = [
    {
      path: "*",
      loader: () => {
        if (thrown) throw thrown;
        return null;
      },
      Component: () => element,
      ErrorBoundary: () => element,
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://store.test${url}`));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} />)
    .replace(/<script[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "");
}

function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("the storefront shell in French", () => {
  it("speaks French on /fr pages, with links to French pages", async () => {
    const html = await render("/fr/products?sort=price", <Shell />);
    const words = text(html);
    for (const french of [
      "Accueil",
      "Boutique",
      "Tous les produits",
      "Fleurs",
      "Mon compte",
      "Nous joindre",
      "Abonnez-vous à notre infolettre",
      "Service à la clientèle",
      "Bienvenue chez Budz Boutique",
      "J’ai 19 ans ou plus",
    ]) {
      expect(words).toContain(french);
    }
    for (const english of ["Home", "All Products", "Flowers", "My Account", "Subscribe", "Cart"]) {
      expect(words).not.toContain(english);
    }
    expect(html).toContain('aria-label="Panier vide"');
    expect(html).toContain('placeholder="Rechercher des produits"');
    expect(html).toContain('href="/fr/category/flowers"');
    expect(html).toContain('action="/fr/search"');
    expect(html).toContain('<input type="hidden" name="locale" value="fr"/>');
  });

  it("links each page to itself in the other language, named in that language", async () => {
    const french = await render("/fr/products?sort=price", <Shell />);
    expect(french).toMatch(
      /<a href="\/products\?sort=price" lang="en-CA" hrefLang="en-CA"[^>]*>(<svg[\s\S]*?<\/svg>)?English<\/a>/,
    );
    const english = await render("/", <Shell />);
    expect(english).toContain('href="/fr" lang="fr-CA" hrefLang="fr-CA"');
    expect(english).toContain("Français</a>");
  });

  it("keeps the English pages' words", async () => {
    const words = text(await render("/products", <Shell />));
    for (const english of [
      "Home",
      "All Products",
      "Flowers",
      "Bulk Buy",
      "Order Look-up",
      "We accept & ship with",
      "Welcome to Budz Boutique",
      "I am 19 or older",
      "By clicking “I am 19 or older”, you confirm that you are of legal age to view and purchase cannabis products in your province or territory.",
      `© ${new Date().getFullYear()} Budz Boutique. For adults 19 years of age or older.`,
    ]) {
      expect(words).toContain(english);
    }
  });
});

describe("the categories", () => {
  it("keep their English names and have French ones", () => {
    expect(CATEGORIES.map((c) => c.name)).toEqual([
      "Flowers",
      "Concentrates",
      "Edibles",
      "Vapes",
      "Hash",
      "Mushrooms",
      "Bulk Buy",
    ]);
    expect(findCategory("flowers")?.name).toBe("Flowers");
    expect(findCategory("flowers", "fr")?.name).toBe("Fleurs");
    expect(findCategory("bulk-buy", "fr")?.blurb).toContain("prix au gramme");
    expect(findCategory("nope", "fr")).toBeUndefined();
    const french = categoriesIn("fr");
    expect(french.map((c) => c.slug)).toEqual(CATEGORIES.map((c) => c.slug));
    french.forEach((c, i) => expect(c.blurb).not.toBe(CATEGORIES[i]!.blurb));
  });
});

describe("the store's error page", () => {
  const statuses = [400, 401, 403, 404, 405, 409, 413, 415, 418, 422, 429];

  it("words every status in English exactly as app/lib/errors.ts does", async () => {
    for (const status of statuses) {
      const words = describeError(await thrownResponse(status));
      const html = text(await render("/x", <ErrorPage variant="store" />, data(null, { status })));
      expect(html).toContain(words.title);
      expect(html).toContain(words.message);
    }
    const html = text(await render("/x", <ErrorPage variant="store" />, new Error("boom")));
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain(describeError(new Error("boom")).message);
  });

  it("words every status in French on /fr, keeping a message the route gave", async () => {
    for (const status of statuses) {
      const words = describeError(await thrownResponse(status));
      const html = text(
        await render("/fr/x", <ErrorPage variant="store" />, data(null, { status })),
      );
      expect(html).not.toContain(words.title);
      expect(html).not.toContain(words.message);
      expect(html).toContain("Retour à la boutique");
    }
    const notFound = text(
      await render("/fr/x", <ErrorPage variant="store" />, data(null, { status: 404 })),
    );
    expect(notFound).toContain("Page introuvable");
    const given = text(
      await render(
        "/fr/x",
        <ErrorPage variant="store" />,
        data({ message: "Produit introuvable" }, { status: 404 }),
      ),
    );
    expect(given).toContain("Produit introuvable");
    const crash = text(await render("/fr/x", <ErrorPage variant="store" />, new Error("boom")));
    expect(crash).toContain("Une erreur s’est produite de notre côté.");
  });
});

/** The route error response a loader throwing `data(null, { status })` becomes. */
async function thrownResponse(status: number): Promise<unknown> {
  const handler = createStaticHandler([
    {
      path: "*",
      loader: () => {
        throw data(null, { status });
      },
      Component: () => null,
      ErrorBoundary: () => null,
    },
  ]);
  const context = await handler.query(new Request("http://store.test/x"));
  if (context instanceof Response) throw new Error("unexpected response");
  return Object.values(context.errors ?? {})[0];
}
