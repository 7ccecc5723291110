import { href, redirect } from "react-router";
import type { Route } from "./+types/refund";
import { formatMoney } from "~/lib/money";
import { cancelRefundForm, refundForm } from "~/schemas/refunds";
import { redirectWithToast } from "~/server/admin/flash.server";
import { auditActor } from "~/server/auth/actor.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { dispatchIntent, formReply, parseForm, readForm } from "~/server/http/form.server";
import { findOrderId } from "~/server/orders/order-admin.server";
import { createRefund, type RefundResult } from "~/server/orders/refunds.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("refunds")];

const NOT_FOUND = "This order does not exist. Check the order number.";

/** Opened as a page: refunds are made from the order's page. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(
    href("/budzadmin/dashboard/orders/:orderNumber", { orderNumber: params.orderNumber }),
  );
}

/**
 * The order page's Refund dialog (intent "refund": items and shipping, or an amount) and Cancel
 * order of a paid order (intent "cancel": the cancellation with its refund of everything left).
 * Back to the order with a toast; a refusal stays in the dialog with its message (400 bad input,
 * 409 a stale form, 422 more than remains).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const orderId = await findOrderId(params.orderNumber);
  if (!orderId) return formReply({ form: NOT_FOUND }, { status: 404, form });
  const actor = auditActor(context);

  const answer = (result: RefundResult) => {
    if (!result.ok)
      return formReply(result.errors ?? { form: result.message }, {
        status: result.status,
        form,
      });
    const page = href("/budzadmin/dashboard/orders/:orderNumber", {
      orderNumber: result.orderNumber,
    });
    const refunded = result.creditNoteNumber
      ? `Refunded ${formatMoney(result.amountCents)} (credit note ${result.creditNoteNumber}).`
      : "";
    const kept = result.notRestocked.length
      ? ` Not restocked (size removed since): ${result.notRestocked.join(", ")}.`
      : "";
    const message = result.cancelled
      ? `${result.orderNumber} is now Cancelled. ${refunded || "Nothing was left to refund."}${kept}`
      : `${refunded}${kept}`;
    return redirectWithToast(page, message);
  };

  return dispatchIntent(form, {
    refund: async () => {
      const submission = await parseForm(form, refundForm);
      if (!submission.ok) return submission.reply;
      return answer(await createRefund({ orderId, ...submission.data, actor }));
    },
    cancel: async () => {
      const submission = await parseForm(form, cancelRefundForm);
      if (!submission.ok) return submission.reply;
      const { from, reason, ...data } = submission.data;
      return answer(await createRefund({ orderId, ...data, cancel: { reason, from }, actor }));
    },
  });
}
