import { Download, ShieldAlert } from "lucide-react";
import { useRef } from "react";
import { Form, href, Link, useNavigation } from "react-router";
import type { Route } from "./+types/detail";
import { Badge, OrderStatusBadge, unitsText } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import { inputClass, selectClass } from "~/components/admin/field";
import { DataTable, ListCard, Pagination, type Column } from "~/components/admin/list-page";
import { ConfirmDialog } from "~/components/admin/modal";
import { DetailPage, Section } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { useCan } from "~/components/admin/use-can";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { formatCalendarDay, formatDate, formatDateTime, withDateTexts } from "~/lib/dates";
import { replyOf, type FormReply } from "~/lib/form";
import {
  noticeStateLabel,
  ORDER_REACH_LABELS,
  orderReach,
  RECALL_NOTICE_NUMBER_MAX,
  RECALL_NOTICE_TEXT_MAX,
} from "~/lib/lot-recall";
import { lotLabel } from "~/lib/lots";
import { SHIPPED_STATUSES, statusName } from "~/lib/order-status";
import { parseListQuery } from "~/schemas/admin-list";
import { LotOrdersQuerySchema, recallLotForm, recallReturnForm } from "~/schemas/lots";
import { redirectWithToast } from "~/server/admin/flash.server";
import { assertPermission, requirePermission } from "~/server/auth/admin-guard.server";
import { auditActor } from "~/server/auth/actor.server";
import { config } from "~/server/config.server";
import { dispatchIntent, formReply, parseForm, readForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";
import {
  getLot,
  listLotOrders,
  LOT_NOT_FOUND,
  lotOrdersSummary,
  recallLot,
  recordRecallReturn,
} from "~/server/inventory/lot-recall.server";
import {
  listRecallNotices,
  pendingRecallNotices,
  sendRecallNotices,
} from "~/server/inventory/lot-recall-notices.server";

// Viewing a lot is the Stock movements screen's permission; its actions ask for more.
export const middleware: Route.MiddlewareFunction[] = [requirePermission("products")];

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: data
      ? `Lot ${lotLabel(data.lot.lotNumber)} · ${data.lot.productName} · Admin`
      : "Lot · Admin",
  },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const lot = await getLot(params.lotId);
  invariantResponse(lot, LOT_NOT_FOUND, { status: 404 });
  const query = parseListQuery(request.url, LotOrdersQuerySchema);
  const [orders, summary, notices, pending] = await Promise.all([
    listLotOrders(lot.id, query),
    lotOrdersSummary(lot.id),
    lot.recalledAt ? listRecallNotices(lot.id) : [],
    lot.recalledAt ? pendingRecallNotices(lot.id) : 0,
  ]);
  return withDateTexts({ lot, orders, summary, notices, pending }, config().STORE_TIMEZONE);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const actor = auditActor(context);
  const here = href("/budzadmin/dashboard/lots/:lotId", { lotId: params.lotId });
  return dispatchIntent(form, {
    recall: async () => {
      assertPermission(context, "lots.recall");
      const submission = await parseForm(form, recallLotForm);
      if (!submission.ok) return submission.reply;
      const result = await recallLot({ lotId: params.lotId, ...submission.data, actor });
      if (!result.ok) return formReply({ form: result.message }, { status: result.status, form });
      return redirectWithToast(
        here,
        `Lot ${lotLabel(result.lotNumber)} recalled: ${unitsText(result.quarantined)} quarantined.`,
      );
    },
    send: async () => {
      assertPermission(context, "lots.recall");
      const result = await sendRecallNotices({ lotId: params.lotId, actor });
      if (!result.ok) return formReply({ form: result.message }, { status: result.status, form });
      return redirectWithToast(
        here,
        result.queued === 0
          ? "No recall notices to send: every affected customer has been sent one."
          : `${result.queued === 1 ? "1 recall notice" : `${result.queued} recall notices`} queued.`,
      );
    },
    return: async () => {
      assertPermission(context, "stock.adjust");
      const submission = await parseForm(form, recallReturnForm);
      if (!submission.ok) return submission.reply;
      const result = await recordRecallReturn({
        lotId: params.lotId,
        ...submission.data,
        actor,
      });
      if (!result.ok)
        return formReply(result.errors ?? { form: result.message }, {
          status: result.status,
          form,
        });
      return redirectWithToast(
        here,
        `Return recorded: ${unitsText(result.quarantined)} from ${result.orderNumber} quarantined.`,
      );
    },
  });
}

