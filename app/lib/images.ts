/** Widths of the WebP variants made for every stored image (see image-store.server.ts). */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960] as const;

const STORED_IMAGE = /^\/images\/([\w-]+)\.(jpg|png|webp|gif)$/;

export function variantUrl(imageUrl: string, width: number): string | undefined {
  const match = STORED_IMAGE.exec(imageUrl);
  return match ? `/images/${match[1]}-${width}.webp` : undefined;
}

/** The srcset of a stored image, or undefined for an outside URL (shown as it is). */
export function imageSrcSet(imageUrl: string): string | undefined {
  if (!STORED_IMAGE.test(imageUrl)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((w) => `${variantUrl(imageUrl, w)} ${w}w`).join(", ");
}
