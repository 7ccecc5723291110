import { Download, Printer } from "lucide-react";
import { href, Link } from "react-router";
import type { Route } from "./+types/detail";
import { buttonClass } from "~/components/admin/button";
import { InvoiceDocumentView } from "~/components/admin/invoice-document";
import { CloseButton, Modal, useCloseToList } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { invoicePaths } from "~/lib/invoices";
import { invoiceNotFoundMessage, parseOrderNumberParam } from "~/schemas/invoices";
import { invariantResponse } from "~/server/http/responses.server";
import { getInvoice, invoiceIssuer } from "~/server/invoices/invoices.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Invoice ${data?.invoice.orderNumber ?? ""} · Admin` },
];

export async function loader({ params }: Route.LoaderArgs) {
  const orderNumber = parseOrderNumberParam(params.orderNumber);
  const invoice = orderNumber ? await getInvoice(orderNumber) : null;
  invariantResponse(invoice, invoiceNotFoundMessage(params.orderNumber.slice(0, 40)), {
    status: 404,
  });
  return { invoice, issuer: invoiceIssuer() };
}

export default function InvoicePreview({ loaderData }: Route.ComponentProps) {
  const { invoice, issuer } = loaderData;
  const close = useCloseToList(href("/budzadmin/dashboard/invoices"));
  return (
    <Modal
      title="Invoice Preview"
      description={`${invoice.orderNumber} · ${invoice.customer.name}`}
      size="xl"
      onClose={close}
      footer={
        <>
          <CloseButton onClick={close}>Close</CloseButton>
          <Link
            to={href("/budzadmin/dashboard/orders/:orderNumber", {
              orderNumber: invoice.orderNumber,
            })}
            className={buttonClass("secondary")}
          >
            Order {invoice.orderNumber}
          </Link>
          <a
            href={invoicePaths.pdf(invoice.orderNumber)}
            download
            className={buttonClass("secondary")}
          >
            <Download className="h-4 w-4" aria-hidden />
            Download PDF
          </a>
          <a
            href={invoicePaths.print(invoice.orderNumber)}
            target="_blank"
            rel="noopener"
            className={buttonClass("primary")}
          >
            <Printer className="h-4 w-4" aria-hidden />
            Print
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </>
      }
    >
      <InvoiceDocumentView invoice={invoice} issuer={issuer} focusable />
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
