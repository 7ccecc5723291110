import { VIEWPORTS } from "../fixtures";
import { expect, test } from "./admin-fixtures";
import { confirmDialog, openFromSidebar, rowsWith, toast } from "./admin-screen";
import { pngBuffer } from "./images";
import { expectAccessible } from "../axe";

test("a product's life: add with variations and an uploaded image, shown in the store, edited, deleted", async ({
  adminPage: page,
}) => {
  const stamp = Date.now().toString(36);
  const name = `E2E Kush ${stamp}`;
  const slug = `e2e-kush-${stamp}`;

  await openFromSidebar(page, "Products", "Product Management");
  await page.getByRole("link", { name: "Add New Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await expect(dialog).toBeVisible();

  // Required fields are named before anything is sent.
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(dialog.getByText("Product Name is required")).toBeVisible();
  await expect(dialog.getByText("Main Product Image is required")).toBeVisible();

  await dialog.getByLabel("Product Name").fill(name);
  await dialog.getByLabel("SKU").fill(`SKU-E2E-${stamp}`);
  await dialog.getByLabel("Category").selectOption("flowers");
  await dialog.getByLabel("Selling Price ($)").fill("40");
  // Cost price follows at 60 % until edited.
  await expect(dialog.getByLabel("Cost Price ($)")).toHaveValue("24.00");
  await dialog.getByLabel("Strain").selectOption("Indica");
  // Potency in mg/g (a flower is dried cannabis); a range is refused with its message.
  await dialog.getByLabel("THC (mg/g)", { exact: true }).fill("18-24%");
  await dialog
    .getByLabel(/^Description(?! \(French\))/)
    .fill("A calm indica grown for the end-to-end test.");
  await dialog.getByTestId("image-file").setInputFiles({
    name: "e2e-kush.png",
    mimeType: "image/png",
    buffer: await pngBuffer(),
  });
  await expect(dialog.getByRole("img", { name: "Main Product Image preview" })).toBeVisible();
  // A thumbnail picked from the Image Library.
  await dialog.getByRole("button", { name: "Choose Thumbnail 1 from library" }).click();
  const library = page.getByRole("dialog", { name: "Choose from Image Library" });
  await library.getByRole("searchbox").fill("flowers");
  await library
    .getByRole("button", { name: /flowers-\d\.jpg/ })
    .first()
    .click();
  await expect(library).toHaveCount(0);
  await expect(dialog.getByRole("img", { name: "Thumbnail 1 preview" })).toBeVisible();

  await dialog.getByRole("button", { name: "Add variation" }).click();
  await dialog.getByLabel("Variation 1 size").fill("3.5");
  await dialog.getByLabel("Variation 1 price").fill("40");
  await dialog.getByLabel("Variation 1 opening stock").fill("6");
  // Its packed weight, for the parcel; the second size is left unweighed.
  await dialog.getByLabel("Variation 1 packed weight in grams").fill("12");
  // With sizes, each size has its potency.
  await expect(dialog.getByLabel("THC (mg/g)", { exact: true })).toHaveCount(0);
  await dialog.getByLabel("Variation 1 Total THC (mg/g)").fill("18-24%");
  await dialog.getByRole("button", { name: "Add variation" }).click();
  await dialog.getByLabel("Variation 2 size").fill("1");
  await dialog.getByLabel("Variation 2 unit").selectOption("oz");
  await dialog.getByLabel("Variation 2 price").fill("250");
  await dialog.getByLabel("Variation 2 opening stock").fill("3");
  await expect(dialog.getByLabel("Current Stock")).toHaveValue("9");
  // A negative cost is refused next to its field; the uploaded image stays in the form.
  await dialog.getByLabel("Cost Price ($)").fill("-1");
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(dialog.getByText("Cost Price cannot be negative")).toBeVisible();
  await expect(dialog.getByLabel("Cost Price ($)")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Cost Price ($)").fill("");
  await dialog.getByLabel("Selling Price ($)").fill("");
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(
    dialog.getByText(
      "Variation 1: Total THC must be a number of mg/g from 0 to 1,000, like 220 or 0.5",
    ),
  ).toBeVisible();
  await dialog.getByLabel("Variation 1 Total THC (mg/g)").fill("220");
  await dialog.getByLabel("Variation 1 CBD (mg/g)", { exact: true }).fill("0.5");
  // Active needs THC and CBD on every size (or the product is saved as a draft).
  await expect(dialog.getByLabel("Status")).toHaveValue("active");
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(
    dialog.getByText(
      "Variation 2: Enter THC or Total THC (mg/g) to make this product active, or save it as a draft.",
    ),
  ).toBeVisible();
  await dialog.getByLabel("Variation 2 Total THC (mg/g)").fill("200");
  await dialog.getByLabel("Variation 2 CBD (mg/g)", { exact: true }).fill("1");
  await expect(dialog.getByRole("img", { name: "Main Product Image preview" })).toBeVisible();
  // With sizes (each has its own price) the product's prices may be left empty.
  await dialog.getByRole("button", { name: "Add Product" }).click();

  await expect(toast(page, "Product added successfully!")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByRole("searchbox").fill(name);
  await expect(page).toHaveURL(/q=E2E/);
  await expect(page.getByText("1 product found")).toBeVisible();
  const row = rowsWith(page, name);
  await expect(row.getByText("9 (Low Stock)").filter({ visible: true })).toBeVisible();

  // The detail view shows this product's real stock and alert level.
  await row.getByRole("link", { name: `View ${name}` }).click();
  const details = page.getByRole("dialog", { name: "Product Details" });
  // Said once, with its units (not "9 (Low Stock) · 9 units").
  await expect(details.getByText("9 units (Low Stock)", { exact: true })).toBeVisible();
  await expect(details.getByRole("definition").filter({ hasText: /^10 units$/ })).toBeVisible();
  await expect(details.getByRole("cell", { name: "1oz", exact: true }).first()).toBeVisible();
  const packed = (size: string) =>
    details
      .getByRole("group", { name: "Variations" })
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: size, exact: true }) });
  await expect(packed("3.5g")).toContainText("12 g");
  await expect(packed("3.5g")).toContainText("THC 220 mg/g · CBD <1 mg/g");
  await expect(packed("1oz")).toContainText("Not weighed");
  await expect(details.locator("img")).toHaveCount(2);
  await details.getByRole("button", { name: "Close", exact: true }).click();

  // The storefront shows it at /products/:slug.
  const store = await page.context().newPage();
  await store.goto(`/products/${slug}`);
  await expect(store.getByRole("heading", { name })).toBeVisible();
  await expect(store.getByText("Indica · THC 220 mg/g · CBD <1 mg/g")).toBeVisible();

  // Edit: the price and the first variation's price (the store shows that one); its stock is
  // counted with Adjust stock, which keeps what was typed in the form.
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  await expect(edit.getByLabel("SKU")).toHaveValue(`SKU-E2E-${stamp}`);
  await expect(edit.getByLabel("Variation 1 packed weight in grams")).toHaveValue("12");
  await expect(edit.getByLabel("Variation 1 Total THC (mg/g)")).toHaveValue("220");
  await edit.getByLabel("Selling Price ($)").fill("42.50");
  await edit.getByLabel("Variation 1 price").fill("42.50");
  await edit.getByRole("button", { name: `Adjust stock of ${name}, 3.5g` }).click();
  const adjust = page.getByRole("dialog", { name: "Adjust stock" });
  await adjust.getByText("Set count").click();
  await adjust.getByLabel("Counted stock").fill("20");
  await expect(adjust.getByText("Stock after: 20")).toBeVisible();
  await adjust.getByRole("button", { name: "Save adjustment" }).click();
  await expect(toast(page, "Stock updated (+14): 20 in stock.")).toBeVisible();
  await expect(adjust).toHaveCount(0);
  await expect(edit.getByLabel("Current Stock")).toHaveValue("23");
  await expect(edit.getByLabel("Variation 1 price")).toHaveValue("42.50");
  await edit.getByRole("button", { name: "Update Product" }).click();
  await expect(toast(page, "Product updated successfully!")).toBeVisible();
  await expect(row.getByText("$42.50").filter({ visible: true })).toBeVisible();
  await expect(row.getByText("23", { exact: true }).filter({ visible: true })).toBeVisible();
  await store.reload();
  await expect(store.getByText("$42.50").first()).toBeVisible();

  // The product's page lists the count with who made it, above the opening stock.
  await row.getByRole("link", { name: `View ${name}` }).click();
  const history = page.getByRole("region", { name: "Stock history" });
  await expect(history.getByRole("row").nth(1)).toContainText("Count correction");
  await expect(history.getByRole("row").nth(1)).toContainText("+14");
  await expect(history.getByText("Opening stock")).toHaveCount(2);
  await page
    .getByRole("dialog", { name: "Product Details" })
    .getByRole("button", { name: "Close", exact: true })
    .click();

  // Delete, after its confirmation.
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = confirmDialog(page);
  await expect(confirm).toContainText(
    "Are you sure you want to delete this product? This action cannot be undone.",
  );
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Product deleted successfully!")).toBeVisible();
  await expect(page.getByText("0 products found")).toBeVisible();
  const gone = await store.goto(`/products/${slug}`);
  expect(gone?.status()).toBe(404);
});

