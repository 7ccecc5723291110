import type { Route } from "./+types/credit-note-pdf";
import { creditNoteNotFound, normalizeCreditNoteNumber } from "~/lib/credit-notes";
import { auditActor } from "~/server/auth/actor.server";
import { recordExport } from "~/server/audit/audit-log.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { getCreditNote } from "~/server/invoices/credit-notes.server";
import { renderCreditNotePdf } from "~/server/invoices/invoice-pdf.server";
import { invoiceIssuer } from "~/server/invoices/invoices.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

/** A 404 with its reason as plain text (the link opens as a download, so no page is shown). */
function notFound(message: string) {
  return new Response(message, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/** A credit note's PDF, beside its invoice's: …/pdf/credit-notes/BBS-00000012-R1.pdf. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const typed = params.fileName.replace(/\.pdf$/i, "");
  const number = /\.pdf$/i.test(params.fileName) ? normalizeCreditNoteNumber(typed) : null;
  const note = number ? await getCreditNote(number) : null;
  if (!note) throw notFound(creditNoteNotFound(typed.slice(0, 40)));
  await recordExport(auditActor(context), {
    id: note.number,
    label: `Credit note ${note.number} PDF`,
  });
  const pdf = await renderCreditNotePdf(note, invoiceIssuer());
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename=${note.number}.pdf`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
