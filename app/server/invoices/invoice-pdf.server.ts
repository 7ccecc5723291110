import PDFDocument from "pdfkit";
import type { CreditNoteDocument } from "~/lib/credit-notes";
import { feeLabel } from "~/lib/fulfilment";
import { LOCALE_TAGS, type Locale } from "~/lib/i18n/locale";
import { documentsMessages } from "~/lib/i18n/messages/documents";
import { translator, type Translate } from "~/lib/i18n/translate";
import {
  awaitsPayment,
  itemDescription,
  type InvoiceDocument,
  type InvoiceIssuer,
} from "~/lib/invoices";
import { formatMoney } from "~/lib/money";
import { paymentReference } from "~/lib/payment-reference";
import { taxLabelIn } from "~/lib/taxes";

type Pdf = PDFKit.PDFDocument;

const MARGIN = 50;
const INK = "#1c1917";
const MUTED = "#57534e";
const RULE = "#d6d3d1";
const BRAND = "#1f623c";

/** The documents' words in a language (the admin's are English; a shopper's, the order's). */
type Words = Translate<(typeof documentsMessages)["en"]>;

/** What the PDFs are written in: their words and their money. */
interface Language {
  t: Words;
  money: (cents: number) => string;
  locale: Locale;
}

function language(locale: Locale): Language {
  return {
    t: translator(documentsMessages, locale),
    money: (cents) => formatMoney(cents, locale),
    locale,
  };
}

/**
 * A PDF of invoices (Letter size, the standard Helvetica font), each starting on its own page: one
 * invoice, or a day's batch printed one per page. Long invoices continue on a next page. In
 * English (the admin's) unless given the order's language (the shopper's copy, with the document's
 * dates already written in it: getShopperInvoice).
 */
export function renderInvoicesPdf(
  documents: InvoiceDocument[],
  issuer: InvoiceIssuer,
  title?: string,
  locale: Locale = "en",
): Promise<Buffer> {
  const words = language(locale);
  const { t } = words;
  const name =
    title ??
    (documents.length === 1
      ? t("invoiceTitle", { orderNumber: documents[0]!.orderNumber })
      : t("invoicesTitle"));
  return renderPdf(issuer, name, (pdf) => {
    for (const document of documents) {
      pdf.addPage();
      drawInvoice(pdf, document, issuer, words);
    }
  });
}

/** A refund's credit note as a PDF (Letter, Helvetica), laid out like its invoice. */
export function renderCreditNotePdf(
  note: CreditNoteDocument,
  issuer: InvoiceIssuer,
  locale: Locale = "en",
): Promise<Buffer> {
  const words = language(locale);
  return renderPdf(issuer, words.t("creditNoteTitle", { number: note.number }), (pdf) => {
    pdf.addPage();
    drawCreditNote(pdf, note, issuer, words);
  });
}

function renderPdf(
  issuer: InvoiceIssuer,
  title: string,
  draw: (pdf: Pdf) => void,
): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: title, Author: issuer.name, Creator: issuer.name },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  draw(pdf);
  pdf.end();
  return done;
}

function contentWidth(pdf: Pdf) {
  return pdf.page.width - MARGIN * 2;
}

interface Column {
  x: number;
  width: number;
  align: "left" | "right";
}

/** A table's header row on its grey band; returns the first row's y. */
function drawTableHeader(
  pdf: Pdf,
  columns: (Column & { header: string })[],
  y: number,
  width: number,
): number {
  pdf.rect(MARGIN, y, width, 20).fill("#f5f5f4");
  pdf.font("Helvetica-Bold").fontSize(9).fillColor(MUTED);
  for (const c of columns)
    pdf.text(c.header, c.x + (c.align === "left" ? 6 : -6), y + 6, {
      width: c.width,
      align: c.align,
    });
  return y + 26;
}

/** One table row (its cells in their columns) and the rule under it; returns the next row's y. */
function drawRow(
  pdf: Pdf,
  columns: Column[],
  cells: string[],
  y: number,
  height: number,
  right: number,
): number {
  columns.forEach((c, i) =>
    pdf.text(cells[i]!, c.x + (c.align === "left" ? 6 : -6), y, {
      width: c.width - (i === 0 ? 6 : 0),
      align: c.align,
    }),
  );
  const next = y + height;
  pdf
    .moveTo(MARGIN, next - 4)
    .lineTo(right, next - 4)
    .strokeColor("#e7e5e4")
    .lineWidth(0.5)
    .stroke();
  return next;
}

