import { redirect } from "react-router";
import type { Route } from "./+types/labels";
import { isUuid } from "~/lib/ids";
import { LABEL_BATCH_LIMIT, SHIPPING_LIST_PATH } from "~/schemas/shipping";
import { redirectWithToast } from "~/server/admin/flash.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { auditActor } from "~/server/auth/actor.server";
import { dispatchIntent, formReply, readForm } from "~/server/http/form.server";
import { createLabels, labelsSummary, voidLabel } from "~/server/shipping/labels.server";

// Canada Post labels from the Shipping screen (…/shipping/labels): intent=create with one or
// several shipmentId values (a row's button, or the selected rows), intent=void with one. Answers
// with a redirect back to the list and a toast saying what was bought or refused.

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

/** Nothing to show here: the labels are on the Shipping list. */
export function loader() {
  return redirect(SHIPPING_LIST_PATH);
}

const INVALID = "This label request is not valid. Reload the page and try again.";

/** The list's URL the form was posted from (its search and filter), or the plain list. */
function backTo(form: FormData): string {
  const search = form.get("search");
  const safe = typeof search === "string" && /^\?[^\s#]*$/.test(search) ? search : "";
  return `${SHIPPING_LIST_PATH}${safe}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const ids = form.getAll("shipmentId").filter((id): id is string => typeof id === "string");
  if (ids.some((id) => !isUuid(id))) return formReply({ form: INVALID });
  const actor = auditActor(context);
  return dispatchIntent(form, {
    create: async () => {
      if (ids.length === 0) return formReply({ form: "Select the orders to create labels for." });
      if (ids.length > LABEL_BATCH_LIMIT)
        return formReply({ form: `Create at most ${LABEL_BATCH_LIMIT} labels at a time.` });
      const results = await createLabels({ shipmentIds: ids, actor });
      const bought = results.some((r) => r.ok);
      return redirectWithToast(backTo(form), labelsSummary(results), bought ? "success" : "error");
    },
    void: async () => {
      if (ids.length !== 1) return formReply({ form: INVALID });
      const result = await voidLabel({ shipmentId: ids[0]!, actor });
      return redirectWithToast(backTo(form), result.message, result.ok ? "success" : "error");
    },
  });
}
