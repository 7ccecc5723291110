import { FileUp, Mail } from "lucide-react";
import { Form, href, Link, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/list";
import { Badge } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { ListPage, type Column } from "~/components/admin/list-page";
import { DialogButtons, Modal } from "~/components/admin/modal";
import { tabClass } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { useCan } from "~/components/admin/use-can";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { formatDate, formatDateTime, withDateTexts, type Zone } from "~/lib/dates";
import type { FormReply } from "~/lib/form";
import { formatMoney } from "~/lib/money";
import {
  PAYMENT_SOURCE_LABELS,
  PAYMENT_STATE_LABELS,
  PAYMENT_TAB_LABELS,
  PAYMENT_TABS,
  type PaymentSource,
  type PaymentState,
  type PaymentTab,
} from "~/lib/payments";
import { pageCount } from "~/schemas/admin-list";
import {
  paymentActionForm,
  PaymentsQuerySchema,
  type PaymentAct,
  type PaymentsQuery,
} from "~/schemas/payments";
import { redirectWithToast } from "~/server/admin/flash.server";
import { auditActor } from "~/server/auth/actor.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { config } from "~/server/config.server";
import { formReply, parseForm, readForm } from "~/server/http/form.server";
import { errorResponse } from "~/server/http/responses.server";
import {
  assignPayment,
  closePayment,
  paymentById,
  paymentQueue,
  PAYMENTS_PAGE_SIZE,
  settleOverpayment,
  type PaymentRow,
} from "~/server/payments/payment-queue.server";

// Whoever marks orders paid works the payments that need a person.
export const middleware: Route.MiddlewareFunction[] = [requirePermission("orders")];

export const meta: Route.MetaFunction = () => [{ title: "Payments · Admin" }];

function readQuery(request: Request): PaymentsQuery {
  const parsed = PaymentsQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!parsed.success) throw errorResponse(parsed.error.issues[0]!.message, 400);
  return parsed.data;
}

export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(request);
  const [{ rows, counts }, open] = await Promise.all([
    paymentQueue(query.tab, query.page),
    query.act && query.payment ? paymentById(query.payment) : null,
  ]);
  return withDateTexts(
    {
      query,
      counts,
      dialog: open && query.act ? { act: query.act, payment: open } : null,
      list: {
        rows,
        total: counts[query.tab],
        page: query.page,
        pageSize: PAYMENTS_PAGE_SIZE,
        pageCount: pageCount(counts[query.tab], PAYMENTS_PAGE_SIZE),
      },
    },
    config().STORE_TIMEZONE,
  );
}

/** The tab's own URL (the dialogs close back to it). */
function tabHref(tab: PaymentTab, page = 1) {
  const params = new URLSearchParams();
  if (tab !== "waiting") params.set("tab", tab);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${href("/budzadmin/dashboard/payments")}${search ? `?${search}` : ""}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const query = readQuery(request);
  const form = await readForm(request);
  const submission = await parseForm(form, paymentActionForm);
  if (!submission.ok) return submission.reply;
  const actor = auditActor(context);
  const input = submission.data;
  const done =
    input.intent === "accept"
      ? await assignPayment({ paymentId: input.id, actor })
      : input.intent === "assign"
        ? await assignPayment({ paymentId: input.id, orderNumber: input.orderNumber, actor })
        : input.intent === "settle"
          ? await settleOverpayment({ paymentId: input.id, note: input.note, actor })
          : await closePayment({
              paymentId: input.id,
              as: input.intent === "return" ? "returned" : "ignored",
              note: input.note,
              actor,
            });
  if (!done.ok)
    return formReply(done.errors ?? { form: done.message }, { status: done.status, form });
  return redirectWithToast(tabHref(query.tab, query.page), done.message);
}

export default function Payments({ loaderData, actionData }: Route.ComponentProps) {
  const { query, counts, list, dialog, dates } = loaderData;
  const can = useCan();
  return (
    <ListPage
      title="Payments"
      description="e-Transfers read from the payments mailbox and bank exports. Those carrying an order's payment reference pay it by themselves; the rest wait here."
      actions={
        <>
          {can("payments.import") ? (
            <Link
              to={href("/budzadmin/dashboard/payments/import")}
              className={buttonClass("primary")}
            >
              <FileUp className="h-4 w-4" aria-hidden /> Import a bank export
            </Link>
          ) : null}
          {can("settings") ? (
            <Link
              to={href("/budzadmin/dashboard/settings/payment-mailbox")}
              className={buttonClass("secondary")}
            >
              <Mail className="h-4 w-4" aria-hidden /> Payments mailbox
            </Link>
          ) : null}
        </>
      }
      toolbar={<Tabs current={query.tab} counts={counts} />}
      list={list}
      noun="payment"
      table={{
        columns: columnsFor(query, dates),
        rowKey: (row) => row.id,
        caption: `Payments: ${PAYMENT_TAB_LABELS[query.tab].toLowerCase()}, newest first`,
        empty: EMPTY[query.tab],
      }}
      after={
        dialog ? (
          <PaymentDialog
            act={dialog.act}
            payment={dialog.payment}
            closeTo={tabHref(query.tab, query.page)}
            reply={actionData}
            dates={dates}
          />
        ) : null
      }
    />
  );
}

