import { defineMessages } from "../translate";

/**
 * The invoice and credit-note PDFs (app/server/invoices/invoice-pdf.server.ts) as the shopper
 * downloads them, in the order's language. The English is what the admin's printed ones say.
 */
export const documentsMessages = /* @__PURE__ */ defineMessages(
  {
    // Shared
    gstNumber: "GST/HST no. {number}",
    date: "Date: {date}",
    qty: "Qty",
    free: "FREE",
    total: "Total",
    invoiceNotFound: "Invoice not found",

    // Invoice
    invoiceTitle: "Invoice {orderNumber}",
    invoicesTitle: "Invoices",
    invoiceHeading: "INVOICE",
    invoiceOrder: "Invoice / Order: {orderNumber}",
    status: "Status: {status}",
    statusPending: "Pending",
    statusPaid: "Paid",
    statusCancelled: "Cancelled",
    billTo: "Bill to",
    shipTo: "Ship to",
    country: "Canada",
    item: "Item",
    price: "Price",
    lineTotal: "Line total",
    subtotal: "Subtotal",
    discount: "Discount",
    discountWithCode: "Discount ({code})",
    creditNoteLine: "Credit note {number} ({date})",
    totalAfterRefunds: "Total after refunds",
    howToPay: "How to pay: Interac e-Transfer",
    sendPayment:
      "Send {amount} to {email} and write {what} in the message. We ship once the payment arrives.",
    thePaymentReference: "the payment reference {reference}",
    settledCancelled: "This order was cancelled: nothing is owed on this invoice.",
    settledPaid: "Paid in full by Interac e-Transfer. Thank you!",

    // Credit note
    creditNoteTitle: "Credit note {number}",
    creditNoteHeading: "CREDIT NOTE",
    creditNoteNumber: "Credit note: {number}",
    creditsInvoice: "Credits invoice {orderNumber} of {date}",
    refundedTo: "REFUNDED TO",
    refunded: "Refunded",
    amount: "Amount",
    returnedToStock: "{description} (returned to stock)",
    amountRefundedBeforeTax: "Amount refunded (before tax)",
    shippingCanadaPost: "Shipping (Canada Post)",
    goods: "Goods",
    totalRefunded: "Total refunded",
    refundedBy: "Refunded by {method}{to}{reference}.",
    refundedByTo: " to {email}",
    refundedByReference: " (reference {reference})",
    methodEtransfer: "Interac e-Transfer",
    methodOther: "Other",
    refundedSoFar: "Refunded on order {orderNumber} so far: {refunded} of {total}.",
  },
  {
    // Shared
    gstNumber: "N° de TPS/TVH {number}",
    date: "Date\u00a0: {date}",
    qty: "Qté",
    free: "GRATUIT",
    total: "Total",
    invoiceNotFound: "Facture introuvable",

    // Invoice
    invoiceTitle: "Facture {orderNumber}",
    invoicesTitle: "Factures",
    invoiceHeading: "FACTURE",
    invoiceOrder: "Facture / Commande\u00a0: {orderNumber}",
    status: "Statut\u00a0: {status}",
    statusPending: "En attente",
    statusPaid: "Payée",
    statusCancelled: "Annulée",
    billTo: "Facturer à",
    shipTo: "Livrer à",
    country: "Canada",
    item: "Article",
    price: "Prix",
    lineTotal: "Total de la ligne",
    subtotal: "Sous-total",
    discount: "Rabais",
    discountWithCode: "Rabais ({code})",
    creditNoteLine: "Note de crédit {number} ({date})",
    totalAfterRefunds: "Total après remboursements",
    howToPay: "Comment payer\u00a0: virement Interac",
    sendPayment:
      "Envoyez {amount} à {email} et inscrivez {what} dans le message. Nous expédions dès que le paiement arrive.",
    thePaymentReference: "la référence de paiement {reference}",
    settledCancelled:
      "Cette commande a été annulée\u00a0: aucun montant n’est dû sur cette facture.",
    settledPaid: "Payée en totalité par virement Interac. Merci\u00a0!",

    // Credit note
    creditNoteTitle: "Note de crédit {number}",
    creditNoteHeading: "NOTE DE CRÉDIT",
    creditNoteNumber: "Note de crédit\u00a0: {number}",
    creditsInvoice: "Crédite la facture {orderNumber} du {date}",
    refundedTo: "REMBOURSÉ À",
    refunded: "Remboursé",
    amount: "Montant",
    returnedToStock: "{description} (remis en stock)",
    amountRefundedBeforeTax: "Montant remboursé (avant taxes)",
    shippingCanadaPost: "Expédition (Postes Canada)",
    goods: "Marchandises",
    totalRefunded: "Total remboursé",
    refundedBy: "Remboursé par {method}{to}{reference}.",
    refundedByTo: " à {email}",
    refundedByReference: " (référence {reference})",
    methodEtransfer: "virement Interac",
    methodOther: "un autre moyen",
    refundedSoFar:
      "Remboursé sur la commande {orderNumber} à ce jour\u00a0: {refunded} sur {total}.",
  },
);
