import { describe, expect, it } from "vitest";
import {
  announcementBackground,
  announcementText,
  isAnnouncementLive,
  parseDismissed,
} from "~/lib/announcement";
import { catalogSearch, parseCatalogQuery, searchTerms } from "~/lib/catalog-query";
import { readCookie } from "~/lib/cookies";
import { galleryImages, variationPrice, type ProductSummary } from "~/lib/product";
import { absoluteUrl, scriptJson, seoMeta } from "~/lib/seo";

describe("announcement rules", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  it("is live only when active and within its dates", () => {
    const base = { id: "a", isActive: true, startDate: null, endDate: null };
    expect(isAnnouncementLive(base, now)).toBe(true);
    expect(isAnnouncementLive({ ...base, isActive: false }, now)).toBe(false);
    expect(isAnnouncementLive({ ...base, startDate: "2026-06-16T00:00:00Z" }, now)).toBe(false);
    expect(isAnnouncementLive({ ...base, endDate: "2026-06-14T00:00:00Z" }, now)).toBe(false);
    expect(
      isAnnouncementLive(
        { ...base, startDate: "2026-06-01T00:00:00Z", endDate: "2026-07-01T00:00:00Z" },
        now,
      ),
    ).toBe(true);
  });
  it("appends the code only when the message lacks it (case-insensitive)", () => {
    expect(announcementText("Sale!", "SAVE15")).toBe("Sale! - Use code: SAVE15");
    expect(announcementText("Use save15 today", "SAVE15")).toBe("Use save15 today");
    expect(announcementText("Sale!", null)).toBe("Sale!");
    expect(announcementText("Sale!", "  ")).toBe("Sale!");
  });
  it("maps the eight colour names and falls back to orange", () => {
    for (const name of ["orange", "red", "pink", "blue", "green", "purple", "mustard", "black"]) {
      expect(announcementBackground(name)).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(announcementBackground("Mustard")).toBe(announcementBackground("mustard"));
    expect(announcementBackground("chartreuse")).toBe(announcementBackground("orange"));
    expect(announcementBackground(null)).toBe(announcementBackground("orange"));
  });
  it("parses dismissed ids defensively", () => {
    expect(parseDismissed("a1,b-2, <script>")).toEqual(["a1", "b-2"]);
    expect(parseDismissed(undefined)).toEqual([]);
  });
});

describe("catalogue query in the URL", () => {
  const parse = (search: string) => parseCatalogQuery(new URLSearchParams(search));
  it("defaults to name order, no price bound, grid view, page 1", () => {
    expect(parse("")).toEqual({
      ok: true,
      value: { sort: "name", maxPrice: 1000, view: "grid", page: 1 },
    });
  });
  it("reads sort, max, view and page; refuses bad values with a message", () => {
    const parsed = parse("sort=price-desc&max=250&view=list&page=3&after=abc_-1");
    expect(parsed).toEqual({
      ok: true,
      value: {
        sort: "price-desc",
        maxPrice: 250,
        view: "list",
        page: 3,
        after: "abc_-1",
        before: undefined,
      },
    });
    expect(parse("sort=cheapest")).toEqual({
      ok: false,
      message: 'Unknown sort order "cheapest".',
    });
    expect(parse("max=2000").ok).toBe(false);
    expect(parse("max=abc").ok).toBe(false);
    expect(parse("view=table").ok).toBe(false);
    expect(parse("page=0").ok).toBe(false);
    expect(parse("after=a&before=b").ok).toBe(false);
    expect(parse("after=%3Cscript%3E").ok).toBe(false);
  });
  it("reads the strain and potency filters; refuses bad ones with a message", () => {
    const parsed = parse("strain=sativa&thcMin=150&thcMax=250.5&cbdMax=10");
    expect(parsed.ok && parsed.value).toMatchObject({
      strain: "sativa",
      thcMin: 150,
      thcMax: 250.5,
      cbdMax: 10,
    });
    expect(parsed.ok && parsed.value.cbdMin).toBeUndefined();
    expect(parse("strain=&thcMin=").ok).toBe(true);
    expect(parse("strain=kush")).toEqual({
      ok: false,
      message: 'The strain type must be "indica", "sativa" or "hybrid".',
    });
    expect(parse("strain=indica&strain=hybrid").ok).toBe(false);
    expect(parse("thcMin=-1").ok).toBe(false);
    expect(parse("thcMax=1000.1").ok).toBe(false);
    expect(parse("cbdMin=1.25").ok).toBe(false);
    expect(parse("cbdMin=Infinity").ok).toBe(false);
    expect(parse("thcMin=20&thcMax=10")).toEqual({
      ok: false,
      message: "The minimum THC is above the maximum THC.",
    });
  });
  it("keeps the filters in the URL", () => {
    expect(
      catalogSearch({ sort: "rating", strain: "indica", thcMin: 100, cbdMax: 2.5, after: "x" }),
    ).toBe("?sort=rating&strain=indica&thcMin=100&cbdMax=2.5&after=x");
  });
  it("builds short URLs that leave defaults out", () => {
    expect(catalogSearch({ sort: "name", maxPrice: 1000, view: "grid", page: 1 })).toBe("");
    expect(
      catalogSearch({ sort: "rating", maxPrice: 120, view: "list", page: 2, after: "x" }),
    ).toBe("?sort=rating&max=120&view=list&after=x&page=2");
  });
  it("splits search text into safe words", () => {
    expect(searchTerms("Blue  Dream!")).toEqual(["blue", "dream"]);
    expect(searchTerms("'&|!:*()")).toEqual([]);
    expect(searchTerms("Crème brûlée")).toEqual(["crème", "brûlée"]);
  });
});

describe("product helpers", () => {
  const product = {
    priceCents: 3000,
    variations: [
      { id: "v1", size: "1", sizeUnit: "g", priceCents: 1000, stock: 2 },
      { id: "v2", size: "3.5", sizeUnit: "g", priceCents: 3000, stock: 0 },
    ],
  } as ProductSummary;
  it("prices the chosen variation, the first by default, else the product", () => {
    expect(variationPrice(product)).toBe(1000);
    expect(variationPrice(product, "v2")).toBe(3000);
    expect(variationPrice({ ...product, variations: [] })).toBe(3000);
  });
  it("builds the gallery from the main image and thumbnails without duplicates", () => {
    expect(
      galleryImages({ imageUrl: "/a.webp", thumbnailUrls: ["/b.webp", "/a.webp", ""] }),
    ).toEqual(["/a.webp", "/b.webp"]);
  });
});

describe("SEO and cookies", () => {
  it("emits title, description, canonical and Open Graph tags", () => {
    const tags = seoMeta({
      title: "T",
      description: "D",
      url: "https://x.ca/p",
      image: "https://x.ca/i.webp",
    });
    expect(tags).toContainEqual({ title: "T" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://x.ca/p" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://x.ca/i.webp" });
  });
  it("keeps JSON-LD from closing its script tag", () => {
    expect(scriptJson({ name: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
  it("joins absolute URLs", () => {
    expect(absoluteUrl("https://x.ca/", "/a")).toBe("https://x.ca/a");
    expect(absoluteUrl("https://x.ca", "https://cdn/a")).toBe("https://cdn/a");
  });
  it("reads one cookie from a header", () => {
    expect(readCookie("a=1; age_verified=true; b=2", "age_verified")).toBe("true");
    expect(readCookie("age_verified_x=true", "age_verified")).toBeUndefined();
    expect(readCookie(null, "a")).toBeUndefined();
    expect(readCookie("a=%E0%A4%A", "a")).toBeUndefined();
  });
});
