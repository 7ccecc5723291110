import { ProductFormSchema } from "~/schemas/product";

/** The admin product form as the action parses it: "Blue Dream", $40, no sizes, with `overrides`. */
export function productFormInput(image: string, overrides: Record<string, unknown> = {}) {
  const parsed = ProductFormSchema.safeParse({
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
    variations: [],
    ...overrides,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}
