export interface Category {
  slug: CategorySlug;
  name: string;
  blurb: string;
}

export const CATEGORY_SLUGS = [
  "flowers",
  "concentrates",
  "edibles",
  "vapes",
  "hash",
  "mushrooms",
  "bulk-buy",
] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export const CATEGORIES: readonly Category[] = [
  {
    slug: "flowers",
    name: "Flowers",
    blurb:
      "Hand-trimmed, slow-cured buds from small-batch Canadian growers, in every size from a gram to an ounce.",
  },
  {
    slug: "concentrates",
    name: "Concentrates",
    blurb: "Shatter, wax, live resin and rosin: potent extracts for experienced consumers.",
  },
  {
    slug: "edibles",
    name: "Edibles",
    blurb: "Precisely dosed gummies, chocolates and baked treats. Start low and go slow.",
  },
  {
    slug: "vapes",
    name: "Vapes",
    blurb: "Cartridges and disposables with clean, lab-tested oil and true strain flavour.",
  },
  {
    slug: "hash",
    name: "Hash",
    blurb: "Traditional pressed hash and modern bubble hash, made the old-fashioned way.",
  },
  {
    slug: "mushrooms",
    name: "Mushrooms",
    blurb: "Functional mushroom blends and microdose capsules for the curious adult.",
  },
  {
    slug: "bulk-buy",
    name: "Bulk Buy",
    blurb: "Our best value: larger quantities of customer favourites at a lower price per gram.",
  },
];

export function findCategory(slug: string): Category | undefined {
  return CATEGORIES.find((c) => c.slug === slug);
}
