import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, ownedBy } from "./columns.server";

export const pages = pgTable(
  "pages",
  {
    ...id,
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    path: text("path").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    content: text("content").notNull().default(""),
    isPublished: boolean("is_published").notNull().default(true),
    updatedBy: text("updated_by"),
    ...updatedAt,
    /** Bumped by every save: a save based on an older version is refused (optimistic locking). */
    version: integer("version").notNull().default(1),
  },
  (t) => [uniqueIndex("pages_slug_key").on(t.slug), uniqueIndex("pages_path_key").on(t.path)],
);

/** Every saved copy of a page's HTML (who, when), numbered by the page version it made. */
export const pageRevisions = pgTable(
  "page_revisions",
  {
    ...id,
    pageId: ownedBy("page_id", () => pages.id),
    content: text("content").notNull(),
    version: integer("version").notNull(),
    createdBy: text("created_by").notNull(),
    /** The revision this one restored, when it was made by "Restore". */
    restoredFrom: uuid("restored_from"),
    ...createdAt,
  },
  (t) => [index("page_revisions_page_idx").on(t.pageId, t.version)],
);

export const announcements = pgTable(
  "announcements",
  {
    ...id,
    name: text("name").notNull(),
    message: text("message").notNull(),
    couponCode: text("coupon_code"),
    isActive: boolean("is_active").notNull().default(true),
    startDate: timestamp("start_date", { withTimezone: true }),
    endDate: timestamp("end_date", { withTimezone: true }),
    backgroundColor: text("background_color").notNull().default("orange"),
    textColor: text("text_color").notNull().default("white"),
    ...updatedAt,
  },
  (t) => [uniqueIndex("announcements_name_key").on(t.name)],
);

export const storeSettings = pgTable("store_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value")
    .notNull()
    .default(sql`'{}'::jsonb`),
  ...updatedAt,
});
