import type { Route } from "./+types/print-count";
import { printRangeProblem } from "~/lib/print-orders";
import { countOrdersForPrint } from "~/server/orders/order-admin.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

/** How many orders Print Orders would list, so an empty range is said in the dialog. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const problem = printRangeProblem(from, to);
  if (problem) return Response.json({ problem }, { status: 400 });
  return Response.json({ count: await countOrdersForPrint(from, to) });
}
