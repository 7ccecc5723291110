import crypto from "node:crypto";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { eq } from "drizzle-orm";
import sharp, { type OutputInfo } from "sharp";
import { fail, type Result } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { IMAGE_VARIANT_WIDTHS } from "~/lib/images";
import { db, type Executor } from "../db.server";
import { imagesLibrary } from "../db-tables";
import { IMAGE_NOT_FOUND, type LibraryImage } from "./image-library.server";
import { logger } from "../logger.server";
import { BucketError } from "../object-storage/bucket.server";
import { imageStorage, type FileStorage } from "./storage.server";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_IMAGE_PIXELS = 40_000_000;

const FORMATS = {
  jpeg: { mime: "image/jpeg", ext: "jpg" },
  png: { mime: "image/png", ext: "png" },
  webp: { mime: "image/webp", ext: "webp" },
  gif: { mime: "image/gif", ext: "gif" },
} as const;
type Format = keyof typeof FORMATS;

/** The real type of an image from its first bytes, whatever its name or declared type says. */
function sniffImageFormat(bytes: Uint8Array): Format | undefined {
  const starts = (signature: number[], offset = 0) =>
    signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0x47, 0x49, 0x46, 0x38])) return "gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return undefined;
}

export class ImageRejectedError extends Error {}

/**
 * The files could not be written (the bucket refused, is unreachable or too slow; the disk is
 * full): nothing was kept, and the upload is refused with this message (a 503, not a 500).
 */
export class FileNotStoredError extends Error {
  readonly status = 503;
}

/**
 * Writes files, then runs `record` (the row): if a write or the row fails, the files written are
 * removed (as far as the storage lets: what it keeps the daily orphan sweep removes) and the
 * failure is thrown, a storage failure as a FileNotStoredError saying `what` could not be stored.
 */
export async function writeThenRecord<T>(
  storage: FileStorage,
  what: string,
  files: AsyncIterable<{ key: string; body: Buffer }> | Iterable<{ key: string; body: Buffer }>,
  record: () => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  const removeWritten = async () => {
    for (const key of written)
      await storage.remove(key).catch((error: unknown) => {
        logger.warn({ err: error, key }, "file of a refused upload left for the orphan sweep");
      });
  };
  try {
    for await (const file of files) {
      // Listed before the write: a write that timed out may still have landed.
      written.push(file.key);
      await storage.put(file.key, file.body);
    }
  } catch (error) {
    await removeWritten();
    if (error instanceof ImageRejectedError) throw error;
    logger.warn({ err: error }, `${what} not stored`);
    const reason =
      error instanceof BucketError
        ? error.message
        : "the storage refused the file; see the server log.";
    throw new FileNotStoredError(`The ${what} could not be stored: ${reason}`, { cause: error });
  }
  try {
    return await record();
  } catch (error) {
    await removeWritten();
    throw error;
  }
}

/**
 * Re-encodes an image (dropping its metadata), makes its responsive variants, stores the files and
 * records it in the image library; an admin's upload (`actor`) writes its audit entry with it.
 */
export async function storeImage(options: {
  body: Buffer;
  name: string;
  description?: string | null;
  linkedType?: string | null;
  linkedId?: string | null;
  executor?: Executor;
  actor?: AuditActor;
}) {
  const format = sniffImageFormat(options.body);
  if (!format) throw new ImageRejectedError("Please select a valid image file");
  if (options.body.length > MAX_IMAGE_BYTES) {
    throw new ImageRejectedError("File size must be less than 10MB");
  }
  const animated = format === "gif" || format === "webp";
  let encoded: { data: Buffer; info: OutputInfo };
  try {
    const image = sharp(options.body, { limitInputPixels: MAX_IMAGE_PIXELS, animated }).rotate();
    // Optimising a JPEG's Huffman tables holds every coefficient of the image until the end (about
    // 230 MB for 36 megapixels); without it the encoder streams, for a file a few percent larger.
    const reencoded = format === "jpeg" ? image.jpeg({ optimiseCoding: false }) : image[format]();
    encoded = await reencoded.toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRejectedError("Error processing image file");
  }
  const height = encoded.info.pageHeight ?? encoded.info.height;
  const key = `${Date.now()}-${crypto.randomBytes(6).toString("hex")}`;
  const { mime, ext } = FORMATS[format];
  async function* files() {
    yield { key: `${key}.${ext}`, body: encoded.data };
    for (const width of IMAGE_VARIANT_WIDTHS) {
      let variant: Buffer;
      try {
        variant = await sharp(encoded.data)
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer();
      } catch {
        throw new ImageRejectedError("Error processing image file");
      }
      yield { key: `${key}-${width}.webp`, body: variant };
    }
  }
  const record = async (executor: Executor) => {
    const [row] = await executor
      .insert(imagesLibrary)
      .values({
        imageName: options.name.slice(0, 200),
        imageSize: encoded.data.length,
        imageWidth: encoded.info.width,
        imageHeight: height,
        imageUrl: `/images/${key}.${ext}`,
        mimeType: mime,
        fileExtension: ext,
        imageDescription: options.description ?? null,
        linkedType: options.linkedType ?? null,
        linkedId: options.linkedId ?? null,
        storageKey: key,
        variantWidths: [...IMAGE_VARIANT_WIDTHS],
      })
      .returning();
    if (options.actor)
      await recordAudit(executor, {
        actor: options.actor,
        area: "images",
        action: "create",
        record: { type: "image", id: row!.imageId, label: row!.imageName },
        changes: { size: row!.imageSize, width: row!.imageWidth, height: row!.imageHeight },
      });
    return row!;
  };
  return writeThenRecord(imageStorage(), "image", files(), () =>
    options.executor ? record(options.executor) : db().transaction(record),
  );
}

/**
 * Removes an image's library record and its files (a missing file is not an error); a 404 failure
 * when there is no such image.
 */
export async function deleteStoredImage(
  imageId: string,
  actor: AuditActor,
): Promise<Result<{ image: LibraryImage }>> {
  if (!isUuid(imageId)) return fail(404, IMAGE_NOT_FOUND);
  const row = await db().transaction(async (tx) => {
    const [gone] = await tx
      .delete(imagesLibrary)
      .where(eq(imagesLibrary.imageId, imageId))
      .returning();
    if (gone)
      await recordAudit(tx, {
        actor,
        area: "images",
        action: "delete",
        record: { type: "image", id: gone.imageId, label: gone.imageName },
      });
    return gone;
  });
  if (!row) return fail(404, IMAGE_NOT_FOUND);
  // The row is gone: a file the storage keeps (a bucket down) is the orphan sweep's to remove.
  const storage = imageStorage();
  const keys = [
    `${row.storageKey}.${row.fileExtension}`,
    ...row.variantWidths.map((width) => `${row.storageKey}-${width}.webp`),
  ];
  for (const key of keys)
    await storage.remove(key).catch((error: unknown) => {
      logger.warn({ err: error, key }, "image file left for the orphan sweep");
    });
  return { ok: true, image: row };
}
