import { describe, expect, it } from "vitest";
import { adminStockText } from "~/components/admin/badges";
import { validateImageFile } from "~/lib/image-upload";
import { slugify } from "~/lib/slug";
import { filterEnum, ListQuerySchema, parseListQuery } from "./admin-list";
import { AdminLoginSchema } from "./admin-login";
import { productFormValues } from "~/lib/product-fields";
import { ProductFormSchema } from "./product";

describe("admin list URL state", () => {
  const Schema = ListQuerySchema.extend({ status: filterEnum(["active", "archived", "all"]) });

  it("reads search, page and filters, falling back to defaults on nonsense", () => {
    expect(parseListQuery("http://x/p?q=%20kush%20&page=3&status=archived", Schema)).toEqual({
      q: "kush",
      page: 3,
      status: "archived",
    });
    expect(
      parseListQuery("http://x/p?page=-2&status=<script>&q=" + "a".repeat(300), Schema),
    ).toEqual({ q: "", page: 1, status: "active" });
    expect(parseListQuery("http://x/p?page=1.5", Schema).page).toBe(1);
  });
});

describe("admin login form", () => {
  it("requires both fields", () => {
    expect(
      AdminLoginSchema.safeParse({ username: " ", password: "x" }).error!.issues[0]!.message,
    ).toBe("Username is required");
    expect(
      AdminLoginSchema.safeParse({ username: "a", password: "" }).error!.issues[0]!.message,
    ).toBe("Password is required");
  });
});

describe("admin stock display", () => {
  it("shows Out of Stock, a low count with (Low Stock), or the plain count", () => {
    expect(adminStockText(0, 10)).toBe("Out of Stock");
    expect(adminStockText(10, 10)).toBe("10 (Low Stock)");
    expect(adminStockText(11, 10)).toBe("11");
    expect(adminStockText(3, 2)).toBe("3");
  });
});

describe("image checks in the browser", () => {
  it("accepts JPEG, PNG, WebP and GIF up to 10MB", () => {
    expect(validateImageFile({ type: "image/png", size: 10 * 1024 * 1024 })).toBeUndefined();
    expect(validateImageFile({ type: "image/png", size: 10 * 1024 * 1024 + 1 })).toBe(
      "File size must be less than 10MB",
    );
    expect(validateImageFile({ type: "text/plain", size: 10 })).toBe(
      "Please select a valid image file",
    );
    expect(validateImageFile({ type: "image/svg+xml", size: 10 })).toBe(
      "Please select a valid image file",
    );
  });
});

describe("slugs", () => {
  it("makes URL-safe names", () => {
    expect(slugify("Léa's Blue Dream 3.5g")).toBe("leas-blue-dream-3-5g");
    expect(slugify("  --  ")).toBe("");
    expect(slugify("x".repeat(200))).toHaveLength(80);
  });
});

describe("product form fields", () => {
  it("reads parallel variation rows and the four thumbnail slots from FormData", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: "Gelato",
      sku: "G-1",
      price: "$1,234.5",
      costPrice: "",
      category: "flowers",
      stockAlertLevel: "5",
      description: "Sweet.",
      image: "/images/1-abc.png",
      rating: "4.5",
    }))
      form.set(k, v);
    for (const url of ["", "/images/2-def.webp", "", ""]) form.append("thumbnail", url);
    for (const [id, size, unit, price, stock] of [
      ["", "1", "g", "10", "2"],
      ["", "1", "oz", "200", "1"],
    ]) {
      form.append("variationId", id!);
      form.append("variationSize", size!);
      form.append("variationUnit", unit!);
      form.append("variationPrice", price!);
      form.append("variationStock", stock!);
      form.append("variationThc", "220");
      form.append("variationCbd", "1");
    }
    // With sizes the cost price may be left empty (each size has its own price).
    expect(ProductFormSchema.parse(productFormValues(form)).costPrice).toBe(0);
    form.set("costPrice", "740.70");
    const parsed = ProductFormSchema.parse(productFormValues(form));
    expect(parsed).toMatchObject({
      price: 123_450,
      costPrice: 74_070,
      thumbnails: ["/images/2-def.webp"],
      stock: 3,
      rating: 4.5,
      strain: null,
      status: "active",
    });
    expect(parsed.variations.map((v) => [v.size, v.unit, v.price, v.stock])).toEqual([
      ["1", "g", 1000, 2],
      ["1", "oz", 20_000, 1],
    ]);
  });

  it("refuses a rating above 5, a stock that is not a whole number and outside image URLs", () => {
    const base = {
      name: "A",
      sku: "A",
      price: "1",
      costPrice: "1",
      category: "hash",
      stockAlertLevel: "1",
      description: "d",
      image: "/images/1-a.png",
      currentStock: "1",
      thumbnails: [],
      variations: [],
    };
    const messages = (extra: object) =>
      ProductFormSchema.safeParse({ ...base, ...extra }).error?.issues.map((i) => i.message);
    expect(messages({ rating: "6" })).toEqual(["Rating must be between 0 and 5"]);
    expect(messages({ currentStock: "2.5" })).toEqual([
      "Current Stock must be a whole number of 0 or more",
    ]);
    expect(messages({ thumbnails: ["javascript:alert(1)"] })).toHaveLength(1);
    expect(messages({ sku: "a b" })).toEqual([
      "SKU may only contain letters, digits, dots, dashes and underscores",
    ]);
  });
});
