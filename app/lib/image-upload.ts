/**
 * Upload limits (docs/product/catalogue-and-stock.md#images), checked in the browser for instant
 * feedback and again on the server.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];

export const INVALID_IMAGE = "Please select a valid image file";
export const IMAGE_TOO_LARGE = "File size must be less than 10MB";

/** The first problem with a chosen file, or undefined when it may be uploaded. */
export function validateImageFile(file: { type: string; size: number }): string | undefined {
  if (!file.type.startsWith("image/") || !ACCEPTED_IMAGE_TYPES.includes(file.type)) {
    return INVALID_IMAGE;
  }
  if (file.size > MAX_UPLOAD_BYTES) return IMAGE_TOO_LARGE;
  return undefined;
}

export const IMAGE_TYPE_FILTERS = ["all", "jpeg", "png", "webp", "gif"] as const;
export type ImageTypeFilter = (typeof IMAGE_TYPE_FILTERS)[number];
