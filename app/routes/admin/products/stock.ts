import { data, href, redirect } from "react-router";
import type { Route } from "./+types/stock";
import { isUuid } from "~/lib/ids";
import { CHOOSE_COUNTED_LOT, stockAdjustForm } from "~/schemas/stock";
import { redirectWithToast } from "~/server/admin/flash.server";
import { auditActor } from "~/server/auth/actor.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { errorResponse, throwFailure } from "~/server/http/responses.server";
import { COA_NOT_PDF, isPdf, removeCoaPdf, storeCoaPdf } from "~/server/images/coa-store.server";
import { FileNotStoredError } from "~/server/images/image-store.server";
import { listSizeLots } from "~/server/inventory/lots.server";
import { adjustStock, PRODUCT_OR_SIZE_NOT_FOUND } from "~/server/inventory/stock-ledger.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("stock.adjust")];

/**
 * `?variationId=<size>` (empty for a product without sizes): the size's lots Adjust stock offers,
 * as JSON. Opened as a page: Adjust stock lives on the product's page.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  if (!query.has("variationId"))
    return redirect(
      href("/budzadmin/dashboard/products/:productId", { productId: params.productId }),
    );
  const variationId = query.get("variationId") || null;
  if (variationId !== null && !isUuid(variationId))
    throw errorResponse(
      "variationId must be a size's id, or empty for a product without sizes.",
      400,
    );
  return data(
    { lots: await listSizeLots(params.productId, variationId) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * Adjust stock (posted by the dialog on the product form and the product's page): add, remove or
 * set the counted figure of one size, or of a product without sizes, in a lot. Back to the page it
 * came from with a toast; a refusal (stock below 0, a lot received again with other dates, a file
 * that is not a PDF) stays in the dialog with the message on its field.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = await parseForm(request, stockAdjustForm);
  if (!submission.ok) return submission.reply;
  const { variationId, mode, quantity, reason, note, receive, coaFile } = submission.data;
  const refuse = (errors: Record<string, string>, status = 400) =>
    formReply(errors, { status, form: submission.form });
  let lotId = submission.data.lotId;
  if (mode === "set" && !lotId) {
    // A count is of one lot: with several, staff say which; with one, it is that one.
    const lots = await listSizeLots(params.productId, variationId ?? null);
    if (lots.length > 1) return refuse({ lotId: CHOOSE_COUNTED_LOT });
    lotId = lots[0]?.id ?? null;
  }
  let storedCoa: string | null = null;
  if (receive && coaFile) {
    const bytes = Buffer.from(await coaFile.arrayBuffer());
    if (!isPdf(bytes)) return refuse({ coaFile: COA_NOT_PDF });
    try {
      storedCoa = await storeCoaPdf(bytes);
    } catch (error) {
      // The storage refused the PDF (nothing kept): said on the field, the stock unchanged.
      if (error instanceof FileNotStoredError) return refuse({ coaFile: error.message }, 503);
      throw error;
    }
  }
  const result = await adjustStock({
    productId: params.productId,
    variationId: variationId ?? null,
    mode,
    quantity,
    reason,
    note,
    lot: receive
      ? { receive: { ...receive, coaUrl: storedCoa ?? receive.coaUrl } }
      : lotId
        ? { lotId }
        : undefined,
    actor: auditActor(context),
  });
  if (!result.ok) {
    if (storedCoa) await removeCoaPdf(storedCoa);
    // A lot gone from the list (another tab, a recall) is said on the lot; a product gone is a 404.
    if (result.status === 404 && result.message !== PRODUCT_OR_SIZE_NOT_FOUND && lotId)
      return refuse({ lotId: result.message }, 404);
    if (result.status === 404) throwFailure(result);
    const onLot = lotId && /^Lot /.test(result.message);
    return refuse(
      result.errors
        ? (result.errors as Record<string, string>)
        : { [onLot ? "lotId" : "quantity"]: result.message },
      result.status,
    );
  }
  const products = href("/budzadmin/dashboard/products");
  const returnTo = String(submission.form.get("returnTo") ?? "");
  const back = returnTo.startsWith(`${products}/`) ? returnTo : products;
  const change = result.quantity > 0 ? `+${result.quantity}` : String(result.quantity);
  return redirectWithToast(
    back,
    result.quantity === 0
      ? `Stock unchanged: ${result.stockAfter} in stock.`
      : `Stock updated (${change}): ${result.stockAfter} in stock.`,
  );
}
