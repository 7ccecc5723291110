import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import type { ImageTypeFilter } from "~/lib/image-upload";
import { ADMIN_PAGE_SIZE, pageCount, type ListResult } from "~/schemas/admin-list";
import { imageUsageCounts, productsUsingImage } from "./image-usage.server";
import { db } from "../db.server";
import { imagesLibrary } from "../db-tables";

export type LibraryImage = typeof imagesLibrary.$inferSelect;

export async function listImages(options: {
  q?: string;
  type?: ImageTypeFilter;
  page?: number;
  pageSize?: number;
}): Promise<ListResult<LibraryImage & { usedBy: number }>> {
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (options.q) {
    const pattern = `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(ilike(imagesLibrary.imageName, pattern), ilike(imagesLibrary.imageDescription, pattern))!,
    );
  }
  if (options.type && options.type !== "all") {
    conditions.push(eq(imagesLibrary.mimeType, `image/${options.type}`));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ total }] = (await db().select({ total: count() }).from(imagesLibrary).where(where)) as [
    { total: number },
  ];
  const pages = pageCount(total, pageSize);
  const page = Math.min(options.page ?? 1, pages);
  const rows = await db()
    .select()
    .from(imagesLibrary)
    .where(where)
    .orderBy(desc(imagesLibrary.createdAt), desc(imagesLibrary.imageId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const usage = await imageUsageCounts(rows.map((row) => row.imageUrl));
  return {
    rows: rows.map((row) => ({ ...row, usedBy: usage.get(row.imageUrl) ?? 0 })),
    total,
    page,
    pageCount: pages,
    pageSize,
  };
}

/** Whether the library holds any image at all (to tell the two empty states apart). */
export async function hasImages(): Promise<boolean> {
  const rows = await db().select({ id: imagesLibrary.imageId }).from(imagesLibrary).limit(1);
  return rows.length > 0;
}

export const IMAGE_NOT_FOUND = "This image does not exist (it may have been deleted).";

export async function getImage(imageId: string) {
  if (!isUuid(imageId)) return undefined;
  const [image] = await db().select().from(imagesLibrary).where(eq(imagesLibrary.imageId, imageId));
  if (!image) return undefined;
  return { ...image, usedBy: await productsUsingImage(image.imageUrl) };
}
