import { AlertTriangle } from "lucide-react";
import { useSyncExternalStore } from "react";
import {
  CANNABIS_LIMIT_MG,
  formatGrams,
  meterText,
  refuseAddition,
  type CannabisSummary,
} from "~/lib/cannabis-limit";
import { addItem, setCartDrawerOpen, updateCart, useCart, type CartItem } from "~/lib/cart";
import type { Locale } from "~/lib/i18n/locale";
import { meterMessages } from "~/lib/i18n/messages/meter";
import { useLocale, useT } from "~/lib/i18n/use-locale";

/**
 * The 30 g limit in the browser: the meter the drawer and checkout show (from the server's quote)
 * and the refusal of an addition that would pass the limit (the server checks again).
 */

// A refused addition's message, shown by the meter while the cart is still the one it was refused
// on (any change to the cart makes it moot).
let notice: { message: string; cart: CartItem[] } | null = null;
const NOTICE_EVENT = "budz:cannabis-notice";

export function setCannabisNotice(next: typeof notice) {
  notice = next;
  window.dispatchEvent(new Event(NOTICE_EVENT));
}

/** The message of an addition refused on the cart as it is now, or null. */
export function useCannabisNotice(): string | null {
  const cart = useCart();
  const current = useSyncExternalStore(
    (onChange) => {
      window.addEventListener(NOTICE_EVENT, onChange);
      return () => window.removeEventListener(NOTICE_EVENT, onChange);
    },
    () => notice,
    () => null,
  );
  return current && current.cart === cart ? current.message : null;
}

/**
 * Adds an item (or raises its quantity) unless the cart would hold more than 30 g of dried
 * cannabis or its equivalent; a refusal opens the drawer with the message (in the page's
 * language). True when added.
 */
export function addWithinLimit(item: CartItem, locale: Locale = "en"): boolean {
  let refused: { message: string; cart: CartItem[] } | null = null;
  updateCart((cart) => {
    const driedMg = item.driedMg ?? cart.find((c) => c.id === item.id)?.driedMg;
    const message = refuseAddition(cart, { ...item, driedMg }, CANNABIS_LIMIT_MG, locale);
    if (!message) return addItem(cart, item);
    refused = { message, cart };
    return cart;
  });
  setCannabisNotice(refused);
  if (refused) setCartDrawerOpen(true);
  return !refused;
}

/**
 * "12.5 g of 30 g" as an accessible meter, with why the cart cannot be ordered, if so (unless
 * that message is `shown` elsewhere already).
 */
export function CannabisMeter({
  summary,
  shown,
}: {
  summary: CannabisSummary | null | undefined;
  shown?: string;
}) {
  const refused = useCannabisNotice();
  const t = useT(meterMessages);
  const locale = useLocale();
  if (!summary) return null;
  const over = summary.totalMg > summary.limitMg;
  const percent = Math.min(100, Math.round((summary.totalMg / summary.limitMg) * 100));
  const text = meterText(summary.totalMg, summary.limitMg, locale);
  const messages = [refused, summary.message].filter((m): m is string => Boolean(m) && m !== shown);
  return (
    <div data-testid="cannabis-meter">
      <p className="flex justify-between gap-2 text-sm">
        <span id="cannabis-meter-label" className="text-stone-600">
          {t("driedEquivalent")}
        </span>
        <span
          className={`font-medium tabular-nums ${over ? "text-red-700" : "text-stone-900"}`}
          aria-hidden="true"
        >
          {text}
        </span>
      </p>
      <div
        role="meter"
        aria-labelledby="cannabis-meter-label"
        aria-valuemin={0}
        aria-valuemax={summary.limitMg / 1000}
        aria-valuenow={Math.min(summary.totalMg, summary.limitMg) / 1000}
        aria-valuetext={over ? t("overTheLimit", { text }) : text}
        className="mt-1 h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={`h-full rounded-full ${over ? "bg-red-600" : "bg-brand-600"}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-stone-500">
        {t("lawAllows", { limit: formatGrams(summary.limitMg, locale) })}
      </p>
      <LimitMessages messages={messages} className="mt-2" />
    </div>
  );
}

/** Why an addition or the cart is refused, announced as an alert; nothing when there is none. */
export function LimitMessages({
  messages,
  className = "",
}: {
  messages: readonly string[];
  className?: string;
}) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className={`space-y-1 ${className}`}>
      {messages.map((message) => (
        <p
          key={message}
          className="flex items-start gap-1.5 rounded-lg bg-red-50 px-3 py-2 text-left text-sm font-medium text-red-800"
        >
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {message}
        </p>
      ))}
    </div>
  );
}
