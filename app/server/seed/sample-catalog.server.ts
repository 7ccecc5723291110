import type { CategorySlug } from "~/lib/categories";
import type { Random } from "./random.server";

/** What the sample data is made of: product names, sizes and prices, people and places. */

/** The seed of the sample data's random choices: the same data on every run. */
export const SAMPLE_SEED = 20_240_101;
export const DAY = 86_400_000;

export const NAMES: Record<CategorySlug, string[]> = {
  flowers: [
    "Pink Kush",
    "Blue Dream",
    "Northern Lights",
    "Sour Diesel",
    "Gelato",
    "Wedding Cake",
    "OG Kush",
    "Jack Herer",
    "Purple Haze",
    "Durban Poison",
    "Granddaddy Purple",
    "Lemon Haze",
  ],
  concentrates: [
    "Live Resin",
    "Golden Shatter",
    "Rosin Press",
    "Diamond Sauce",
    "Crumble Wax",
    "Badder",
  ],
  edibles: [
    "Sour Gummies",
    "Dark Chocolate Bar",
    "Peach Rings",
    "Caramel Chews",
    "Brownie Bites",
    "Mint Drops",
  ],
  vapes: [
    "Disposable Pen",
    "510 Cartridge",
    "Live Resin Cart",
    "Pod Refill",
    "Micro Vape",
    "Terp Cart",
  ],
  hash: ["Moroccan Blonde", "Bubble Hash", "Temple Ball", "Lebanese Red", "Afghan Black", "Charas"],
  mushrooms: [
    "Focus Capsules",
    "Lion's Mane Blend",
    "Calm Tea",
    "Microdose Caps",
    "Reishi Gummies",
    "Chaga Cocoa",
  ],
  "bulk-buy": [
    "Bulk Pink Kush",
    "Bulk Blue Dream",
    "Shake Mix",
    "Bulk Gelato",
    "Budget Ounce",
    "Bulk OG",
  ],
};
export const QUALIFIERS = [
  "",
  "Reserve",
  "Select",
  "Craft",
  "Classic",
  "Gold",
  "Small Batch",
  "Limited",
];
export const STRAINS = ["Hybrid", "Indica", "Sativa"] as const;

/**
 * Sizes and price ratios per category; flowers follow docs/product/admin-and-staff.md#sample-data
 * exactly (price is the 3.5 g price).
 */
export const SIZES: Record<CategorySlug, { size: string; unit: "g" | "pieces"; ratio: number }[]> =
  {
    flowers: [
      { size: "1", unit: "g", ratio: 0.27 },
      { size: "3.5", unit: "g", ratio: 1 },
      { size: "7", unit: "g", ratio: 1.9 },
      { size: "14", unit: "g", ratio: 3.6 },
      { size: "28", unit: "g", ratio: 6.7 },
    ],
    concentrates: [
      { size: "1", unit: "g", ratio: 1 },
      { size: "2", unit: "g", ratio: 1.9 },
    ],
    edibles: [
      { size: "5", unit: "pieces", ratio: 1 },
      { size: "10", unit: "pieces", ratio: 1.8 },
    ],
    vapes: [
      { size: "0.5", unit: "g", ratio: 1 },
      { size: "1", unit: "g", ratio: 1.8 },
    ],
    hash: [
      { size: "1", unit: "g", ratio: 1 },
      { size: "3.5", unit: "g", ratio: 3.2 },
    ],
    mushrooms: [
      { size: "10", unit: "pieces", ratio: 1 },
      { size: "30", unit: "pieces", ratio: 2.6 },
    ],
    "bulk-buy": [
      { size: "28", unit: "g", ratio: 1 },
      { size: "56", unit: "g", ratio: 1.85 },
    ],
  };
export const PRICE_RANGE: Record<CategorySlug, [number, number]> = {
  flowers: [25, 65],
  concentrates: [35, 90],
  edibles: [12, 30],
  vapes: [30, 60],
  hash: [15, 35],
  mushrooms: [25, 55],
  "bulk-buy": [120, 260],
};
export const FIRST = [
  "Olivia",
  "Liam",
  "Emma",
  "Noah",
  "Charlotte",
  "William",
  "Amelia",
  "Lucas",
  "Ava",
  "Benjamin",
  "Sophie",
  "Ethan",
  "Chloe",
  "Jacob",
  "Maya",
  "Owen",
  "Léa",
  "Samuel",
  "Zoe",
  "Daniel",
];
export const LAST = [
  "Tremblay",
  "Smith",
  "Roy",
  "Gagnon",
  "Lee",
  "Wilson",
  "Martin",
  "Brown",
  "Nguyen",
  "MacDonald",
  "Singh",
  "Campbell",
  "Chen",
  "Anderson",
  "Bouchard",
  "Taylor",
];
export const PLACES = [
  { city: "Vancouver", province: "BC", prefix: "V6B" },
  { city: "Victoria", province: "BC", prefix: "V8W" },
  { city: "Calgary", province: "AB", prefix: "T2P" },
  { city: "Edmonton", province: "AB", prefix: "T5J" },
  { city: "Toronto", province: "ON", prefix: "M5V" },
  { city: "Ottawa", province: "ON", prefix: "K1P" },
  { city: "Kelowna", province: "BC", prefix: "V1Y" },
  { city: "Regina", province: "SK", prefix: "S4P" },
  { city: "Winnipeg", province: "MB", prefix: "R3C" },
  { city: "Saskatoon", province: "SK", prefix: "S7K" },
];
export const STREETS = [
  "Main St",
  "King St W",
  "Robson St",
  "Jasper Ave",
  "Queen St",
  "Elm Ave",
  "Maple Dr",
  "Granville St",
];

export function productDescription(
  name: string,
  category: CategorySlug,
  strain: string,
  random: Random,
): string {
  const notes = random.pick([
    "citrus and pine",
    "sweet berry",
    "earthy spice",
    "fresh mint",
    "tropical fruit",
    "vanilla and cream",
  ]);
  const effect = random.pick([
    "relaxed evening",
    "creative afternoon",
    "social gathering",
    "slow weekend morning",
    "quiet night in",
  ]);
  const kind =
    category === "flowers" || category === "bulk-buy" ? "flower" : category.replace(/s$/, "");
  const article = strain === "Indica" ? "an" : "a";
  return `${name} is ${article} ${strain.toLowerCase()} ${kind} with notes of ${notes}. A favourite for a ${effect}. Lab tested, sealed for freshness and packed discreetly.`;
}