type Data = Route.ComponentProps["loaderData"];
type OrderRow = Data["orders"]["rows"][number];

export default function LotDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { lot, orders, summary, notices, pending, dates } = loaderData;
  const can = useCan();
  const recalled = Boolean(lot.recalledAt);
  const productHref = href("/budzadmin/dashboard/products/:productId", {
    productId: lot.productId,
  });
  const reply = actionData as FormReply | undefined;
  return (
    <DetailPage
      back={{ to: productHref, label: lot.productName }}
      title={`Lot ${lotLabel(lot.lotNumber)}`}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          {recalled ? <Badge tone="red">Recalled</Badge> : null}
          <span>
            {lot.productName}
            {lot.sizeLabel ? ` · ${lot.sizeLabel}` : ""}
          </span>
        </span>
      }
    >
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {recalled ? (
            <RecallNotice lot={lot} when={formatDateTime(lot.recalledAt!, dates)} />
          ) : null}
          <AffectedOrders
            recalled={recalled}
            lotId={lot.id}
            orders={orders}
            summary={summary}
            dates={dates}
          />
          {recalled && can("stock.adjust") ? (
            <RecordReturn rows={orders.rows} reply={replyOf(reply, "return")} />
          ) : null}
          {recalled ? (
            <Notices
              notices={notices}
              pending={pending}
              maySend={can("lots.recall")}
              reply={replyOf(reply, "send")}
              dates={dates}
            />
          ) : null}
        </div>
        <div className="min-w-0 space-y-6">
          <LotFacts lot={lot} productHref={productHref} />
          {!recalled && can("lots.recall") ? (
            <RecallForm lotNumber={lotLabel(lot.lotNumber)} reply={replyOf(reply, "recall")} />
          ) : null}
        </div>
      </div>
    </DetailPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-stone-600">{label}</dt>
      <dd className="min-w-0 text-right break-words text-stone-900">{children}</dd>
    </div>
  );
}

const none = <span className="text-stone-500">—</span>;

/** Whether the status already says where the order is (delivered, cancelled). */
const sameAsStatus = (status: string) =>
  ORDER_REACH_LABELS[orderReach(status)].toLowerCase() === status;

/** "Shipped · On its way", "Delivered": the status, and where the order is when it adds to it. */
const reachText = (status: string) =>
  sameAsStatus(status)
    ? ORDER_REACH_LABELS[orderReach(status)]
    : `${statusName(status)} · ${ORDER_REACH_LABELS[orderReach(status)]}`;

function LotFacts({ lot, productHref }: { lot: Data["lot"]; productHref: string }) {
  return (
    <Section title="Lot">
      <dl className="divide-y divide-stone-100 text-sm">
        <Fact label="Product">
          <Link to={productHref} className="font-medium text-brand-800 hover:underline">
            {lot.productName}
          </Link>
        </Fact>
        <Fact label="Size">{lot.sizeLabel ?? "No sizes"}</Fact>
        <Fact label="Lot number">{lotLabel(lot.lotNumber)}</Fact>
        <Fact label="Packaged">{lot.packagedOn ? formatCalendarDay(lot.packagedOn) : none}</Fact>
        <Fact label="Expiry">{lot.expiresOn ? formatCalendarDay(lot.expiresOn) : none}</Fact>
        <Fact label="Supplier">{lot.supplier ?? none}</Fact>
        <Fact label="Certificate of analysis">
          {lot.coaUrl ? (
            <a
              href={lot.coaUrl}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-brand-800 underline hover:text-brand-900"
            >
              Open the certificate<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            none
          )}
        </Fact>
        <Fact label="On hand">{unitsText(lot.onHand)}</Fact>
        <Fact label="Quarantined">{unitsText(lot.quarantined)}</Fact>
      </dl>
    </Section>
  );
}

