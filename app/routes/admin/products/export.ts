import { exportProductsCsv } from "~/server/catalog/product-csv-export.server";
import { csvDownload } from "~/server/http/csv-download.server";

/** Every product as a CSV download (one row per size), in the columns the import reads. */
export async function loader() {
  return csvDownload(exportProductsCsv(), "products");
}
