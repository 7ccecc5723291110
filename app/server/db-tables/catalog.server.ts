import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, ownedBy } from "./columns.server";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const products = pgTable(
  "products",
  {
    ...id,
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    description: text("description").notNull().default(""),
    imageUrl: text("image_url").notNull().default(""),
    thumbnailUrls: text("thumbnail_urls")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sellingPriceCents: integer("selling_price_cents").notNull(),
    /**
     * The price a product card shows, kept by refreshListedPrice (app/server/inventory/listed-price):
     * the first size in stock, else the first size, else the selling price. Storefront price
     * filters and sorts use it; null (never refreshed) falls back to the selling price.
     */
    listedPriceCents: integer("listed_price_cents"),
    costPriceCents: integer("cost_price_cents").notNull().default(0),
    stock: integer("stock").notNull().default(0),
    stockAlertLevel: integer("stock_alert_level").notNull().default(10),
    rating: doublePrecision("rating"),
    thc: text("thc"),
    cbd: text("cbd"),
    strain: text("strain"),
    sku: text("sku"),
    status: text("status").notNull().default("active"),
    /** The 30 g limit (app/lib/cannabis-limit.ts): null means the category's default kind. */
    cannabisKind: text("cannabis_kind"),
    /** Net amount of one unit of a product sold without sizes, in mg (or thousandths of a seed). */
    netAmountMilli: integer("net_amount_milli"),
    /** Made by the sample-data generator (removed with the sample data; the owner's own are kept). */
    sample: boolean("sample").notNull().default(false),
    ...timestamps,
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(strain, '') || ' ' || category), 'B') || setweight(to_tsvector('simple', coalesce(description, '')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex("products_slug_key").on(t.slug),
    uniqueIndex("products_sku_key").on(t.sku),
    check(
      "products_category_check",
      sql`${t.category} in ('flowers','concentrates','edibles','vapes','hash','mushrooms','bulk-buy')`,
    ),
    check("products_status_check", sql`${t.status} in ('active','archived')`),
    check(
      "products_cannabis_kind_check",
      sql`${t.cannabisKind} is null or ${t.cannabisKind} in ('dried','fresh','edible','liquid','concentrate','seeds','none')`,
    ),
    check(
      "products_net_amount_check",
      sql`${t.netAmountMilli} is null or ${t.netAmountMilli} >= 0`,
    ),
    check(
      "products_strain_check",
      sql`${t.strain} is null or ${t.strain} in ('Hybrid','Indica','Sativa')`,
    ),
    check("products_selling_price_check", sql`${t.sellingPriceCents} >= 0`),
    check("products_cost_price_check", sql`${t.costPriceCents} >= 0`),
    check("products_listed_price_check", sql`${t.listedPriceCents} >= 0`),
    check("products_stock_check", sql`${t.stock} >= 0`),
    check("products_stock_alert_level_check", sql`${t.stockAlertLevel} >= 0`),
    check(
      "products_rating_check",
      sql`${t.rating} is null or (${t.rating} >= 0 and ${t.rating} <= 5)`,
    ),
    index("products_status_created_idx").on(t.status, t.createdAt.desc(), t.id),
    index("products_category_name_idx").on(t.category, t.status, t.name, t.id),
    index("products_category_listed_price_idx").on(
      t.category,
      t.status,
      sql`coalesce(${t.listedPriceCents}, ${t.sellingPriceCents})`,
      t.id,
    ),
    index("products_category_rating_idx").on(t.category, t.status, t.rating, t.id),
    index("products_category_created_idx").on(t.category, t.status, t.createdAt.desc(), t.id),
    index("products_name_idx").on(t.name, t.id),
    // Storefront keyset pagination: "highest rated" counts a missing rating as 5, and the
    // all-products page sorts without a category.
    index("products_category_rated_idx").on(
      t.category,
      t.status,
      sql`coalesce(${t.rating}, 5)`,
      t.id,
    ),
    index("products_status_name_idx").on(t.status, t.name, t.id),
    index("products_status_listed_price_idx").on(
      t.status,
      sql`coalesce(${t.listedPriceCents}, ${t.sellingPriceCents})`,
      t.id,
    ),
    index("products_status_rated_idx").on(t.status, sql`coalesce(${t.rating}, 5)`, t.id),
    // The admin list sorted by stock (products.stock is the sum of the sizes' stock).
    index("products_status_stock_idx").on(t.status, t.stock, t.id),
    index("products_search_idx").using("gin", t.searchVector),
  ],
);

export const productVariations = pgTable(
  "product_variations",
  {
    ...id,
    productId: ownedBy("product_id", () => products.id),
    size: text("size").notNull(),
    sizeUnit: text("size_unit").notNull().default("g"),
    priceCents: integer("price_cents").notNull().default(0),
    stock: integer("stock").notNull().default(0),
    thc: text("thc"),
    cbd: text("cbd"),
    position: integer("position").notNull().default(0),
    /** Net amount of one unit of this size (mg, or thousandths of a seed); null: what the size states. */
    netAmountMilli: integer("net_amount_milli"),
    /**
     * When the size was removed from the product: an archived size is kept (its stock movements and
     * order lines name it) at stock 0, but no longer listed, sold or counted. Live sizes: null.
     */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [
    index("product_variations_product_idx").on(t.productId, t.position),
    check("product_variations_unit_check", sql`${t.sizeUnit} in ('g','oz','ml','pieces','pack')`),
    check("product_variations_price_check", sql`${t.priceCents} >= 0`),
    check("product_variations_stock_check", sql`${t.stock} >= 0`),
    check(
      "product_variations_net_amount_check",
      sql`${t.netAmountMilli} is null or ${t.netAmountMilli} >= 0`,
    ),
  ],
);

export const imagesLibrary = pgTable(
  "images_library",
  {
    imageId: uuid("image_id").primaryKey().defaultRandom(),
    imageName: text("image_name").notNull(),
    imageSize: integer("image_size").notNull(),
    imageWidth: integer("image_width").notNull(),
    imageHeight: integer("image_height").notNull(),
    imageUrl: text("image_url").notNull(),
    mimeType: text("mime_type").notNull(),
    fileExtension: text("file_extension").notNull(),
    imageDescription: text("image_description"),
    linkedType: text("linked_type"),
    linkedId: text("linked_id"),
    storageKey: text("storage_key").notNull(),
    variantWidths: integer("variant_widths")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    ...createdAt,
  },
  (t) => [
    uniqueIndex("images_library_url_key").on(t.imageUrl),
    index("images_library_created_idx").on(t.createdAt, t.imageId),
    check(
      "images_library_mime_check",
      sql`${t.mimeType} in ('image/jpeg','image/png','image/webp','image/gif')`,
    ),
    check("images_library_size_check", sql`${t.imageSize} >= 0`),
  ],
);