const EMPTY: Record<PaymentTab, string> = {
  waiting: "Nothing waits: every payment read has found its order.",
  "part-paid": "No order is part paid.",
  "to-refund": "No overpayment waits to be sent back.",
  all: "No payments yet. They appear here as the payments mailbox and bank exports are read.",
};

function Tabs({ current, counts }: { current: PaymentTab; counts: Record<PaymentTab, number> }) {
  return (
    <nav
      aria-label="Payment lists"
      className="flex gap-1 overflow-x-auto border-b border-stone-200 px-2 pt-2"
    >
      {PAYMENT_TABS.map((tab) => (
        <Link
          key={tab}
          to={tabHref(tab)}
          aria-current={tab === current ? "page" : undefined}
          className={tabClass(tab === current)}
        >
          {PAYMENT_TAB_LABELS[tab]}{" "}
          <span className="ml-1 rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-700 tabular-nums">
            {counts[tab]}
          </span>
        </Link>
      ))}
    </nav>
  );
}

function orderLink(orderNumber: string) {
  return (
    <Link
      to={href("/budzadmin/dashboard/orders/:orderNumber", { orderNumber })}
      className="font-medium text-brand-800 underline-offset-2 hover:underline"
    >
      {orderNumber}
    </Link>
  );
}

function actHref(query: PaymentsQuery, act: PaymentAct, payment: string) {
  const params = new URLSearchParams({ act, payment });
  if (query.tab !== "waiting") params.set("tab", query.tab);
  if (query.page > 1) params.set("page", String(query.page));
  return `${href("/budzadmin/dashboard/payments")}?${params}`;
}

