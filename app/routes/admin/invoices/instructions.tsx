import { href } from "react-router";
import type { Route } from "./+types/instructions";
import { buttonClass } from "~/components/admin/button";
import { InvoiceStatusBadge } from "~/components/admin/invoice-document";
import { Modal, useCloseToList } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { config } from "~/server/config.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

export const meta: Route.MetaFunction = () => [{ title: "Invoice instructions · Admin" }];

export async function loader() {
  const { payments } = await storeSettings();
  return { timeZone: config().STORE_TIMEZONE, etransferEmail: payments.etransferEmail };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <h3 className="font-semibold text-stone-900">{title}</h3>
      <div className="mt-1.5 space-y-2 leading-6 text-stone-700">{children}</div>
    </section>
  );
}

export default function InvoiceInstructions({ loaderData }: Route.ComponentProps) {
  const { timeZone, etransferEmail } = loaderData;
  const close = useCloseToList(href("/budzadmin/dashboard/invoices"));
  return (
    <Modal
      title="How invoices work"
      description="Statuses, e-Transfer matching and printing"
      onClose={close}
      footer={
        <button type="button" className={buttonClass("primary")} onClick={close}>
          Got it
        </button>
      }
    >
      {/* A tab stop, so the keyboard can scroll it on a small screen (WCAG 2.1.1). */}
      <div
        className="space-y-5 rounded-sm text-sm"
        role="region"
        aria-label="Instructions"
        tabIndex={0}
      >
        <Section title="One invoice per order">
          <p>
            Checkout writes the invoice together with the order, so every order has exactly one. It
            carries the order&apos;s number (BBS- and 8 digits), the date the order was placed and
            the prices, discount and shipping the shopper agreed to. Later price changes in the
            catalogue never alter it.
          </p>
        </Section>
        <Section title="Statuses follow the order">
          <ul className="space-y-1.5">
            <li className="grid grid-cols-[5.5rem_1fr] items-start gap-2">
              <span>
                <InvoiceStatusBadge status="pending" />
              </span>
              <span>the order waits for its Interac e-Transfer; the invoice shows how to pay.</span>
            </li>
            <li className="grid grid-cols-[5.5rem_1fr] items-start gap-2">
              <span>
                <InvoiceStatusBadge status="paid" />
              </span>
              <span>
                the order was marked paid, and stays so while it is packed, shipped and delivered.
              </span>
            </li>
            <li className="grid grid-cols-[5.5rem_1fr] items-start gap-2">
              <span>
                <InvoiceStatusBadge status="cancelled" />
              </span>
              <span>
                the order was cancelled (by staff, or unpaid for too long): nothing is owed.
              </span>
            </li>
          </ul>
          <p>
            Invoices are not edited here: change the order on the Orders screen and its invoice
            follows.
          </p>
        </Section>
        <Section title="Matching an e-Transfer">
          <p>
            Shoppers send their payment to{" "}
            <strong>{etransferEmail ?? "the e-Transfer address set in Settings (none yet)"}</strong>{" "}
            with the order&apos;s payment reference in the message. With the payments mailbox
            connected (Settings → Payments) or a bank export imported (Payments), an order whose
            reference arrives is marked paid by itself; the rest waits on the Payments screen, to
            assign to its order in one click.
          </p>
          <p>
            By hand: search for the order in Find an invoice, check that the amount equals the
            invoice total and that the invoice is still Pending, then mark the order paid on the
            Orders screen with the e-Transfer reference. A payment that does not match the total is
            only accepted there with a note.
          </p>
        </Section>
        <Section title="Printing and PDFs">
          <p>
            Print opens a clean copy of the invoice in a new tab; press its Print button. Print
            daily invoices puts every invoice dated that day (midnight to midnight, {timeZone} time)
            in one document, one invoice per page. Pick another day with the date field of Daily
            Invoices.
          </p>
          <p>
            The PDF buttons download the same invoices as a file (one invoice per page) to email to
            a customer or keep for the books.
          </p>
        </Section>
      </div>
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
