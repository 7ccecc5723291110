import { sql, type SQL } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, ownedBy } from "./columns.server";

const tsvector = pg.customType<{ data: string }>({ dataType: () => "tsvector" });

// Accent folding for search, the same on the stored words and the shopper's: plain translate and
// replace (IMMUTABLE, as a generated column needs; no unaccent extension), so it works alike on
// PGlite and PostgreSQL whatever the database's locale: capitals are mapped too.
const ACCENTED = "àâäáãåçéèêëíìîïñóòôöõøúùûüýÿÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕØÚÙÛÜÝŸ";
const UNACCENTED = "aaaaaaceeeeiiiinoooooouuuuyyaaaaaaceeeeiiiinoooooouuuuyy";
const LIGATURES: [string, string][] = [
  ["œ", "oe"],
  ["Œ", "oe"],
  ["æ", "ae"],
  ["Æ", "ae"],
];

/** A text expression with its accents folded: "Crème brûlée" → "Creme brulee", "Œuf" → "oeuf". */
export function foldAccents(text: SQL): SQL {
  const unligated = LIGATURES.reduce<SQL>(
    (inner, [from, to]) => sql`replace(${inner}, ${sql.raw(`'${from}'`)}, ${sql.raw(`'${to}'`)})`,
    text,
  );
  return sql`translate(${unligated}, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${UNACCENTED}'`)})`;
}

const words = (config: "simple" | "french", text: string) =>
  sql`to_tsvector(${sql.raw(`'${config}'`)}, ${foldAccents(sql.raw(text))})`;

const englishSearchVector = sql`setweight(${words("simple", "coalesce(name, '')")}, 'A') || setweight(${words("simple", "coalesce(strain, '') || ' ' || category")}, 'B') || setweight(${words("simple", "coalesce(description, '')")}, 'C')`;

/** The categories' and strains' French names, for French searches ("fleurs", "hybride"). */
const FRENCH_TERMS = `(case category when 'flowers' then 'fleurs' when 'concentrates' then 'concentrés' when 'edibles' then 'comestibles' when 'vapes' then 'vapoteuses' when 'hash' then 'haschich' when 'mushrooms' then 'champignons' when 'bulk-buy' then 'achat en vrac' else '' end) || ' ' || (case strain when 'Hybrid' then 'hybride' else '' end)`;

const frenchSearchVector = sql`setweight(${words("french", "name_fr")} || ${words("simple", "name_fr")}, 'A') || setweight(${words("french", FRENCH_TERMS)}, 'B') || setweight(${words("french", "description_fr")} || ${words("simple", "description_fr")}, 'C')`;

export const products = pg.pgTable(
  "products",
  {
    ...id,
    slug: pg.text("slug").notNull(),
    name: pg.text("name").notNull(),
    category: pg.text("category").notNull(),
    description: pg.text("description").notNull().default(""),
    /** French name and description; empty falls back to the English one (shown as untranslated). */
    nameFr: pg.text("name_fr").notNull().default(""),
    descriptionFr: pg.text("description_fr").notNull().default(""),
    imageUrl: pg.text("image_url").notNull().default(""),
    thumbnailUrls: pg
      .text("thumbnail_urls")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sellingPriceCents: pg.integer("selling_price_cents").notNull(),
    /**
     * The price a product card shows, kept by refreshListedPrice (app/server/inventory/listed-price):
     * the first size in stock, else the first size, else the selling price. Storefront price
     * filters and sorts use it; null (never refreshed) falls back to the selling price.
     */
    listedPriceCents: pg.integer("listed_price_cents"),
    costPriceCents: pg.integer("cost_price_cents").notNull().default(0),
    stock: pg.integer("stock").notNull().default(0),
    stockAlertLevel: pg.integer("stock_alert_level").notNull().default(10),
    rating: pg.doublePrecision("rating"),
    /**
     * Potency (app/lib/potency.ts): THC, total THC, CBD, total CBD in tenths of a mg, per gram or
     * per unit by the cannabis kind; null: not given. Integer tenths rather than numeric(6,1): one
     * decimal stays exact, drizzle reads them as numbers (numeric comes back as text) and the
     * amounts stay integers like net_amount_milli.
     */
    thcTenths: pg.integer("thc_tenths"),
    totalThcTenths: pg.integer("total_thc_tenths"),
    cbdTenths: pg.integer("cbd_tenths"),
    totalCbdTenths: pg.integer("total_cbd_tenths"),
    strain: pg.text("strain"),
    /**
     * The THC and CBD the storefront filters by, kept by refreshListedPrice beside the listed
     * price: total THC (else THC) of the listed size, or of the product when it has no live sizes;
     * likewise for CBD. Tenths of a mg in the product's own unit (per gram or per unit by kind).
     */
    filterThcTenths: pg.integer("filter_thc_tenths"),
    filterCbdTenths: pg.integer("filter_cbd_tenths"),
    sku: pg.text("sku"),
    status: pg.text("status").notNull().default("active"),
    /** The 30 g limit (app/lib/cannabis-limit.ts): null means the category's default kind. */
    cannabisKind: pg.text("cannabis_kind"),
    /** Net amount of one unit of a product sold without sizes, in mg (or thousandths of a seed). */
    netAmountMilli: pg.integer("net_amount_milli"),
    /** One unit as it goes in a parcel (package and all), in grams; null: not weighed yet. */
    packedGrams: pg.integer("packed_grams"),
    /** Made by the sample-data generator (removed with the sample data; the owner's own are kept). */
    sample: pg.boolean("sample").notNull().default(false),
    ...timestamps,
    /**
     * Search (app/server/catalog/search.server.ts): English words as written, accents folded, name
     * (A), strain and category (B), description (C). English pages search this one.
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(englishSearchVector),
    /**
     * French pages' search: the English words above, plus the French name (A) and description
     * (C), as written and as French word forms (the 'french' configuration), and the French
     * category and strain names (B) as French word forms; accents folded.
     */
    searchVectorFr: tsvector("search_vector_fr").generatedAlwaysAs(
      sql`${englishSearchVector} || ${frenchSearchVector}`,
    ),
  },
  (t) => [
    pg.uniqueIndex("products_slug_key").on(t.slug),
    pg.uniqueIndex("products_sku_key").on(t.sku),
    pg.check(
      "products_category_check",
      sql`${t.category} in ('flowers','concentrates','edibles','vapes','hash','mushrooms','bulk-buy')`,
    ),
    pg.check("products_status_check", sql`${t.status} in ('active','draft','archived')`),
    pg.check(
      "products_cannabis_kind_check",
      sql`${t.cannabisKind} is null or ${t.cannabisKind} in ('dried','fresh','edible','liquid','concentrate','seeds','none')`,
    ),
    pg.check(
      "products_net_amount_check",
      sql`${t.netAmountMilli} is null or ${t.netAmountMilli} >= 0`,
    ),
    pg.check("products_packed_grams_check", sql`${t.packedGrams} is null or ${t.packedGrams} > 0`),
    pg.check(
      "products_thc_tenths_check",
      sql`${t.thcTenths} is null or ${t.thcTenths} between 0 and 10000`,
    ),
    pg.check(
      "products_total_thc_tenths_check",
      sql`${t.totalThcTenths} is null or ${t.totalThcTenths} between 0 and 10000`,
    ),
    pg.check(
      "products_cbd_tenths_check",
      sql`${t.cbdTenths} is null or ${t.cbdTenths} between 0 and 10000`,
    ),
    pg.check(
      "products_total_cbd_tenths_check",
      sql`${t.totalCbdTenths} is null or ${t.totalCbdTenths} between 0 and 10000`,
    ),
    pg.check(
      "products_strain_check",
      sql`${t.strain} is null or ${t.strain} in ('Hybrid','Indica','Sativa')`,
    ),
    pg.check("products_selling_price_check", sql`${t.sellingPriceCents} >= 0`),
    pg.check("products_cost_price_check", sql`${t.costPriceCents} >= 0`),
    pg.check("products_listed_price_check", sql`${t.listedPriceCents} >= 0`),
    pg.check("products_stock_check", sql`${t.stock} >= 0`),
    pg.check("products_stock_alert_level_check", sql`${t.stockAlertLevel} >= 0`),
    pg.check(
      "products_rating_check",
      sql`${t.rating} is null or (${t.rating} >= 0 and ${t.rating} <= 5)`,
    ),
    pg.index("products_status_created_idx").on(t.status, t.createdAt.desc(), t.id),
    pg.index("products_category_name_idx").on(t.category, t.status, t.name, t.id),
    pg
      .index("products_category_listed_price_idx")
      .on(t.category, t.status, sql`coalesce(${t.listedPriceCents}, ${t.sellingPriceCents})`, t.id),
    pg.index("products_category_rating_idx").on(t.category, t.status, t.rating, t.id),
    pg.index("products_category_created_idx").on(t.category, t.status, t.createdAt.desc(), t.id),
    pg.index("products_name_idx").on(t.name, t.id),
    // Storefront keyset pagination: "highest rated" counts a missing rating as 5, and the
    // all-products page sorts without a category.
    pg
      .index("products_category_rated_idx")
      .on(t.category, t.status, sql`coalesce(${t.rating}, 5)`, t.id),
    pg.index("products_status_name_idx").on(t.status, t.name, t.id),
    pg
      .index("products_status_listed_price_idx")
      .on(t.status, sql`coalesce(${t.listedPriceCents}, ${t.sellingPriceCents})`, t.id),
    pg.index("products_status_rated_idx").on(t.status, sql`coalesce(${t.rating}, 5)`, t.id),
    // The admin list sorted by stock (products.stock is the sum of the sizes' stock).
    pg.index("products_status_stock_idx").on(t.status, t.stock, t.id),
    pg.index("products_search_idx").using("gin", t.searchVector),
    pg.index("products_search_fr_idx").using("gin", t.searchVectorFr),
    // Storefront potency filters (THC and CBD ranges), of one category or of all products.
    pg
      .index("products_category_potency_idx")
      .on(t.category, t.status, t.filterThcTenths, t.filterCbdTenths),
    pg.index("products_status_potency_idx").on(t.status, t.filterThcTenths, t.filterCbdTenths),
  ],
);

export const productVariations = pg.pgTable(
  "product_variations",
  {
    ...id,
    productId: ownedBy("product_id", () => products.id),
    size: pg.text("size").notNull(),
    sizeUnit: pg.text("size_unit").notNull().default("g"),
    priceCents: pg.integer("price_cents").notNull().default(0),
    stock: pg.integer("stock").notNull().default(0),
    /** This size's potency, in tenths of a mg as on products (app/lib/potency.ts). */
    thcTenths: pg.integer("thc_tenths"),
    totalThcTenths: pg.integer("total_thc_tenths"),
    cbdTenths: pg.integer("cbd_tenths"),
    totalCbdTenths: pg.integer("total_cbd_tenths"),
    position: pg.integer("position").notNull().default(0),
    /** Net amount of one unit of this size (mg, or thousandths of a seed); null: what the size states. */
    netAmountMilli: pg.integer("net_amount_milli"),
    /** One unit as it goes in a parcel (package and all), in grams; null: not weighed yet. */
    packedGrams: pg.integer("packed_grams"),
    /**
     * When the size was removed from the product: an archived size is kept (its stock movements and
     * order lines name it) at stock 0, but no longer listed, sold or counted. Live sizes: null.
     */
    archivedAt: pg.timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [
    pg.index("product_variations_product_idx").on(t.productId, t.position),
    pg.check(
      "product_variations_unit_check",
      sql`${t.sizeUnit} in ('g','oz','ml','pieces','pack')`,
    ),
    pg.check("product_variations_price_check", sql`${t.priceCents} >= 0`),
    pg.check("product_variations_stock_check", sql`${t.stock} >= 0`),
    pg.check(
      "product_variations_net_amount_check",
      sql`${t.netAmountMilli} is null or ${t.netAmountMilli} >= 0`,
    ),
    pg.check(
      "product_variations_packed_grams_check",
      sql`${t.packedGrams} is null or ${t.packedGrams} > 0`,
    ),
    pg.check(
      "product_variations_thc_tenths_check",
      sql`${t.thcTenths} is null or ${t.thcTenths} between 0 and 10000`,
    ),
    pg.check(
      "product_variations_total_thc_tenths_check",
      sql`${t.totalThcTenths} is null or ${t.totalThcTenths} between 0 and 10000`,
    ),
    pg.check(
      "product_variations_cbd_tenths_check",
      sql`${t.cbdTenths} is null or ${t.cbdTenths} between 0 and 10000`,
    ),
    pg.check(
      "product_variations_total_cbd_tenths_check",
      sql`${t.totalCbdTenths} is null or ${t.totalCbdTenths} between 0 and 10000`,
    ),
  ],
);

export const imagesLibrary = pg.pgTable(
  "images_library",
  {
    imageId: pg.uuid("image_id").primaryKey().defaultRandom(),
    imageName: pg.text("image_name").notNull(),
    imageSize: pg.integer("image_size").notNull(),
    imageWidth: pg.integer("image_width").notNull(),
    imageHeight: pg.integer("image_height").notNull(),
    imageUrl: pg.text("image_url").notNull(),
    mimeType: pg.text("mime_type").notNull(),
    fileExtension: pg.text("file_extension").notNull(),
    imageDescription: pg.text("image_description"),
    linkedType: pg.text("linked_type"),
    linkedId: pg.text("linked_id"),
    storageKey: pg.text("storage_key").notNull(),
    variantWidths: pg
      .integer("variant_widths")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    ...createdAt,
  },
  (t) => [
    pg.uniqueIndex("images_library_url_key").on(t.imageUrl),
    pg.index("images_library_created_idx").on(t.createdAt, t.imageId),
    pg.check(
      "images_library_mime_check",
      sql`${t.mimeType} in ('image/jpeg','image/png','image/webp','image/gif')`,
    ),
    pg.check("images_library_size_check", sql`${t.imageSize} >= 0`),
  ],
);
