import type { Route } from "./+types/credit-note-pdf";
import { creditNoteNotFound, normalizeCreditNoteNumber } from "~/lib/credit-notes";
import { auditActor } from "~/server/auth/actor.server";
import { recordExport } from "~/server/audit/audit-log.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { downloadNotFound, pdfResponse } from "~/server/http/pdf-download.server";
import { getCreditNote } from "~/server/invoices/credit-notes.server";
import { renderCreditNotePdf } from "~/server/invoices/invoice-pdf.server";
import { invoiceIssuer } from "~/server/invoices/invoices.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

/** A credit note's PDF, beside its invoice's: …/pdf/credit-notes/BBS-00000012-R1.pdf. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const typed = params.fileName.replace(/\.pdf$/i, "");
  const number = /\.pdf$/i.test(params.fileName) ? normalizeCreditNoteNumber(typed) : null;
  const note = number ? await getCreditNote(number) : null;
  if (!note) throw downloadNotFound(creditNoteNotFound(typed.slice(0, 40)));
  await recordExport(auditActor(context), {
    id: note.number,
    label: `Credit note ${note.number} PDF`,
  });
  const pdf = await renderCreditNotePdf(note, invoiceIssuer());
  return pdfResponse(pdf, `${note.number}.pdf`);
}
