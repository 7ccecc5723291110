import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { orderPageMessages } from "~/lib/i18n/messages/orders";
import { richText } from "~/lib/i18n/rich-text";
import { translator } from "~/lib/i18n/translate";
import { useMoney, useT } from "~/lib/i18n/use-locale";
import { paymentReference } from "~/lib/payment-reference";
import { useHydrated } from "~/lib/use-hydrated";
import type { OrderView } from "~/server/orders/order-view.server";
import { EmailAddress } from "./order-details";
import { copyText } from "~/lib/clipboard";

/** The one line under the reference: where it goes and what it does. */
export const REFERENCE_INSTRUCTION = translator(orderPageMessages, "en")("referenceInstruction");

/** What is left to send of a pending order: its total less what already arrived. */
export function amountDue(order: { totalAmountCents: number; paymentReceivedCents: number }) {
  const receivedCents = Math.max(0, order.paymentReceivedCents);
  return { receivedCents, dueCents: Math.max(0, order.totalAmountCents - receivedCents) };
}

/**
 * How to pay a pending order (confirmation page, look-up, My Account): the amount still to send,
 * the store's e-Transfer address and the order's payment reference (app/lib/payment-reference.ts)
 * with a Copy button. The store's matching reads the reference in the transfer's message.
 */
export function EtransferInstructions({
  order,
  etransferEmail,
}: {
  order: Pick<
    OrderView,
    "orderNumber" | "totalAmountCents" | "paymentReceivedCents" | "paymentDeadline"
  >;
  etransferEmail: string;
}) {
  const t = useT(orderPageMessages);
  const { money: formatMoney } = useMoney();
  const strong = (text: string) => <strong>{text}</strong>;
  const reference = paymentReference(order.orderNumber);
  const { receivedCents, dueCents } = amountDue(order);
  return (
    <section
      aria-labelledby="pay-title"
      className="overflow-hidden rounded-2xl border-2 border-accent-400 bg-white shadow-sm"
    >
      <div className="bg-accent-400/15 px-5 py-4 sm:px-6">
        <h2 id="pay-title" className="text-lg font-semibold text-stone-900">
          {t("payTitle")}
        </h2>
        <p className="text-sm text-stone-700">
          {t("payIntro")}
          {order.paymentDeadline ? (
            <> {richText(t("payDeadline", { deadline: order.paymentDeadline }), { strong })}</>
          ) : null}
        </p>
      </div>
      {receivedCents > 0 ? (
        <p
          data-testid="payment-progress"
          className="border-b border-stone-100 bg-brand-50 px-5 py-3 text-sm text-stone-800 sm:px-6"
        >
          {richText(
            t("receivedSoFar", {
              received: formatMoney(receivedCents),
              due: formatMoney(dueCents),
            }),
            { strong },
          )}
        </p>
      ) : null}
      <dl className="grid gap-5 px-5 py-5 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-10 sm:px-6">
        <PayDetail label={receivedCents > 0 ? t("amountToSend") : t("amount")}>
          <span className="font-mono text-lg font-semibold text-stone-900">
            {formatMoney(dueCents)}
          </span>
        </PayDetail>
        <PayDetail label={t("sendTo")}>
          <span className="font-mono text-base font-semibold text-stone-900 select-all">
            <EmailAddress address={etransferEmail} />
          </span>
        </PayDetail>
        {reference ? (
          <PayDetail label={t("paymentReference")} wide>
            <ReferenceWithCopy reference={reference} />
          </PayDetail>
        ) : (
          // Not an order number of the store's form (never for a real order): the number as message.
          <PayDetail label={t("message")} wide>
            <span className="font-mono text-base font-semibold text-stone-900 select-all">
              {order.orderNumber}
            </span>
          </PayDetail>
        )}
      </dl>
      <p className="border-t border-stone-100 px-5 py-3 text-sm text-stone-700 sm:px-6">
        {reference ? t("referenceInstruction") : t("orderNumberInstruction")}
      </p>
    </section>
  );
}

function PayDetail({
  label,
  wide = false,
  children,
}: {
  label: string;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={`min-w-0 ${wide ? "sm:col-span-2" : ""}`}>
      <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{label}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

type CopyState = "copied" | "selected" | null;

/**
 * The reference in large letter-spaced type, and a Copy button: the clipboard, then "Copied" in a
 * live region. Where the browser refuses (no Clipboard API on plain http, no permission) the
 * reference is selected instead, for the device's own Copy. The button waits for hydration
 * (disabled until then, like the cart's), so a tap before scripts run is never lost.
 */
function ReferenceWithCopy({ reference }: { reference: string }) {
  const t = useT(orderPageMessages);
  const hydrated = useHydrated();
  const [state, setState] = useState<CopyState>(null);
  const box = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    setState(null); // a second copy is announced again
    if (await copyText(reference)) {
      setState("copied");
      timer.current = setTimeout(() => setState(null), 4000);
      return;
    }
    if (box.current) window.getSelection()?.selectAllChildren(box.current);
    setState("selected");
  };

  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
      <span
        ref={box}
        data-testid="payment-reference"
        className="inline-block rounded-xl border-2 border-dashed border-stone-300 bg-stone-50 py-2 pr-[calc(1rem-0.15em)] pl-4 font-mono text-2xl font-bold tracking-[0.15em] whitespace-nowrap text-stone-900 select-all sm:text-3xl"
      >
        {reference}
      </span>
      <button
        type="button"
        disabled={!hydrated}
        onClick={() => void copy()}
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:border-brand-600 hover:text-brand-800 disabled:cursor-wait disabled:opacity-60"
      >
        {state === "copied" ? (
          <Check className="h-4 w-4 text-brand-700" aria-hidden="true" />
        ) : (
          <Copy className="h-4 w-4" aria-hidden="true" />
        )}
        {t("copy")}
        <span className="sr-only">{t("copyWhat")}</span>
      </button>
      <span role="status" aria-live="polite" className="text-sm font-semibold text-brand-700">
        {state === "copied" ? t("copied") : state === "selected" ? t("copySelected") : ""}
      </span>
    </div>
  );
}
