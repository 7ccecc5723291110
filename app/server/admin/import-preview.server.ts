import { dateTexts } from "~/lib/dates";
import { IMPORT_PREVIEW_NOT_FOUND, importPreviewQuery } from "~/schemas/admin-list";
import { config } from "../config.server";
import { invariantResponse } from "../http/responses.server";

/**
 * An import preview's page (customers, products): the rows shown (`?show=` one of `filters`, and
 * the page) read by `read`, a 404 when there is no such preview, and its dates in words.
 */
export async function loadImportPreview<
  const Filters extends readonly [string, ...string[]],
  Preview extends { createdAt: Date; importedAt: Date | null },
>(
  request: Request,
  filters: Filters,
  read: (query: { page: number; show: Filters[number] }) => Promise<Preview | undefined>,
) {
  const query = importPreviewQuery(filters).parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  const preview = await read(query);
  invariantResponse(preview, IMPORT_PREVIEW_NOT_FOUND, { status: 404 });
  const dates = dateTexts([preview.createdAt, preview.importedAt], config().STORE_TIMEZONE);
  return { preview, show: query.show, dates };
}
