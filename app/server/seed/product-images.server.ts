import sharp from "sharp";
import type { CategorySlug } from "~/lib/categories";
import type { Executor } from "../db.server";
import { storeImage } from "../images/image-store.server";

const PALETTES: Record<CategorySlug, [string, string, string]> = {
  flowers: ["#14532d", "#4d7c0f", "#bef264"],
  concentrates: ["#78350f", "#d97706", "#fde68a"],
  edibles: ["#831843", "#db2777", "#fbcfe8"],
  vapes: ["#1e3a8a", "#4f46e5", "#c7d2fe"],
  hash: ["#44403c", "#a16207", "#fef3c7"],
  mushrooms: ["#4c1d95", "#9333ea", "#e9d5ff"],
  "bulk-buy": ["#064e3b", "#0d9488", "#99f6e4"],
};

const LEAF =
  "M0,-150 C30,-90 40,-40 12,20 C60,-30 110,-50 160,-50 C120,0 70,40 18,50 C70,60 120,90 140,120 C90,120 40,100 8,70 L8,150 L-8,150 L-8,70 C-40,100 -90,120 -140,120 C-120,90 -70,60 -18,50 C-70,40 -120,0 -160,-50 C-110,-50 -60,-30 -12,20 C-40,-40 -30,-90 0,-150 Z";

function productArtSvg(category: CategorySlug, variant: number): string {
  const [dark, mid, light] = PALETTES[category];
  const angle = 20 + variant * 47;
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = 120 + ((i * 173 + variant * 97) % 560);
    const y = 110 + ((i * 241 + variant * 53) % 580);
    return `<circle cx="${x}" cy="${y}" r="${40 + ((i * 37 + variant * 11) % 90)}" fill="${light}" opacity="0.12"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">
    <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>${circles}
  <g transform="translate(400 400) rotate(${(variant % 3) * 12 - 12}) scale(${1.2 + (variant % 2) * 0.25})">
    <path d="${LEAF}" fill="${light}" opacity="0.9"/></g>
</svg>`;
}

/** Makes a few illustrative images per category locally (no network) and stores them. */
export async function generateCategoryImages(options: {
  categories: readonly CategorySlug[];
  perCategory: number;
  executor?: Executor;
}): Promise<Map<CategorySlug, string[]>> {
  const result = new Map<CategorySlug, string[]>();
  for (const category of options.categories) {
    const urls: string[] = [];
    for (let variant = 0; variant < options.perCategory; variant++) {
      const body = await sharp(Buffer.from(productArtSvg(category, variant)))
        .jpeg({ quality: 82 })
        .toBuffer();
      const row = await storeImage({
        body,
        name: `${category}-${variant + 1}.jpg`,
        description: `Sample ${category} artwork`,
        linkedType: "sample",
        executor: options.executor,
      });
      urls.push(row.imageUrl);
    }
    result.set(category, urls);
  }
  return result;
}
