import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatCalendarDay, formatLongCalendarDay } from "~/lib/dates";
import { formatMoney, formatMoneyInText } from "~/lib/money";
import { languageAlternates } from "~/lib/seo";
import { localeOfPath, localizePath, preferredLocale, unlocalizedPath, inLocale } from "./locale";
import { richText } from "./rich-text";
import { defineMessages, translator, type Catalogue, type Messages } from "./translate";

const NBSP = "\u00a0";

describe("locale from the path", () => {
  it("reads French from /fr, /fr/… and /fr.data only", () => {
    for (const path of ["/fr", "/fr/", "/fr/products/x", "/fr.data", "/fr/faq.data"])
      expect(localeOfPath(path), path).toBe("fr");
    for (const path of ["/", "/products", "/france", "/frog/x", "/budzadmin", "/_root.data"])
      expect(localeOfPath(path), path).toBe("en");
  });

  it("takes a path to either language, keeping its query and hash", () => {
    expect(localizePath("/", "fr")).toBe("/fr");
    expect(localizePath("/products?sort=name#top", "fr")).toBe("/fr/products?sort=name#top");
    expect(localizePath("/?utm_source=x", "fr")).toBe("/fr?utm_source=x");
    expect(localizePath("/fr/products", "fr")).toBe("/fr/products");
    expect(localizePath("/fr/products", "en")).toBe("/products");
    expect(localizePath("/fr?x=1", "en")).toBe("/?x=1");
    expect(localizePath("/fr", "en")).toBe("/");
    for (const other of ["#main", "mailto:a@b.ca", "https://x.ca/", "//x.ca/", "?page=2"])
      expect(localizePath(other, "fr")).toBe(other);
    expect(unlocalizedPath("/frog")).toBe("/frog");
  });

  it("suggests the browser's first language among ours, never one it refused", () => {
    expect(preferredLocale("fr-CA,fr;q=0.9,en;q=0.8")).toBe("fr");
    expect(preferredLocale("de-DE,en-US;q=0.7,fr;q=0.5")).toBe("en");
    expect(preferredLocale("en;q=0.2,fr;q=0.9")).toBe("fr");
    expect(preferredLocale("fr;q=0,de")).toBeUndefined();
    expect(preferredLocale("")).toBeUndefined();
    expect(preferredLocale(null)).toBeUndefined();
  });

  it("shows stored French text where it was written, else the English", () => {
    expect(inLocale("fr", "Cream", "Crème")).toBe("Crème");
    expect(inLocale("fr", "Cream", "  ")).toBe("Cream");
    expect(inLocale("en", "Cream", "Crème")).toBe("Cream");
  });
});

describe("messages", () => {
  const sample = defineMessages(
    {
      items: { one: "{count} item", other: "{count} items" },
      hello: "Hello {name}, you have {count} points",
    },
    {
      items: { one: "{count} article", other: "{count} articles" },
      hello: "Bonjour {name}, vous avez {count} points",
    },
  );

  it("chooses plurals by each language's rules and writes numbers its way", () => {
    const fr = translator(sample, "fr");
    const en = translator(sample, "en");
    expect([0, 1, 2].map((count) => fr("items", { count }))).toEqual([
      "0 article",
      "1 article",
      "2 articles",
    ]);
    expect([0, 1, 2].map((count) => en("items", { count }))).toEqual([
      "0 items",
      "1 item",
      "2 items",
    ]);
    expect(fr("hello", { name: "Léa", count: 12345 })).toBe(
      `Bonjour Léa, vous avez 12${NBSP}345 points`,
    );
    expect(en("hello", { name: "Lea", count: 12345 })).toBe("Hello Lea, you have 12,345 points");
  });

  it("renders marked parts of a message as elements", () => {
    const html = renderToStaticMarkup(
      <p>
        {richText("Lisez notre <link>politique</link>.", {
          link: (t) => <a href="/fr/privacy">{t}</a>,
        })}
      </p>,
    );
    expect(html).toBe('<p>Lisez notre <a href="/fr/privacy">politique</a>.</p>');
  });

  // Every catalogue of the storefront: a French message uses the same placeholders as its English.
  const catalogues = import.meta.glob<Record<string, unknown>>("./messages/*.ts", { eager: true });
  const placeholders = (message: string | { one: string; other: string }) =>
    [
      ...new Set(
        (typeof message === "string" ? [message] : [message.one, message.other]).flatMap((text) =>
          [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
        ),
      ),
    ].sort();

  it("keeps each English message's placeholders in its French one", () => {
    let checked = 0;
    for (const [file, exports] of Object.entries(catalogues)) {
      for (const [name, value] of Object.entries(exports)) {
        const catalogue = value as Catalogue<Messages>;
        if (!catalogue?.en || !catalogue.fr) continue;
        for (const key of Object.keys(catalogue.en)) {
          const en = placeholders(catalogue.en[key]!);
          const fr = placeholders(catalogue.fr[key]!);
          // French may say "un article" where English says "{count} item": count may be dropped.
          expect(
            fr.filter((p) => p !== "count"),
            `${file} ${name}.${key}`,
          ).toEqual(en.filter((p) => p !== "count"));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe("French formats", () => {
  it("writes money the French-Canadian way", () => {
    expect(formatMoney(123450, "fr")).toBe(`1${NBSP}234,50${NBSP}$`);
    expect(formatMoney(123450)).toBe("$1,234.50");
    expect(formatMoneyInText(20000, "fr")).toBe(`200${NBSP}$`);
    expect(formatMoneyInText(100000, "en")).toBe("$1,000");
    expect(formatMoneyInText(1950, "fr")).toBe(`19,50${NBSP}$`);
  });

  it("writes dates the French way", () => {
    expect(formatLongCalendarDay("2026-11-28", "fr")).toBe("28 novembre 2026");
    expect(formatLongCalendarDay("2026-12-01", "fr")).toBe("1er décembre 2026");
    expect(formatCalendarDay("2026-02-05", "fr")).toBe("5 févr. 2026");
    expect(formatLongCalendarDay("2026-11-28")).toBe("November 28, 2026");
  });

  it("names the page in both languages for search engines", () => {
    const links = languageAlternates("https://shop.example/fr/products/x?view=list");
    expect(links).toEqual([
      expect.objectContaining({
        hrefLang: "en-CA",
        href: "https://shop.example/products/x?view=list",
      }),
      expect.objectContaining({
        hrefLang: "fr-CA",
        href: "https://shop.example/fr/products/x?view=list",
      }),
      expect.objectContaining({
        hrefLang: "x-default",
        href: "https://shop.example/products/x?view=list",
      }),
    ]);
  });
});
