import {
  awaitsPayment,
  invoiceCredits,
  invoiceStatusLabel,
  invoiceTotals,
  settledNote,
  type InvoiceDocument,
  type InvoiceIssuer,
} from "~/lib/invoices";
import { formatMoney } from "~/lib/money";
import { paymentReference } from "~/lib/payment-reference";
import { Badge, type Tone } from "./badges";
import { variantUrl } from "~/lib/images";

const TONES: Record<string, Tone> = { pending: "amber", paid: "green", cancelled: "red" };

export function InvoiceStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? "stone"}>{invoiceStatusLabel(status)}</Badge>;
}

/** A small heading of an invoice or credit note ("Bill to"), at the level its page needs. */
export function DocumentHeading({
  level = "h3",
  children,
}: {
  level?: "h2" | "h3";
  children: React.ReactNode;
}) {
  const Level = level;
  return (
    <Level className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
      {children}
    </Level>
  );
}

/**
 * The invoice itself: the preview modal and the print pages render this one component (the PDF
 * draws the same content with pdfkit, from the same totals rules).
 */
export function InvoiceDocumentView({
  invoice,
  issuer,
  headingLevel = "h2",
  focusable = false,
}: {
  invoice: InvoiceDocument;
  issuer: InvoiceIssuer;
  headingLevel?: "h1" | "h2";
  /** In a scrolling dialog: a tab stop, so the keyboard can scroll it (WCAG 2.1.1). */
  focusable?: boolean;
}) {
  const Title = headingLevel;
  const { shipping } = invoice;
  const credits = invoiceCredits(invoice);
  const reference = paymentReference(invoice.orderNumber);
  return (
    <article
      aria-label={`Invoice ${invoice.orderNumber}`}
      tabIndex={focusable ? 0 : undefined}
      className="rounded-sm text-sm text-stone-800 print:text-[11pt]"
    >
      <DocumentHeader issuer={issuer}>
        <Title className="text-lg font-bold tracking-wide text-stone-900 uppercase">
          Invoice {invoice.orderNumber}
        </Title>
        <p className="mt-1 text-stone-600">
          Date: <time dateTime={invoice.invoiceDate}>{invoice.issuedOn}</time>
        </p>
        <p className="mt-1 flex items-center gap-2 sm:justify-end">
          <span className="text-stone-600">Status:</span>
          <InvoiceStatusBadge status={invoice.status} />
        </p>
      </DocumentHeader>

      <div className="grid grid-cols-1 gap-5 py-5 sm:grid-cols-2">
        <section>
          <DocumentHeading>Bill to</DocumentHeading>
          <CustomerLines customer={invoice.customer} />
        </section>
        <section>
          <DocumentHeading>Ship to</DocumentHeading>
          <address className="mt-1.5 leading-6 not-italic">
            {shipping.name}
            <br />
            {shipping.street}
            <br />
            {shipping.city}, {shipping.province} {shipping.postalCode}
            <br />
            Canada
          </address>
        </section>
      </div>

      <table className="w-full text-left">
        <caption className="sr-only">Items on invoice {invoice.orderNumber}</caption>
        <thead className="border-y border-stone-200 bg-stone-50 text-xs font-semibold tracking-wide text-stone-500 uppercase print:bg-transparent">
          <tr>
            <th scope="col" className="py-2 pr-2 pl-2 sm:pl-3">
              Item
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Qty
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Price
            </th>
            <th scope="col" className="py-2 pr-2 pl-2 text-right sm:pr-3">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {invoice.items.map((item, i) => (
            <tr key={i} className="break-inside-avoid">
              <td className="py-2 pr-2 pl-2 sm:pl-3">
                <span className="font-medium text-stone-900">{item.name}</span>
                {item.sizeLabel ? (
                  <span className="block text-xs text-stone-500">Size: {item.sizeLabel}</span>
                ) : null}
              </td>
              <td className="px-2 py-2 text-right tabular-nums">{item.quantity}</td>
              <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                {formatMoney(item.priceCents)}
              </td>
              <td className="py-2 pr-2 pl-2 text-right whitespace-nowrap tabular-nums sm:pr-3">
                {formatMoney(item.lineTotalCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <TotalsList lines={invoiceTotals(invoice)} />

      {credits ? (
        <dl
          aria-label="Credit notes"
          className="mt-3 ml-auto w-full max-w-xs space-y-1.5 border-t border-stone-200 pt-3 sm:mr-3"
        >
          {[...credits.lines, credits.net].map((line) => (
            <div
              key={line.label}
              className={`flex justify-between gap-4 ${line === credits.net ? "font-semibold text-stone-900" : ""}`}
            >
              <dt>{line.label}</dt>
              <dd className="tabular-nums">{line.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      {awaitsPayment(invoice) ? (
        <section className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 break-inside-avoid">
          <DocumentHeading>How to pay: Interac e-Transfer</DocumentHeading>
          <p className="mt-2 leading-6">
            Send <strong>{formatMoney(invoice.totalCents)}</strong> to{" "}
            <strong>{issuer.etransferEmail}</strong> and write{" "}
            {reference ? (
              <>
                the payment reference{" "}
                <strong className="font-mono tracking-wider whitespace-nowrap">{reference}</strong>
              </>
            ) : (
              <strong>{invoice.orderNumber}</strong>
            )}{" "}
            in the message. We ship once the payment arrives.
          </p>
        </section>
      ) : (
        <p className="mt-6 font-medium text-stone-900">{settledNote(invoice)}</p>
      )}
    </article>
  );
}

/** The store's name, logo, address, contact and GST/HST number at the top of an invoice or credit note. */
function IssuerBlock({ issuer }: { issuer: InvoiceIssuer }) {
  return (
    <div>
      {issuer.logoUrl ? (
        <img
          src={variantUrl(issuer.logoUrl, 320) ?? issuer.logoUrl}
          alt=""
          width={48}
          height={48}
          className="mb-2 h-12 w-auto max-w-40 object-contain"
        />
      ) : null}
      <p className="text-xl font-bold tracking-tight text-brand-800">{issuer.name}</p>
      <p className="mt-1 text-xs leading-5 text-stone-600">
        {issuer.addressLines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
        {[issuer.email, issuer.phone, issuer.website].filter(Boolean).join(" · ")}
        {issuer.gstNumber ? <span className="block">GST/HST no. {issuer.gstNumber}</span> : null}
      </p>
    </div>
  );
}

/** The top of an invoice or credit note: the store on the left, `children` (what it is) on the right. */
export function DocumentHeader({
  issuer,
  children,
}: {
  issuer: InvoiceIssuer;
  children: React.ReactNode;
}) {
  return (
    <header className="flex flex-col gap-4 border-b border-stone-200 pb-5 sm:flex-row sm:items-start sm:justify-between">
      <IssuerBlock issuer={issuer} />
      <div className="sm:text-right">{children}</div>
    </header>
  );
}

/** Who an invoice bills (or a credit note refunds): name, email and phone, one a line. */
export function CustomerLines({
  customer,
}: {
  customer: { name: string; email: string; phone?: string | null };
}) {
  return (
    <p className="mt-1.5 leading-6">
      <span className="font-medium text-stone-900">{customer.name}</span>
      <br />
      {customer.email}
      {customer.phone ? (
        <>
          <br />
          {customer.phone}
        </>
      ) : null}
    </p>
  );
}

/** The totals under a document's lines, the last one (the total) in bold. */
export function TotalsList({
  lines,
}: {
  lines: { label: string; value: string; total?: boolean }[];
}) {
  return (
    <dl className="mt-4 ml-auto w-full max-w-xs space-y-1.5 border-t border-stone-200 pt-3 sm:mr-3">
      {lines.map((line) => (
        <div
          key={line.label}
          className={`flex justify-between gap-4 ${line.total ? "border-t border-stone-200 pt-2 text-base font-bold text-stone-900" : ""}`}
        >
          <dt>{line.label}</dt>
          <dd className="tabular-nums">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