/** The totals, right-aligned, the last (the total) in bold; returns the y below them. */
function drawTotals(
  pdf: Pdf,
  lines: { label: string; value: string; total?: boolean }[],
  y: number,
  right: number,
): number {
  for (const line of lines) {
    pdf
      .font(line.total ? "Helvetica-Bold" : "Helvetica")
      .fontSize(line.total ? 12 : 10)
      .fillColor(INK);
    pdf.text(line.label, right - 250, y, { width: 150, align: "right" });
    pdf.text(line.value, right - 96, y, { width: 90, align: "right" });
    y += line.total ? 20 : 16;
  }
  return y;
}

/** Moves to a new page when `height` more points would not fit; returns the y to draw at. */
function ensureRoom(pdf: Pdf, y: number, height: number): number {
  if (y + height <= pdf.page.height - MARGIN) return y;
  pdf.addPage();
  return MARGIN;
}

/**
 * The store (name, address, contacts, GST/HST number) on the left and the document's heading and
 * lines on the right; returns the y below both, under a rule.
 */
function drawHeading(
  pdf: Pdf,
  issuer: InvoiceIssuer,
  heading: string,
  lines: string[],
  { t }: Language,
): number {
  const width = contentWidth(pdf);
  pdf.font("Helvetica-Bold").fontSize(20).fillColor(BRAND).text(issuer.name, MARGIN, MARGIN);
  pdf
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      [
        issuer.addressLines.join(", "),
        [issuer.email, issuer.phone, issuer.website].filter(Boolean).join("  |  "),
        issuer.gstNumber ? t("gstNumber", { number: issuer.gstNumber }) : "",
      ]
        .filter(Boolean)
        .join("\n"),
      MARGIN,
      MARGIN + 26,
      { width: width * 0.6 },
    );
  const issuerBottom = pdf.y;
  pdf
    .font("Helvetica-Bold")
    .fontSize(16)
    .fillColor(INK)
    .text(heading, MARGIN, MARGIN, { width, align: "right" });
  pdf.font("Helvetica").fontSize(10).fillColor(INK);
  lines.forEach((line, i) =>
    i === 0
      ? pdf.text(line, MARGIN, MARGIN + 22, { width, align: "right" })
      : pdf.text(line, { width, align: "right" }),
  );
  const y = Math.max(MARGIN + 70, issuerBottom + 10, pdf.y + 10);
  pdf
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .strokeColor(RULE)
    .lineWidth(1)
    .stroke();
  return y + 14;
}

/** An invoice's status as printed: "Paid", "Pending" or "Cancelled". */
function statusLabel(status: string, { t }: Language): string {
  if (status === "pending") return t("statusPending");
  if (status === "paid") return t("statusPaid");
  if (status === "cancelled") return t("statusCancelled");
  return status;
}

/**
 * The totals block, in order: subtotal, the discount only when above 0 (with its coupon code),
 * the fee ('FREE' when 0), each sales tax line (as the order recorded it) and the total.
 */
function invoiceTotalLines(
  invoice: InvoiceDocument,
  { t, money, locale }: Language,
): { label: string; value: string; total?: boolean }[] {
  const lines: { label: string; value: string; total?: boolean }[] = [
    { label: t("subtotal"), value: money(invoice.subtotalCents) },
  ];
  if (invoice.discountCents > 0)
    lines.push({
      label: invoice.couponCode
        ? t("discountWithCode", { code: invoice.couponCode })
        : t("discount"),
      value: `-${money(invoice.discountCents)}`,
    });
  lines.push({
    label: feeLabel(invoice.fulfilmentMethod ?? "parcel", locale),
    value: invoice.shippingCostCents === 0 ? t("free") : money(invoice.shippingCostCents),
  });
  for (const tax of invoice.taxLines)
    lines.push({ label: taxLabelIn(tax, locale), value: money(tax.amountCents) });
  lines.push({ label: t("total"), value: money(invoice.totalCents), total: true });
  return lines;
}

/** Under the totals, once the order has refunds: each credit note, and the total after them. */
function invoiceCreditLines(invoice: InvoiceDocument, { t, money }: Language) {
  if (invoice.creditNotes.length === 0) return null;
  const refunded = invoice.creditNotes.reduce((sum, note) => sum + note.amountCents, 0);
  return {
    lines: invoice.creditNotes.map((note) => ({
      label: t("creditNoteLine", { number: note.number, date: note.issuedOn }),
      value: `-${money(note.amountCents)}`,
    })),
    net: { label: t("totalAfterRefunds"), value: money(invoice.totalCents - refunded) },
  };
}

