import { z } from "zod";
import { stripControlCharacters } from "./text";

export const ADMIN_PAGE_SIZE = 20;

/**
 * The URL state every admin list shares: search text and page. Screens extend it with their own
 * filters; a value that does not parse falls back to its default rather than failing the page.
 */
export const ListQuerySchema = z.object({
  q: z
    .string()
    .overwrite(stripControlCharacters)
    .pipe(z.string().trim().max(100))
    .catch("")
    .default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

/** A filter whose value must be one of a fixed set, defaulting to the first. */
export function filterEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values).catch(values[0]).default(values[0]);
}

export function parseListQuery<S extends z.ZodType>(url: URL | string, schema: S): z.output<S> {
  const params = new URL(url).searchParams;
  const raw: Record<string, string> = {};
  for (const [key, value] of params) raw[key] = value;
  return schema.parse(raw);
}

export interface ListResult<T> {
  rows: T[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

export function pageCount(total: number, pageSize = ADMIN_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export const IMPORT_PREVIEW_NOT_FOUND =
  "This import preview does not exist (previews are kept for a day).";

/** An import preview's page and which rows it shows (customers, products). */
export function importPreviewQuery<const T extends readonly [string, ...string[]]>(filters: T) {
  return z.object({
    page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
    show: filterEnum(filters),
  });
}
