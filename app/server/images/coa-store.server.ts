import crypto from "node:crypto";
import { writeThenRecord } from "./image-store.server";
import { imageStorage } from "./storage.server";

/**
 * Certificates of analysis uploaded as PDFs (docs/product/lots-and-recalls.md#lots): stored with
 * the images under coa/ (DATA_DIR/images/coa, or images/coa/ in the bucket) with a random name,
 * served at /images/coa/<name>.pdf as application/pdf, never renamed or rewritten.
 */

export const MAX_COA_BYTES = 10 * 1024 * 1024;

export const COA_NOT_PDF = "The certificate of analysis must be a PDF file.";

/** Whether the bytes are a PDF: the file starts with "%PDF-", whatever its name says. */
export function isPdf(bytes: Uint8Array): boolean {
  const signature = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return signature.every((byte, i) => bytes[i] === byte);
}

/**
 * Stores a checked PDF and answers its URL path (the lot's coa_url); a FileNotStoredError (nothing
 * kept) when the storage refuses it. The lot's row comes after: a COA no lot points to is removed
 * by the caller, or by the daily orphan sweep.
 */
export async function storeCoaPdf(body: Buffer): Promise<string> {
  const name = `${Date.now()}-${crypto.randomBytes(12).toString("hex")}.pdf`;
  return writeThenRecord(
    imageStorage(),
    "certificate of analysis",
    [{ key: `coa/${name}`, body }],
    async () => `/images/coa/${name}`,
  );
}

/** Removes a stored certificate nothing refers to (an adjustment refused after the upload). */
export async function removeCoaPdf(url: string) {
  const match = /^\/images\/coa\/([\w-]+\.pdf)$/.exec(url);
  if (match)
    await imageStorage()
      .remove(`coa/${match[1]}`)
      .catch(() => undefined); // Left for the daily orphan sweep.
}
