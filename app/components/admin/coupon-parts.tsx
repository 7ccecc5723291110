import { countText, formatCount } from "~/lib/text";
import { COUPON_STATUS_NAMES, usagePercent, type CouponStatus } from "~/lib/coupons";
import { Badge, type Tone } from "./badges";

const STATUS_TONES: Record<CouponStatus, Tone> = {
  active: "green",
  scheduled: "blue",
  expired: "amber",
  inactive: "stone",
};

export function CouponStatusBadge({ status }: { status: CouponStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{COUPON_STATUS_NAMES[status]}</Badge>;
}

/**
 * The coupon's usage bar: uses taken over the maximum, as a progressbar with its figures in text
 * ("23 / 100"). A coupon without a maximum has no bar, only its count and "Unlimited".
 */
export function UsageBar({
  code,
  usedCount,
  maxUses,
}: {
  code: string;
  usedCount: number;
  maxUses: number | null;
}) {
  const percent = usagePercent(usedCount, maxUses);
  if (percent === null || maxUses === null)
    return (
      <div className="min-w-28 text-sm">
        <p className="font-medium text-stone-900 tabular-nums">{formatCount(usedCount)} used</p>
        <p className="text-xs text-stone-500">Unlimited</p>
      </div>
    );
  const full = usedCount >= maxUses;
  return (
    <div className="min-w-32">
      <p className="flex justify-between gap-2 text-sm tabular-nums">
        <span className="font-medium text-stone-900">
          {formatCount(usedCount)} / {formatCount(maxUses)}
        </span>
        <span className="text-xs text-stone-500">{percent}%</span>
      </p>
      <div
        role="progressbar"
        aria-label={`${code} uses`}
        aria-valuemin={0}
        aria-valuemax={maxUses}
        aria-valuenow={Math.min(usedCount, maxUses)}
        aria-valuetext={`${formatCount(usedCount)} of ${countText(maxUses, "use")}${full ? ", limit reached" : ""}`}
        className="mt-1 h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={`h-full rounded-full ${full ? "bg-red-500" : "bg-brand-600"}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      {full ? <p className="mt-0.5 text-xs font-medium text-red-700">Limit reached</p> : null}
    </div>
  );
}
