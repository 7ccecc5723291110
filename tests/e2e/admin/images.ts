import sharp from "sharp";

/** A small real PNG for upload tests. */
export function pngBuffer(width = 64, height = 48, background = "#2f8a4f"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}
