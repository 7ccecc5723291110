import { ArrowLeft, Download } from "lucide-react";
import { href } from "react-router";
import type { Route } from "./+types/credit-note-print";
import { buttonClass } from "~/components/admin/button";
import { CreditNoteView } from "~/components/admin/credit-note-document";
import { PrintPage } from "~/components/admin/print-page";
import { PlainAdminErrorBoundary } from "~/components/admin/route-error";
import { creditNoteNotFound, creditNotePaths } from "~/lib/credit-notes";
import { invariantResponse } from "~/server/http/responses.server";
import { getCreditNote } from "~/server/invoices/credit-notes.server";
import { invoiceIssuer } from "~/server/invoices/invoices.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

/** A refund's credit note, printable outside the dashboard shell (…/print/credit-notes/BBS-00000012-R1). */
export async function loader({ params }: Route.LoaderArgs) {
  const note = await getCreditNote(params.creditNoteNumber);
  invariantResponse(note, creditNoteNotFound(params.creditNoteNumber.slice(0, 40)), {
    status: 404,
  });
  return { note, issuer: invoiceIssuer() };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Credit note ${data.note.number} · ${data.note.customer.name}` : "Credit note" },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function PrintCreditNote({ loaderData }: Route.ComponentProps) {
  const { note, issuer } = loaderData;
  return (
    <PrintPage
      title={`Credit note ${note.number}`}
      subtitle={`${note.customer.name} · order ${note.orderNumber}`}
      actions={
        <>
          <a
            href={href("/budzadmin/dashboard/orders/:orderNumber", {
              orderNumber: note.orderNumber,
            })}
            className={buttonClass("ghost", "sm")}
          >
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Order {note.orderNumber}
          </a>
          <a
            href={creditNotePaths.pdf(note.number)}
            download
            className={buttonClass("secondary", "sm")}
          >
            <Download className="h-4 w-4" aria-hidden />
            PDF
          </a>
        </>
      }
    >
      <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-10 print:rounded-none print:border-0 print:p-0 print:shadow-none">
        <CreditNoteView note={note} issuer={issuer} />
      </div>
    </PrintPage>
  );
}

export const ErrorBoundary = PlainAdminErrorBoundary;
