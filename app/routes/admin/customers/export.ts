import type { Route } from "./+types/export";
import { parseListQuery } from "~/schemas/admin-list";
import { CustomerListQuerySchema } from "~/schemas/customers";
import { requireAdmin } from "~/server/auth/session.server";
import { exportCustomersCsv } from "~/server/customers/customer-export.server";

/** The filtered Customers list as a CSV download (same search and status as the screen). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseListQuery(request.url, CustomerListQuerySchema);
  const chunks = exportCustomersCsv(query);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename=customers-${day}.csv`,
      "Cache-Control": "private, no-store",
    },
  });
}
