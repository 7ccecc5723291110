import {
  creditNoteMethodText,
  creditNoteToDateText,
  creditNoteTotals,
  type CreditNoteDocument,
} from "~/lib/credit-notes";
import type { InvoiceIssuer } from "~/lib/invoices";
import { formatMoney } from "~/lib/money";
import { CustomerLines, DocumentHeader, DocumentHeading, TotalsList } from "./invoice-document";

/**
 * A credit note as printed (the PDF draws the same content with pdfkit, from the same totals
 * rules): the store, the invoice it credits, what was refunded, the tax given back per tax line,
 * how the money went back and the order's refunds so far.
 */
export function CreditNoteView({
  note,
  issuer,
}: {
  note: CreditNoteDocument;
  issuer: InvoiceIssuer;
}) {
  return (
    <article
      aria-label={`Credit note ${note.number}`}
      className="text-sm text-stone-800 print:text-[11pt]"
    >
      <DocumentHeader issuer={issuer}>
        <p className="text-lg font-bold tracking-wide text-stone-900 uppercase">
          Credit note {note.number}
        </p>
        <p className="mt-1 text-stone-600">
          Date: <time dateTime={note.issuedAt}>{note.issuedOn}</time>
        </p>
        <p className="mt-1 text-stone-600">
          Credits invoice {note.orderNumber} of {note.invoiceIssuedOn}
        </p>
      </DocumentHeader>

      <section className="py-5">
        <DocumentHeading level="h2">Refunded to</DocumentHeading>
        <CustomerLines customer={note.customer} />
      </section>

      <table className="w-full text-left">
        <caption className="sr-only">What credit note {note.number} refunds</caption>
        <thead className="border-y border-stone-200 bg-stone-50 text-xs font-semibold tracking-wide text-stone-500 uppercase print:bg-transparent">
          <tr>
            <th scope="col" className="py-2 pr-2 pl-2 sm:pl-3">
              Refunded
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Qty
            </th>
            <th scope="col" className="py-2 pr-2 pl-2 text-right sm:pr-3">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {note.lines.map((line, i) => (
            <tr key={i} className="break-inside-avoid">
              <td className="py-2 pr-2 pl-2 sm:pl-3">
                <span className="font-medium text-stone-900">{line.description}</span>
                {line.restocked ? (
                  <span className="block text-xs text-stone-500">Returned to stock</span>
                ) : null}
              </td>
              <td className="px-2 py-2 text-right tabular-nums">{line.quantity}</td>
              <td className="py-2 pr-2 pl-2 text-right whitespace-nowrap tabular-nums sm:pr-3">
                {formatMoney(line.amountCents)}
              </td>
            </tr>
          ))}
          {note.amountOnlyCents > 0 ? (
            <tr>
              <td className="py-2 pr-2 pl-2 sm:pl-3">Amount refunded (before tax)</td>
              <td className="px-2 py-2" />
              <td className="py-2 pr-2 pl-2 text-right whitespace-nowrap tabular-nums sm:pr-3">
                {formatMoney(note.amountOnlyCents)}
              </td>
            </tr>
          ) : null}
          {note.shippingCents > 0 ? (
            <tr>
              <td className="py-2 pr-2 pl-2 sm:pl-3">Shipping (Canada Post)</td>
              <td className="px-2 py-2" />
              <td className="py-2 pr-2 pl-2 text-right whitespace-nowrap tabular-nums sm:pr-3">
                {formatMoney(note.shippingCents)}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>

      <TotalsList lines={creditNoteTotals(note)} />

      <p className="mt-6 font-medium text-stone-900">{creditNoteMethodText(note)}</p>
      <p className="mt-1 text-stone-600">{creditNoteToDateText(note)}</p>
    </article>
  );
}