function RecallNotice({ lot, when }: { lot: Data["lot"]; when: string }) {
  return (
    <section
      aria-labelledby="recall-notice"
      className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-900"
    >
      <h2 id="recall-notice" className="flex items-center gap-2 font-semibold">
        <ShieldAlert className="h-4 w-4 shrink-0" aria-hidden />
        Recall notice {lot.recallNoticeNumber}
      </h2>
      <p className="mt-1 text-red-800">
        Recalled {when}
        {lot.recalledBy ? ` by ${lot.recalledBy}` : ""}.
      </p>
      <p className="mt-3 whitespace-pre-line text-stone-900">{lot.recallNoticeText}</p>
    </section>
  );
}

function RecallForm({ lotNumber, reply }: { lotNumber: string; reply?: FormReply }) {
  const form = useForm({ rules: recallLotForm, lastResult: reply });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const values = form.values;
  return (
    <Section title="Recall this lot">
      <p className="mb-4 text-sm text-stone-600">
        Its units on hand leave sale for quarantine at once, and no sale takes from it again. The
        orders that took it are listed with their customers.
      </p>
      <Form method="post" {...form.props}>
        <FormProvider form={form}>
          <FormSummary />
          <input type="hidden" name="intent" value="recall" />
          <Field name="noticeNumber" label="Notice number" required className="mb-4">
            {(p) => (
              <input
                {...p}
                defaultValue={values?.noticeNumber}
                maxLength={RECALL_NOTICE_NUMBER_MAX}
                className={inputClass}
                autoComplete="off"
              />
            )}
          </Field>
          <Field
            name="noticeText"
            label="Notice text"
            hint="What the recall notice says; customers are sent it word for word."
            required
            className="mb-4"
          >
            {(p) => (
              <textarea
                {...p}
                defaultValue={values?.noticeText}
                maxLength={RECALL_NOTICE_TEXT_MAX}
                rows={6}
                className={inputClass}
              />
            )}
          </Field>
          <ConfirmDialog
            title={`Recall lot ${lotNumber}?`}
            message="Its units on hand are quarantined and can never be sold again. This cannot be undone."
            confirmLabel="Recall lot"
            pending={busy}
            onConfirm={() => form.props.ref.current?.requestSubmit()}
            trigger={
              <button
                type="button"
                disabled={busy}
                className={buttonClass("danger", "md", "w-full")}
                // A notice left empty: submitted without asking, so its refusal moves focus to the
                // first empty field (a confirm dialog would take focus back when it closes).
                onClick={(event) => {
                  const fields = form.props.ref.current?.elements;
                  const empty = ["noticeNumber", "noticeText"].some(
                    (name) => !(fields?.namedItem(name) as HTMLInputElement | null)?.value.trim(),
                  );
                  if (!empty) return;
                  event.preventDefault();
                  form.props.ref.current?.requestSubmit();
                }}
              >
                Recall lot…
              </button>
            }
          />
        </FormProvider>
      </Form>
    </Section>
  );
}

