import { expect, test } from "./admin-fixtures";
import { confirmDialog, toast } from "./admin-screen";
import { pngBuffer } from "./images";

const chooser = (page: import("@playwright/test").Page) => page.getByLabel("Choose an image file");

test("upload validation: text, 11 MB, HTML disguised as PNG are refused", async ({
  adminPage: page,
}) => {
  await page.goto("/budzadmin/dashboard/images");
  await chooser(page).setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("just text"),
  });
  await expect(page.getByRole("alert")).toHaveText("Please select a valid image file");

  const big = Buffer.alloc(11 * 1024 * 1024);
  (await pngBuffer()).copy(big);
  await chooser(page).setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: big });
  await expect(page.getByRole("alert")).toHaveText("File size must be less than 10MB");

  const disguised = Buffer.from("<html><script>alert(1)</script></html>");
  await chooser(page).setInputFiles({
    name: "photo.png",
    mimeType: "image/png",
    buffer: disguised,
  });
  await expect(page.getByRole("alert")).toHaveText("Error processing image file");

  // The server sniffs the content too, whatever the browser lets through.
  const origin = new URL(page.url()).origin;
  const upload = (name: string, buffer: Buffer, mimeType = "image/png") =>
    page.request.post("/budzadmin/dashboard/images/upload", {
      headers: { Origin: origin },
      multipart: { file: { name, mimeType, buffer } },
    });
  const sniffed = await upload("photo.png", disguised);
  expect(sniffed.status()).toBe(400);
  expect(await sniffed.json()).toEqual({ error: "Please select a valid image file" });
  const tooBig = await upload("huge.png", big);
  expect(tooBig.status()).toBe(413);
  expect(await tooBig.json()).toEqual({ error: "File size must be less than 10MB" });
  const svg = await upload(
    "logo.svg",
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    "image/svg+xml",
  );
  expect(svg.status()).toBe(400);
});

test("a valid PNG is previewed, uploaded, listed, served with long cache, and deleted", async ({
  adminPage: page,
}) => {
  const name = `e2e-upload-${Date.now().toString(36)}.png`;
  await page.goto("/budzadmin/dashboard/images");
  await chooser(page).setInputFiles({
    name,
    mimeType: "image/png",
    buffer: await pngBuffer(120, 80),
  });
  await expect(page.getByRole("img", { name: "Preview of the chosen file" })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByText("120 × 80")).toBeVisible();
  await page.getByLabel("Description (optional)").fill("Uploaded by the e2e test");
  await page.getByRole("button", { name: "Upload Image" }).click();
  await expect(toast(page, "Image uploaded successfully!")).toBeVisible();

  await page.getByRole("searchbox").fill(name);
  await expect(page).toHaveURL(/q=e2e-upload/);
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  // No product uses it yet (say, uploaded from a product form that was then cancelled).
  await expect(card.getByText("Not used", { exact: true })).toBeVisible();
  await card.hover();
  await card.getByRole("link", { name: `View details of ${name}` }).click();
  const details = page.getByRole("dialog", { name: "Image details" });
  await expect(details.getByText("120 × 80 px")).toBeVisible();
  await expect(details.getByText("Uploaded by the e2e test")).toBeVisible();
  await expect(details.getByText("No product uses this image.")).toBeVisible();
  const url = await details.getByRole("link", { name: "Download" }).getAttribute("href");
  expect(url).toMatch(/^\/images\/[\w-]+\.png$/);

  const served = await page.request.get(url!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["cache-control"]).toContain("max-age=31536000");
  expect(served.headers()["cache-control"]).toContain("immutable");
  const variant = await page.request.get(url!.replace(".png", "-320.webp"));
  expect(variant.headers()["content-type"]).toBe("image/webp");

  await details.getByRole("button", { name: "Delete" }).click();
  const confirm = confirmDialog(page);
  await expect(confirm).toContainText(
    "Are you sure you want to delete this image? This action cannot be undone.",
  );
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Image deleted successfully!")).toBeVisible();
  await expect(page.getByText("No images match your filters")).toBeVisible();
  expect((await page.request.get(url!)).status()).toBe(404);
});

test("deleting an image a product uses warns first", async ({ adminPage: page }) => {
  await page.goto("/budzadmin/dashboard/images");
  const used = page
    .getByRole("listitem")
    .filter({ hasText: /used by \d+/ })
    .first();
  await used.hover();
  await used.getByRole("button", { name: /^Delete / }).click();
  await expect(confirmDialog(page)).toContainText(/products? uses? this image/);
  await confirmDialog(page).getByRole("button", { name: "Cancel" }).click();
});
