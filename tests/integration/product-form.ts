import sharp from "sharp";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { storeImage } from "~/server/images/image-store.server";
import { ProductFormSchema } from "~/schemas/product";

/** THC and CBD, which an active cannabis product needs (on the product, or on each size). */
const POTENCY = { thc: "220", cbd: "1" };

/**
 * The admin product form as the action parses it: "Blue Dream", $40, no sizes, THC 220 and CBD 1
 * mg/g (on each size too), with `overrides`.
 */
export function productFormInput(image: string, overrides: Record<string, unknown> = {}) {
  const variations = Array.isArray(overrides.variations)
    ? (overrides.variations as Record<string, unknown>[]).map((size) => ({ ...POTENCY, ...size }))
    : [];
  const parsed = ProductFormSchema.safeParse({
    ...POTENCY,
    name: "Blue Dream",
    sku: "SKU-BD-1",
    price: "40",
    costPrice: "24",
    category: "flowers",
    currentStock: "12",
    stockAlertLevel: "10",
    netAmount: "1",
    description: "A sativa-leaning hybrid.",
    image,
    thumbnails: [],
    ...overrides,
    variations,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

/**
 * An owner signed in to post the admin's product form, and an uploaded image for it: `post` builds
 * the form request (repeated fields as arrays). Call in a beforeEach, after the database is reset.
 */
export async function productFormOwner(username: string) {
  const origin = "http://store.test";
  const admin = await createAdminUser({ username, password: "owner-pass-1", role: "owner" });
  const cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#2a7" } })
    .png()
    .toBuffer();
  const image = (await storeImage({ body: png, name: "green.png" })).imageUrl;
  const post = (url: string, fields: Record<string, string | string[]>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields))
      for (const one of [value].flat()) body.append(key, one);
    return new Request(`${origin}${url}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: origin },
      body,
    });
  };
  return { image, post };
}