function AffectedOrders({
  recalled,
  lotId,
  orders,
  summary,
  dates,
}: {
  recalled: boolean;
  lotId: string;
  orders: Data["orders"];
  summary: Data["summary"];
  dates: Data["dates"];
}) {
  const columns: Column<OrderRow>[] = [
    {
      key: "order",
      header: "Order",
      className: "whitespace-nowrap",
      cell: (o) => (
        <>
          <Link
            to={href("/budzadmin/dashboard/orders/:orderNumber", { orderNumber: o.orderNumber })}
            className="font-mono font-medium text-brand-800 hover:underline"
          >
            {o.orderNumber}
          </Link>
          <p className="text-xs text-stone-500">{formatDate(o.createdAt, dates)}</p>
        </>
      ),
    },
    {
      key: "customer",
      header: "Customer",
      cell: (o) => (
        <div className="max-w-60 min-w-0 break-words">
          <p className="font-medium text-stone-900">{o.customerName}</p>
          <p className="text-xs text-stone-600">{o.email}</p>
          <p className="text-xs text-stone-500">{o.address}</p>
          {/* Phones: the units and the status columns are hidden, so they sit here. */}
          <p className="mt-1 text-xs text-stone-700 sm:hidden">
            Taken {o.taken} · returned {o.returned} ·{" "}
            <span className={o.stillOut > 0 ? "font-semibold text-red-700" : ""}>
              still out {o.stillOut}
            </span>
          </p>
          <p className="text-xs text-stone-600 sm:hidden">{reachText(o.status)}</p>
        </div>
      ),
    },
    {
      key: "units",
      header: "Units",
      hideBelow: "sm",
      className: "whitespace-nowrap text-right tabular-nums",
      cell: (o) => (
        <div className="text-xs text-stone-600">
          <p>
            Taken <span className="font-medium text-stone-900">{o.taken}</span>
          </p>
          <p>
            Returned <span className="font-medium text-stone-900">{o.returned}</span>
          </p>
          <p className={o.stillOut > 0 ? "font-semibold text-red-700" : ""}>
            Still out <span className="font-semibold">{o.stillOut}</span>
          </p>
        </div>
      ),
    },
    {
      key: "status",
      header: "Delivered",
      hideBelow: "sm",
      cell: (o) => (
        <div className="flex flex-col items-start gap-1">
          <OrderStatusBadge status={o.status} />
          {sameAsStatus(o.status) ? null : (
            <span className="text-xs text-stone-600">
              {ORDER_REACH_LABELS[orderReach(o.status)]}
            </span>
          )}
        </div>
      ),
    },
  ];
  const csvHref = href("/budzadmin/dashboard/lots/:lotId/orders.csv", { lotId });
  return (
    <ListCard>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-200 px-4 py-4">
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-stone-500 uppercase">
            {recalled ? "Affected orders" : "Orders that took this lot"}
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            {summary.orders === 0
              ? "No order has taken units of this lot."
              : `${summary.orders === 1 ? "1 order" : `${summary.orders.toLocaleString("en-CA")} orders`} took ${unitsText(summary.taken)}; ${summary.returned.toLocaleString("en-CA")} returned, ${summary.stillOut.toLocaleString("en-CA")} still out.`}
          </p>
        </div>
        {summary.orders > 0 ? (
          <a href={csvHref} download className={buttonClass("secondary", "sm")}>
            <Download className="h-4 w-4" aria-hidden />
            Export CSV
          </a>
        ) : null}
      </div>
      {orders.total > 0 ? (
        <DataTable
          columns={columns}
          rows={orders.rows}
          rowKey={(o) => o.id}
          caption={recalled ? "Affected orders, newest first" : "Orders that took this lot"}
          empty="No orders on this page: go back to the first page."
        />
      ) : null}
      <Pagination
        page={orders.page}
        pageCount={orders.pageCount}
        total={orders.total}
        pageSize={orders.pageSize}
        noun="order"
        next={orders.next}
        previous={orders.previous}
        keyset
      />
    </ListCard>
  );
}

