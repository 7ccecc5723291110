import { href, redirect } from "react-router";
import type { Route } from "./+types/stock";
import { stockAdjustForm } from "~/schemas/stock";
import { redirectWithToast } from "~/server/admin/flash.server";
import { auditActor } from "~/server/auth/actor.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { throwFailure } from "~/server/http/responses.server";
import { adjustStock } from "~/server/inventory/stock-ledger.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("stock.adjust")];

/** Opened as a page: Adjust stock lives on the product's page. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(
    href("/budzadmin/dashboard/products/:productId", { productId: params.productId }),
  );
}

/**
 * Adjust stock (posted by the dialog on the product form and the product's page): add, remove or
 * set the counted figure of one size, or of a product without sizes. Back to the page it came
 * from with a toast; a refusal (stock below 0) stays in the dialog.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = await parseForm(request, stockAdjustForm);
  if (!submission.ok) return submission.reply;
  const { variationId, mode, quantity, reason, note } = submission.data;
  const result = await adjustStock({
    productId: params.productId,
    variationId: variationId ?? null,
    mode,
    quantity,
    reason,
    note,
    actor: auditActor(context),
  });
  if (!result.ok) {
    if (result.status === 404) throwFailure(result);
    return formReply(
      { quantity: result.message },
      { status: result.status, form: submission.form },
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