function drawInvoice(pdf: Pdf, invoice: InvoiceDocument, issuer: InvoiceIssuer, words: Language) {
  const { t, money } = words;
  const width = contentWidth(pdf);
  const right = MARGIN + width;
  let y = drawHeading(
    pdf,
    issuer,
    t("invoiceHeading"),
    [
      t("invoiceOrder", { orderNumber: invoice.orderNumber }),
      t("date", { date: invoice.issuedOn }),
      t("status", { status: statusLabel(invoice.status, words) }),
    ],
    words,
  );

  // Customer and shipping address.
  const half = width / 2;
  const label = (text: string, x: number) =>
    pdf
      .font("Helvetica-Bold")
      .fontSize(8)
      .fillColor(MUTED)
      .text(text.toLocaleUpperCase(LOCALE_TAGS[words.locale]), x, y);
  label(t("billTo"), MARGIN);
  label(t("shipTo"), MARGIN + half);
  pdf.font("Helvetica").fontSize(10).fillColor(INK);
  const billTo = [invoice.customer.name, invoice.customer.email, invoice.customer.phone]
    .filter(Boolean)
    .join("\n");
  const { shipping } = invoice;
  const shipTo = `${shipping.name}\n${shipping.street}\n${shipping.city}, ${shipping.province}  ${shipping.postalCode}\n${t("country")}`;
  pdf.text(billTo, MARGIN, y + 13, { width: half - 10 });
  const billBottom = pdf.y;
  pdf.text(shipTo, MARGIN + half, y + 13, { width: half });
  y = Math.max(billBottom, pdf.y) + 20;

  // Items.
  const columns = [
    { header: t("item"), x: MARGIN, width: width - 250, align: "left" as const },
    { header: t("qty"), x: right - 250, width: 50, align: "right" as const },
    { header: t("price"), x: right - 190, width: 90, align: "right" as const },
    { header: t("lineTotal"), x: right - 90, width: 90, align: "right" as const },
  ];
  const header = () => {
    y = drawTableHeader(pdf, columns, y, width);
  };
  header();
  pdf.font("Helvetica").fontSize(10).fillColor(INK);
  for (const item of invoice.items) {
    const description = itemDescription(item);
    const height = pdf.heightOfString(description, { width: columns[0]!.width - 6 }) + 8;
    const next = ensureRoom(pdf, y, height);
    if (next !== y) {
      y = next;
      header();
      pdf.font("Helvetica").fontSize(10).fillColor(INK);
    }
    const cells = [
      description,
      String(item.quantity),
      money(item.priceCents),
      money(item.lineTotalCents),
    ];
    y = drawRow(pdf, columns, cells, y, height, right);
  }

  // Totals.
  y = ensureRoom(pdf, y + 6, 90);
  y = drawTotals(pdf, invoiceTotalLines(invoice, words), y, right);

  // Its credit notes, once refunded, and the total after them.
  const credits = invoiceCreditLines(invoice, words);
  if (credits) {
    for (const line of [...credits.lines, credits.net]) {
      y = ensureRoom(pdf, y, 18);
      const net = line === credits.net;
      pdf
        .font(net ? "Helvetica-Bold" : "Helvetica")
        .fontSize(10)
        .fillColor(INK);
      pdf.text(line.label, MARGIN, y, { width: width - 100, align: "right" });
      pdf.text(line.value, right - 96, y, { width: 90, align: "right" });
      y += 16;
    }
  }

  // Payment.
  y = ensureRoom(pdf, y + 14, 80);
  if (awaitsPayment(invoice)) {
    const reference = paymentReference(invoice.orderNumber);
    const what = reference ? t("thePaymentReference", { reference }) : invoice.orderNumber;
    const how = t("sendPayment", {
      amount: money(invoice.totalCents),
      email: issuer.etransferEmail,
      what,
    });
    const inner = width - 24;
    const height = 34 + pdf.font("Helvetica").fontSize(10).heightOfString(how, { width: inner });
    pdf.rect(MARGIN, y, width, height).fillAndStroke("#fffbeb", "#fcd34d");
    pdf.font("Helvetica-Bold").fontSize(11).fillColor(INK);
    pdf.text(t("howToPay"), MARGIN + 12, y + 10, { width: inner });
    pdf
      .font("Helvetica")
      .fontSize(10)
      .text(how, MARGIN + 12, y + 26, { width: inner });
  } else {
    pdf.font("Helvetica-Bold").fontSize(11).fillColor(INK);
    pdf.text(t(invoice.status === "cancelled" ? "settledCancelled" : "settledPaid"), MARGIN, y, {
      width,
    });
  }
}