function columnsFor(query: PaymentsQuery, dates: Zone): Column<PaymentRow>[] {
  const small = "text-xs text-stone-500";
  return [
    {
      key: "received",
      header: "Received",
      hideBelow: "lg",
      className: "whitespace-nowrap",
      cell: (row) => (
        <>
          <span className="block text-stone-800">{receivedText(row, dates)}</span>
          <span className={small}>{PAYMENT_SOURCE_LABELS[row.source as PaymentSource]}</span>
        </>
      ),
    },
    {
      key: "from",
      header: "From",
      cell: (row) => (
        <>
          <span className="block font-medium break-words text-stone-900">
            {row.senderName ?? "Unknown sender"}
          </span>
          <span className={`${small} block lg:hidden`}>{receivedText(row, dates)}</span>
          <span className="mt-1 block text-xs text-stone-700 md:hidden">
            <WhatItIs row={row} tab={query.tab} />
          </span>
          {row.bankReference ? (
            <span className={`${small} hidden font-mono break-all sm:block`}>
              {row.bankReference}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: "amount",
      header: "Amount",
      className: "text-right tabular-nums whitespace-nowrap",
      cell: (row) => <span className="font-semibold">{formatMoney(row.amountCents)}</span>,
    },
    {
      key: "message",
      header: "Message",
      hideBelow: "md",
      className: "max-w-xs",
      cell: (row) =>
        row.message ? (
          <span className="line-clamp-2 break-words text-stone-700" title={row.message}>
            {row.message}
          </span>
        ) : (
          <span className="text-stone-500">No message</span>
        ),
    },
    {
      key: "what",
      header: "What it is",
      hideBelow: "md",
      cell: (row) => <WhatItIs row={row} tab={query.tab} />,
    },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      className: "text-right",
      cell: (row) => <RowActions row={row} query={query} />,
    },
  ];
}

/** When it arrived: a bank export knows the day only. */
function receivedText(row: PaymentRow, dates: Zone) {
  return row.source === "bank_export"
    ? formatDate(row.receivedAt, dates)
    : formatDateTime(row.receivedAt, dates);
}

function WhatItIs({ row, tab }: { row: PaymentRow; tab: PaymentTab }) {
  if (row.state === "suggested" || row.state === "queued")
    return (
      <>
        <span
          className={`font-medium ${row.state === "suggested" ? "text-amber-800" : "text-stone-800"}`}
        >
          {row.reason}
        </span>
        {row.matchedOrderNumber ? (
          <span className="mt-1 block text-sm">
            {row.state === "suggested" ? "Suggested: " : "Names "}
            {orderLink(row.matchedOrderNumber)}
          </span>
        ) : null}
      </>
    );
  if (tab === "part-paid" && row.orderNumber)
    return (
      <span className="text-sm">
        {orderLink(row.orderNumber)}: {formatMoney(row.orderReceivedCents ?? 0)} of{" "}
        {formatMoney(row.orderTotalCents ?? 0)} received
      </span>
    );
  if (tab === "to-refund" && row.orderNumber)
    return (
      <span className="text-sm">
        {row.orderStatus === "cancelled" ? (
          <>
            {formatMoney(row.overCents)} paid toward {orderLink(row.orderNumber)}, since cancelled
          </>
        ) : (
          <>
            {formatMoney(row.overCents)} over the total of {orderLink(row.orderNumber)}
          </>
        )}
      </span>
    );
  return (
    <>
      <Badge tone={row.state === "applied" ? "green" : "stone"}>
        {PAYMENT_STATE_LABELS[row.state as PaymentState]}
      </Badge>
      {row.orderNumber ? (
        <span className="mt-1 block text-sm">{orderLink(row.orderNumber)}</span>
      ) : null}
      {row.note ? <span className="mt-1 block text-xs text-stone-500">{row.note}</span> : null}
    </>
  );
}

function RowActions({ row, query }: { row: PaymentRow; query: PaymentsQuery }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const link = (act: PaymentAct, label: string) => (
    <Link
      to={actHref(query, act, row.id)}
      className={buttonClass("secondary", "sm", "whitespace-nowrap")}
    >
      {label}
    </Link>
  );
  if (row.state === "suggested" || row.state === "queued")
    return (
      <div className="flex flex-wrap justify-end gap-2">
        {row.state === "suggested" && row.matchedOrderNumber ? (
          <Form method="post">
            <input type="hidden" name="intent" value="accept" />
            <input type="hidden" name="id" value={row.id} />
            <button type="submit" disabled={busy} className={buttonClass("primary", "sm")}>
              Apply to {row.matchedOrderNumber}
            </button>
          </Form>
        ) : null}
        {link("assign", "Assign…")}
        {link("return", "Sent back…")}
        {link("ignore", "Ignore…")}
      </div>
    );
  if (row.overCents > 0 && query.tab === "to-refund")
    return link("settle", "Difference sent back…");
  return null;
}

const DIALOG: Record<PaymentAct, { title: string; button: string; label?: string; hint?: string }> =
  {
    assign: {
      title: "Assign to an order",
      button: "Apply payment",
      hint: "The order must be waiting for payment. A short amount part pays it; more than its total pays it and lists the difference under To refund.",
    },
    return: {
      title: "Money sent back",
      button: "Mark as sent back",
      label: "How it was sent back",
      hint: "For example the reference of the e-Transfer you sent back.",
    },
    ignore: {
      title: "Ignore this payment",
      button: "Ignore payment",
      label: "Reason",
      hint: "Staff see the reason in All payments.",
    },
    settle: {
      title: "Difference sent back",
      button: "Mark difference sent back",
      label: "How it was sent back",
      hint: "For example the reference of the e-Transfer you sent back.",
    },
  };

function PaymentDialog({
  act,
  payment,
  closeTo,
  reply,
  dates,
}: {
  act: PaymentAct;
  payment: PaymentRow;
  closeTo: string;
  reply: FormReply | undefined;
  dates: Zone;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const form = useForm({ lastResult: reply });
  const busy = navigation.state === "submitting";
  const text = DIALOG[act];
  const close = () => void navigate(closeTo, { preventScrollReset: true });
  const formId = `payment-${act}`;
  return (
    <Modal
      title={text.title}
      description={`${formatMoney(act === "settle" ? payment.overCents : payment.amountCents)} from ${payment.senderName ?? "an unknown sender"}, ${formatDateTime(payment.receivedAt, dates)}`}
      size="md"
      onClose={close}
      footer={
        <DialogButtons
          formId={formId}
          onClose={close}
          busy={busy}
          variant={act === "ignore" ? "danger" : "primary"}
        >
          {busy ? "Saving…" : text.button}
        </DialogButtons>
      }
    >
      <Form id={formId} method="post" {...form.props} className="space-y-4">
        <FormProvider form={form}>
          <FormSummary />
          <input type="hidden" name="intent" value={act} />
          <input type="hidden" name="id" value={payment.id} />
          {payment.message ? (
            <p className="rounded-lg bg-stone-50 p-3 text-sm break-words text-stone-700">
              Message: “{payment.message}”
            </p>
          ) : null}
          {act === "assign" ? (
            <Field name="orderNumber" label="Order number" required hint={text.hint}>
              {(props) => (
                <input
                  {...props}
                  required
                  defaultValue={form.values?.orderNumber ?? payment.matchedOrderNumber ?? "BBS-"}
                  autoCapitalize="characters"
                  maxLength={20}
                  className={inputClass}
                />
              )}
            </Field>
          ) : (
            <Field name="note" label={text.label!} required hint={text.hint}>
              {(props) => (
                <textarea
                  {...props}
                  required
                  rows={3}
                  maxLength={500}
                  defaultValue={form.values?.note}
                  className={inputClass}
                />
              )}
            </Field>
          )}
        </FormProvider>
      </Form>
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
