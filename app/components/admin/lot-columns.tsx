import { ExternalLink } from "lucide-react";
import { href, Link } from "react-router";
import { formatCalendarDay } from "~/lib/dates";
import { daysUntil, expiryState, lotLabel, UNRECORDED_LOT } from "~/lib/lots";
import { sizeLabel } from "~/lib/product";
import { Badge } from "./badges";
import type { Column } from "./list-page";
import type { AdminLot } from "~/server/inventory/lots.server";

/** The lot's own page (its history and recall). */
export const lotHref = (lotId: string) => `/budzadmin/dashboard/lots/${lotId}`;

const lotSize = (lot: AdminLot) =>
  lot.size ? sizeLabel({ size: lot.size, sizeUnit: lot.sizeUnit ?? "" }) : null;

const none = <span className="text-stone-400">—</span>;

/** "Expired", "Expires today", "Expires in 12 days": for a lot still holding units. */
export function ExpiryBadge({
  expiresOn,
  today,
  warningDays,
}: {
  expiresOn: string | null;
  today: string;
  warningDays: number;
}) {
  const state = expiryState(expiresOn, today, warningDays);
  if (state === "expired") return <Badge tone="red">Expired</Badge>;
  if (state !== "expiring") return null;
  const days = daysUntil(today, expiresOn!);
  return (
    <Badge tone="amber">
      {days === 0 ? "Expires today" : days === 1 ? "Expires in 1 day" : `Expires in ${days} days`}
    </Badge>
  );
}

/**
 * The columns of a lots table: the lot (linked to its page, its supplier under it), its product
 * (the Lots screen) and size, dates, certificate, units on hand, and its status: recalled (with
 * the units it holds quarantined) or empty. Phones show the lot, its expiry and units on hand.
 */
export function lotColumns(options: {
  today: string;
  /** Lots expiring within this many days get an "Expires in" badge. */
  warningDays: number;
  product?: boolean;
  sizes?: boolean;
}): Column<AdminLot>[] {
  const columns: (Column<AdminLot> | false)[] = [
    {
      key: "lot",
      header: "Lot",
      cell: (lot) => (
        <div className="max-w-56 min-w-0">
          <Link
            to={lotHref(lot.id)}
            className={`font-medium text-brand-800 hover:underline ${lot.lotNumber === UNRECORDED_LOT ? "" : "font-mono whitespace-nowrap"}`}
          >
            {lotLabel(lot.lotNumber)}
          </Link>
          {/* Narrow screens: the product column is hidden, so it sits under the lot. */}
          {options.product ? (
            <p className="text-xs text-stone-600 md:hidden">{lot.productName}</p>
          ) : null}
          {lot.supplier ? (
            <p className="text-xs break-words text-stone-500">{lot.supplier}</p>
          ) : null}
          {/* Phones: the size, expiry and status columns are hidden, so they sit under the lot. */}
          {options.sizes !== false && lotSize(lot) ? (
            <p className="text-xs text-stone-500 sm:hidden">{lotSize(lot)}</p>
          ) : null}
          {lot.expiresOn ? (
            <div className="mt-1 flex flex-col items-start gap-1 sm:hidden">
              <span className="text-xs whitespace-nowrap text-stone-600">
                Expires {formatCalendarDay(lot.expiresOn)}
              </span>
              {lot.onHand > 0 ? (
                <ExpiryBadge
                  expiresOn={lot.expiresOn}
                  today={options.today}
                  warningDays={options.warningDays}
                />
              ) : null}
            </div>
          ) : null}
          {lot.recalled ? (
            <p className="mt-1 sm:hidden">
              <Badge tone="red">Recalled</Badge>
            </p>
          ) : null}
        </div>
      ),
    },
    options.product === true && {
      key: "product",
      header: "Product",
      hideBelow: "md",
      cell: (lot) => (
        <Link
          to={href("/budzadmin/dashboard/products/:productId", { productId: lot.productId })}
          className="font-medium text-brand-800 hover:underline"
        >
          {lot.productName}
        </Link>
      ),
    },
    options.sizes !== false && {
      key: "size",
      header: "Size",
      hideBelow: "sm",
      className: "whitespace-nowrap",
      cell: (lot) => lotSize(lot) ?? none,
    },
    {
      key: "packaged",
      header: "Packaged",
      hideBelow: "xl",
      className: "whitespace-nowrap",
      cell: (lot) => (lot.packagedOn ? formatCalendarDay(lot.packagedOn) : none),
    },
    {
      key: "expires",
      header: "Expires",
      hideBelow: "sm",
      cell: (lot) =>
        lot.expiresOn ? (
          <div className="flex flex-col items-start gap-1">
            <span className="whitespace-nowrap">{formatCalendarDay(lot.expiresOn)}</span>
            {lot.onHand > 0 ? (
              <ExpiryBadge
                expiresOn={lot.expiresOn}
                today={options.today}
                warningDays={options.warningDays}
              />
            ) : null}
          </div>
        ) : (
          none
        ),
    },
    {
      key: "coa",
      header: "COA",
      hideBelow: "md",
      cell: (lot) =>
        lot.coaUrl ? (
          <a
            href={lot.coaUrl}
            target="_blank"
            rel="noreferrer"
            aria-label={`Certificate of analysis of lot ${lotLabel(lot.lotNumber)} (opens in a new tab)`}
            className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-brand-800 hover:underline"
          >
            Certificate <ExternalLink className="h-3.5 w-3.5" aria-hidden />
          </a>
        ) : (
          none
        ),
    },
    {
      key: "onHand",
      header: "On hand",
      className: "text-right tabular-nums",
      cell: (lot) => lot.onHand,
    },
    {
      key: "status",
      header: "Status",
      hideBelow: "sm",
      cell: (lot) => (
        <div className="flex flex-col items-start gap-1 whitespace-nowrap">
          {lot.recalled ? (
            <Badge tone="red">Recalled</Badge>
          ) : lot.onHand === 0 && lot.quarantined === 0 ? (
            <Badge>Empty</Badge>
          ) : lot.quarantined === 0 ? (
            none
          ) : null}
          {lot.quarantined > 0 ? (
            <span className="text-xs text-stone-600">{lot.quarantined} quarantined</span>
          ) : null}
        </div>
      ),
    },
  ];
  return columns.filter((column): column is Column<AdminLot> => column !== false);
}