function RecordReturn({ rows, reply }: { rows: OrderRow[]; reply?: FormReply }) {
  const form = useForm({ rules: recallReturnForm, lastResult: reply });
  // Units still in the store come back by cancelling the order or refunding its line.
  const out = rows.filter((o) => o.stillOut > 0 && SHIPPED_STATUSES.includes(o.status));
  return (
    <Section title="Record a return">
      <p className="mb-4 text-sm text-stone-600">
        Units a customer brought or sent back from a shipped or delivered order. They stay
        quarantined: the size&apos;s stock does not rise.
      </p>
      {out.length === 0 ? (
        <p className="text-sm text-stone-600">
          No shipped or delivered order on this page has units still out.
        </p>
      ) : (
        <Form method="post" {...form.props} preventScrollReset>
          <FormProvider form={form}>
            <FormSummary />
            <input type="hidden" name="intent" value="return" />
            <div className="grid gap-4 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
              <Field name="orderId" label="Order" required>
                {(p) => (
                  <select {...p} defaultValue={form.values?.orderId} className={selectClass}>
                    {out.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.orderNumber} · {o.customerName} ({o.stillOut} out)
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field name="quantity" label="Units returned" required>
                {(p) => (
                  <input
                    {...p}
                    inputMode="numeric"
                    defaultValue={form.values?.quantity ?? "1"}
                    className={inputClass}
                  />
                )}
              </Field>
              <button type="submit" className={buttonClass("secondary")}>
                Record return
              </button>
            </div>
          </FormProvider>
        </Form>
      )}
    </Section>
  );
}

function Notices({
  notices,
  pending,
  maySend,
  reply,
  dates,
}: {
  notices: Data["notices"];
  pending: number;
  maySend: boolean;
  reply?: FormReply;
  dates: Data["dates"];
}) {
  const sendForm = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const who = pending === 1 ? "1 customer" : `${pending.toLocaleString("en-CA")} customers`;
  return (
    <Section title="Recall notices">
      <p className="mb-3 text-sm text-stone-600">
        One email per customer whose order still has units of this lot, sent whatever their
        marketing choices, and never twice.{" "}
        {pending > 0 ? `${who} not sent one yet.` : "Every affected customer has been sent one."}
      </p>
      {reply?.errors.form ? (
        <p role="alert" className="mb-3 text-sm font-medium text-red-700">
          {reply.errors.form}
        </p>
      ) : null}
      {maySend ? (
        <Form method="post" ref={sendForm} className="mb-4">
          <input type="hidden" name="intent" value="send" />
          <ConfirmDialog
            title="Send recall notices?"
            message={`A recall notice is emailed to ${who}. Each customer is sent it once.`}
            confirmLabel="Send notices"
            tone="primary"
            pending={busy}
            onConfirm={() => sendForm.current?.requestSubmit()}
            trigger={
              <button
                type="button"
                disabled={busy || pending === 0}
                className={buttonClass("primary")}
              >
                Send recall notices
              </button>
            }
          />
        </Form>
      ) : null}
      {notices.length === 0 ? (
        <p className="text-sm text-stone-500">No recall notices sent yet.</p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-label="Recall notices" tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Recall notices sent, newest first</caption>
            <thead className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Email
                </th>
                <th scope="col" className="hidden py-2 pr-4 md:table-cell">
                  Order
                </th>
                <th scope="col" className="py-2 pr-4">
                  State
                </th>
                <th scope="col" className="hidden py-2 sm:table-cell">
                  Queued
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {notices.map((n) => (
                <tr key={n.id}>
                  <td className="py-2 pr-4 break-all">
                    {n.email}
                    {/* Phones: the time sits under the address. */}
                    <span className="block text-xs break-normal text-stone-500 sm:hidden">
                      {formatDateTime(n.createdAt, dates)}
                    </span>
                  </td>
                  <td className="hidden py-2 pr-4 font-mono whitespace-nowrap md:table-cell">
                    {n.orderNumber ?? "—"}
                  </td>
                  <td className="py-2 pr-4">
                    <Badge
                      tone={
                        n.status === "sent"
                          ? "green"
                          : n.status === "failed" || n.status === "bounced"
                            ? "red"
                            : "amber"
                      }
                    >
                      {noticeStateLabel(n.status)}
                    </Badge>
                  </td>
                  <td className="hidden py-2 whitespace-nowrap text-stone-600 sm:table-cell">
                    {formatDateTime(n.createdAt, dates)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