test("search, category filter and paging live in the URL", async ({ adminPage: page }) => {
  await page.goto("/budzadmin/dashboard/products?category=edibles");
  await expect(page.getByLabel("Category")).toHaveValue("edibles");
  const count = Number((await page.getByText(/products found/).textContent())!.match(/\d+/)![0]);
  expect(count).toBeGreaterThan(0);
  await expect(page.getByRole("row").filter({ hasText: "Concentrates" })).toHaveCount(0);

  await page.goto("/budzadmin/dashboard/products");
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Page 2 of/)).toBeVisible();

  // Nonsense in the URL falls back to defaults instead of failing.
  const response = await page.goto("/budzadmin/dashboard/products?page=-4&category=<script>");
  expect(response?.status()).toBe(200);
  await expect(page.getByLabel("Category")).toHaveValue("all");
});

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`on a ${width}`, () => {
    test.use({ viewport });

    test("a selling price that is not a positive amount is refused, in the form and by the server", async ({
      adminPage: page,
    }) => {
      await page.goto("/budzadmin/dashboard/products/new");
      const dialog = page.getByRole("dialog", { name: "Add New Product" });
      const price = dialog.getByLabel("Selling Price ($)");
      await dialog.getByRole("button", { name: "Add variation" }).click();
      for (const typed of ["abc", "0", "-5"]) {
        await price.fill(typed);
        await dialog.getByLabel("Variation 1 price").fill("0");
        await dialog.getByRole("button", { name: "Add Product" }).click();
        await expect(dialog.getByText("Selling Price must be greater than $0.00")).toBeVisible();
        await expect(price).toHaveAttribute("aria-invalid", "true");
        await expect(
          dialog.getByText("Variation 1: Price must be greater than $0.00"),
        ).toBeVisible();
      }

      // The server is the authority: a post that skips the form's checks is refused too.
      const form = new FormData();
      for (const [name, value] of Object.entries({
        name: "Zero Kush",
        sku: `SKU-ZERO-${width}`,
        price: "abc",
        costPrice: "1",
        category: "flowers",
        currentStock: "5",
        stockAlertLevel: "10",
        description: "Would be free.",
        image: "/images/none.png",
      }))
        form.append(name, value);
      const origin = new URL(page.url()).origin;
      const response = await page.request.post("/budzadmin/dashboard/products/new", {
        multipart: form,
        headers: { Origin: origin },
      });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain("Selling Price must be greater than $0.00");
    });
    test("Adjust stock on the product's page: refused below zero, then a count recorded in its history", async ({
      adminPage: page,
    }) => {
      await page.goto("/budzadmin/dashboard/products?category=flowers");
      await page
        .getByRole("link", { name: /^View / })
        .first()
        .click();
      const details = page.getByRole("dialog", { name: "Product Details" });
      await expect(details.getByRole("region", { name: "Stock history" })).toBeVisible();
      await expectAccessible(page);

      await details
        .getByRole("button", { name: /^Adjust stock of / })
        .first()
        .click();
      const adjust = page.getByRole("dialog", { name: "Adjust stock" });
      const now = Number(
        (await adjust.getByText(/in stock now$/).textContent())!.match(/(\d+) in stock now/)![1],
      );
      await adjust.getByText("Remove", { exact: true }).click();
      await adjust.getByLabel("Quantity").fill(String(now + 1));
      await expect(adjust.getByText(`Only ${now} in stock`)).toBeVisible();
      await adjust.getByRole("button", { name: "Save adjustment" }).click();
      await expect(adjust.getByText(/^Stock cannot go below 0: .* left\.$/)).toBeVisible();
      await expect(adjust.getByLabel("Quantity")).toBeFocused();
      await expectAccessible(page);

      await adjust.getByText("Set count").click();
      await adjust.getByLabel("Counted stock").fill(String(now + 3));
      await adjust.getByLabel("Note").fill(`Shelf count (${width})`);
      await adjust.getByRole("button", { name: "Save adjustment" }).click();
      await expect(toast(page, `Stock updated (+3): ${now + 3} in stock.`)).toBeVisible();
      await expect(adjust).toHaveCount(0);
      const latest = details.getByRole("region", { name: "Stock history" }).getByRole("row").nth(1);
      await expect(latest).toContainText("Count correction");
      await expect(latest).toContainText(`Shelf count (${width})`);
      await expect(latest).toContainText("+3");
    });
  });
}
