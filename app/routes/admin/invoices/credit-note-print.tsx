import { ArrowLeft, Download, Printer } from "lucide-react";
import { href } from "react-router";
import type { Route } from "./+types/credit-note-print";
import { buttonClass } from "~/components/admin/button";
import { CreditNoteView } from "~/components/admin/credit-note-document";
import { AdminErrorBoundary } from "~/components/admin/route-error";
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
    <div className="min-h-screen bg-stone-100 print:bg-white">
      <style>{"@page { size: letter; margin: 14mm; }"}</style>
      <header className="sticky top-0 z-10 border-b border-stone-200 bg-white/95 backdrop-blur print:hidden">
        <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-lg font-semibold text-stone-900">Credit note {note.number}</h1>
            <p className="text-sm text-stone-500">
              {note.customer.name} · order {note.orderNumber}
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
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
            <button
              type="button"
              className={buttonClass("primary", "sm")}
              onClick={() => window.print()}
            >
              <Printer className="h-4 w-4" aria-hidden />
              Print
            </button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-3 py-6 sm:px-4 print:max-w-none print:p-0">
        <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-10 print:rounded-none print:border-0 print:p-0 print:shadow-none">
          <CreditNoteView note={note} issuer={issuer} />
        </div>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <main className="min-h-screen bg-stone-100/70">
      <AdminErrorBoundary />
    </main>
  );
}
