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
/**
 * The sample products' French names (the French store's): strain names stay as they are, what a
 * product is gets translated.
 */
export const FRENCH_NAMES: Record<string, string> = {
  "Live Resin": "Résine vivante",
  "Golden Shatter": "Shatter doré",
  "Rosin Press": "Rosin pressé",
  "Diamond Sauce": "Sauce diamant",
  "Crumble Wax": "Cire crumble",
  Badder: "Badder",
  "Sour Gummies": "Jujubes surettes",
  "Dark Chocolate Bar": "Tablette de chocolat noir",
  "Peach Rings": "Anneaux à la pêche",
  "Caramel Chews": "Caramels mous",
  "Brownie Bites": "Bouchées de brownie",
  "Mint Drops": "Pastilles à la menthe",
  "Disposable Pen": "Stylo jetable",
  "510 Cartridge": "Cartouche 510",
  "Live Resin Cart": "Cartouche de résine vivante",
  "Pod Refill": "Capsule de recharge",
  "Micro Vape": "Micro-vapoteuse",
  "Terp Cart": "Cartouche aux terpènes",
  "Moroccan Blonde": "Blond marocain",
  "Bubble Hash": "Haschich bubble",
  "Temple Ball": "Temple Ball",
  "Lebanese Red": "Rouge libanais",
  "Afghan Black": "Noir afghan",
  Charas: "Charas",
  "Focus Capsules": "Capsules Concentration",
  "Lion's Mane Blend": "Mélange crinière de lion",
  "Calm Tea": "Tisane Calme",
  "Microdose Caps": "Capsules microdose",
  "Reishi Gummies": "Jujubes au reishi",
  "Chaga Cocoa": "Cacao au chaga",
  "Bulk Pink Kush": "Pink Kush en vrac",
  "Bulk Blue Dream": "Blue Dream en vrac",
  "Shake Mix": "Mélange de shake",
  "Bulk Gelato": "Gelato en vrac",
  "Budget Ounce": "Once économique",
  "Bulk OG": "OG en vrac",
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
/** QUALIFIERS in French, in the same order. */
export const QUALIFIERS_FR = [
  "",
  "Réserve",
  "Sélection",
  "Artisanal",
  "Classique",
  "Or",
  "Petit lot",
  "Édition limitée",
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

/** The notes and moments descriptions pick from, in English and French (the same pick). */
const NOTES = [
  ["citrus and pine", "d’agrumes et de pin"],
  ["sweet berry", "de petits fruits sucrés"],
  ["earthy spice", "d’épices terreuses"],
  ["fresh mint", "de menthe fraîche"],
  ["tropical fruit", "de fruits tropicaux"],
  ["vanilla and cream", "de vanille et de crème"],
] as const;
const MOMENTS = [
  ["relaxed evening", "une soirée détente"],
  ["creative afternoon", "un après-midi créatif"],
  ["social gathering", "une rencontre entre amis"],
  ["slow weekend morning", "un matin de fin de semaine tranquille"],
  ["quiet night in", "une soirée tranquille à la maison"],
] as const;

/** What a product of the category is called in a French description, and its gender. */
const FRENCH_KINDS: Record<CategorySlug, { noun: string; feminine: boolean }> = {
  flowers: { noun: "une fleur", feminine: true },
  "bulk-buy": { noun: "une fleur", feminine: true },
  concentrates: { noun: "un concentré", feminine: false },
  edibles: { noun: "un produit comestible", feminine: false },
  vapes: { noun: "un produit de vapotage", feminine: false },
  hash: { noun: "un haschich", feminine: false },
  mushrooms: { noun: "un produit aux champignons", feminine: false },
};

/**
 * A sample product's description in English and in French (`nameFr`: its French name), from the
 * same two random picks.
 */
export function productDescription(
  name: { en: string; fr: string },
  category: CategorySlug,
  strain: string,
  random: Random,
): { en: string; fr: string } {
  const [notes, notesFr] = random.pick(NOTES);
  const [effect, effectFr] = random.pick(MOMENTS);
  const kind =
    category === "flowers" || category === "bulk-buy" ? "flower" : category.replace(/s$/, "");
  const article = strain === "Indica" ? "an" : "a";
  const french = FRENCH_KINDS[category];
  const e = french.feminine ? "e" : "";
  return {
    en: `${name.en} is ${article} ${strain.toLowerCase()} ${kind} with notes of ${notes}. A favourite for a ${effect}. Lab tested, sealed for freshness and packed discreetly.`,
    // "Nom : une fleur…": the name leads without a verb, so a plural name ("Jujubes surettes")
    // needs no agreement.
    fr: `${name.fr}\u00a0: ${french.noun} ${strain === "Hybrid" ? "hybride" : strain.toLowerCase()} aux notes ${notesFr}. Un favori pour ${effectFr}. Testé${e} en laboratoire, scellé${e} pour préserver sa fraîcheur et emballé${e} discrètement.`,
  };
}
