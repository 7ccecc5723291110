import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, ownedBy } from "./columns.server";

export const pages = pg.pgTable(
  "pages",
  {
    ...id,
    slug: pg.text("slug").notNull(),
    name: pg.text("name").notNull(),
    path: pg.text("path").notNull(),
    title: pg.text("title").notNull(),
    description: pg.text("description").notNull().default(""),
    content: pg.text("content").notNull().default(""),
    /** The French page; an empty field falls back to the English one. */
    titleFr: pg.text("title_fr").notNull().default(""),
    descriptionFr: pg.text("description_fr").notNull().default(""),
    contentFr: pg.text("content_fr").notNull().default(""),
    isPublished: pg.boolean("is_published").notNull().default(true),
    updatedBy: pg.text("updated_by"),
    ...updatedAt,
    /** Bumped by every save: a save based on an older version is refused (optimistic locking). */
    version: pg.integer("version").notNull().default(1),
  },
  (t) => [pg.uniqueIndex("pages_slug_key").on(t.slug), pg.uniqueIndex("pages_path_key").on(t.path)],
);

/** Every saved copy of a page's HTML (who, when), numbered by the page version it made. */
export const pageRevisions = pg.pgTable(
  "page_revisions",
  {
    ...id,
    pageId: ownedBy("page_id", () => pages.id),
    content: pg.text("content").notNull(),
    version: pg.integer("version").notNull(),
    createdBy: pg.text("created_by").notNull(),
    /** The revision this one restored, when it was made by "Restore". */
    restoredFrom: pg.uuid("restored_from"),
    ...createdAt,
  },
  (t) => [pg.index("page_revisions_page_idx").on(t.pageId, t.version)],
);

export const announcements = pg.pgTable(
  "announcements",
  {
    ...id,
    name: pg.text("name").notNull(),
    message: pg.text("message").notNull(),
    /** The French message; empty falls back to the English one. */
    messageFr: pg.text("message_fr").notNull().default(""),
    couponCode: pg.text("coupon_code"),
    isActive: pg.boolean("is_active").notNull().default(true),
    startDate: pg.timestamp("start_date", { withTimezone: true }),
    endDate: pg.timestamp("end_date", { withTimezone: true }),
    backgroundColor: pg.text("background_color").notNull().default("orange"),
    textColor: pg.text("text_color").notNull().default("white"),
    ...updatedAt,
  },
  (t) => [pg.uniqueIndex("announcements_name_key").on(t.name)],
);

export const storeSettings = pg.pgTable("store_settings", {
  key: pg.text("key").primaryKey(),
  value: pg
    .jsonb("value")
    .notNull()
    .default(sql`'{}'::jsonb`),
  ...updatedAt,
});