/** The credit note's totals: goods, shipping, the tax given back per tax line, the total. */
function creditNoteTotalLines(note: CreditNoteDocument, { t, money }: Language) {
  const lines: { label: string; value: string; total?: boolean }[] = [
    { label: t("goods"), value: money(note.goodsCents) },
  ];
  if (note.shippingCents > 0)
    lines.push({ label: t("shippingCanadaPost"), value: money(note.shippingCents) });
  for (const tax of note.taxLines) lines.push({ label: tax.label, value: money(tax.amountCents) });
  lines.push({ label: t("totalRefunded"), value: money(note.totalCents), total: true });
  return lines;
}

/** "Refunded by Interac e-Transfer to jane@example.com (reference CA77)." */
function refundedByText(note: CreditNoteDocument, { t }: Language): string {
  const method =
    note.method === "Interac e-Transfer"
      ? t("methodEtransfer")
      : note.method === "Other"
        ? t("methodOther")
        : note.method;
  return t("refundedBy", {
    method,
    to: note.sentTo ? t("refundedByTo", { email: note.sentTo }) : "",
    reference: note.reference ? t("refundedByReference", { reference: note.reference }) : "",
  });
}

function drawCreditNote(
  pdf: Pdf,
  note: CreditNoteDocument,
  issuer: InvoiceIssuer,
  words: Language,
) {
  const { t, money } = words;
  const width = contentWidth(pdf);
  const right = MARGIN + width;
  let y = drawHeading(
    pdf,
    issuer,
    t("creditNoteHeading"),
    [
      t("creditNoteNumber", { number: note.number }),
      t("date", { date: note.issuedOn }),
      t("creditsInvoice", { orderNumber: note.orderNumber, date: note.invoiceIssuedOn }),
    ],
    words,
  );

  pdf.font("Helvetica-Bold").fontSize(8).fillColor(MUTED).text(t("refundedTo"), MARGIN, y);
  pdf
    .font("Helvetica")
    .fontSize(10)
    .fillColor(INK)
    .text(
      [note.customer.name, note.customer.email, note.customer.phone].filter(Boolean).join("\n"),
      MARGIN,
      y + 13,
      { width: width / 2 },
    );
  y = pdf.y + 20;

  // What was refunded: items, an amount, shipping.
  const columns = [
    { header: t("refunded"), x: MARGIN, width: width - 160, align: "left" as const },
    { header: t("qty"), x: right - 160, width: 60, align: "right" as const },
    { header: t("amount"), x: right - 100, width: 100, align: "right" as const },
  ];
  y = drawTableHeader(pdf, columns, y, width);
  const rows: [string, string, string][] = note.lines.map((l) => [
    l.restocked ? t("returnedToStock", { description: l.description }) : l.description,
    String(l.quantity),
    money(l.amountCents),
  ]);
  if (note.amountOnlyCents > 0)
    rows.push([t("amountRefundedBeforeTax"), "", money(note.amountOnlyCents)]);
  if (note.shippingCents > 0) rows.push([t("shippingCanadaPost"), "", money(note.shippingCents)]);
  pdf.font("Helvetica").fontSize(10).fillColor(INK);
  for (const cells of rows) {
    const height = pdf.heightOfString(cells[0], { width: columns[0]!.width - 6 }) + 8;
    y = ensureRoom(pdf, y, height);
    y = drawRow(pdf, columns, cells, y, height, right);
  }

  // Totals: goods, shipping, the tax given back per tax line, the total refunded.
  y = ensureRoom(pdf, y + 6, 90);
  y = drawTotals(pdf, creditNoteTotalLines(note, words), y, right);

  y = ensureRoom(pdf, y + 14, 40);
  pdf.font("Helvetica-Bold").fontSize(11).fillColor(INK);
  pdf.text(refundedByText(note, words), MARGIN, y, { width });
  pdf.font("Helvetica").fontSize(10).fillColor(MUTED);
  pdf.text(
    t("refundedSoFar", {
      orderNumber: note.orderNumber,
      refunded: money(note.refundedToDateCents),
      total: money(note.orderTotalCents),
    }),
    { width },
  );
}
