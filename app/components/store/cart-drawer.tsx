import * as Dialog from "@radix-ui/react-dialog";
import { AlertTriangle, Minus, Plus, ShoppingBag, Trash2, X } from "lucide-react";
import {
  cartCount,
  MAX_LINE_QUANTITY,
  removeItem,
  setCartDrawerOpen,
  setQuantity,
  updateCart,
  useAppliedCoupon,
  useCart,
  useCartDrawerOpen,
  type CartItem,
} from "~/lib/cart";
import { shellMessages } from "~/lib/i18n/messages/shell";
import { useLocale, useMoney, useT } from "~/lib/i18n/use-locale";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import {
  addWithinLimit,
  CannabisMeter,
  LimitMessages,
  setCannabisNotice,
  useCannabisNotice,
} from "./cannabis-meter";
import { CartTotals } from "./cart-totals";
import { Link } from "./localized-link";
import { PromoCodeField } from "./promo-code-field";
import { pricedLine, useCartQuote, type QuotedLine } from "./use-cart-quote";
import { useShippingProvince } from "./use-shipping-province";

/** The cart drawer, opened by the header's cart button; everything priced by the server. */
export function CartDrawer() {
  const open = useCartDrawerOpen();
  const cart = useCart();
  const appliedCode = useAppliedCoupon();
  const province = useShippingProvince();
  const { quote, failed } = useCartQuote(cart, appliedCode, open, { province });
  const count = cartCount(cart);
  const t = useT(shellMessages);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setCannabisNotice(null);
        setCartDrawerOpen(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/40 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-2xl focus:outline-none"
        >
          <header className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
            <Dialog.Title className="flex items-center gap-2 text-lg font-semibold text-stone-900">
              <ShoppingBag className="h-5 w-5 text-brand-700" aria-hidden="true" />
              {t("yourCart")}
              {count > 0 ? (
                <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                  {t("itemCount", { count })}
                </span>
              ) : null}
            </Dialog.Title>
            <Dialog.Close
              className="rounded-full p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-900"
              aria-label={t("closeCart")}
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </header>

          {cart.length === 0 ? (
            <EmptyCart />
          ) : (
            <>
              <ul
                className="flex-1 divide-y divide-stone-100 overflow-y-auto px-5"
                aria-label={t("cartLines")}
              >
                {cart.map((item) => (
                  <CartLine
                    key={item.id}
                    item={item}
                    line={quote?.lines.find((l) => l.id === item.id)}
                  />
                ))}
              </ul>
              <footer className="space-y-4 border-t border-stone-200 bg-stone-50 px-5 py-4">
                <CannabisMeter summary={quote?.cannabis} />
                <PromoCodeField cart={cart} appliedCode={appliedCode} quote={quote} />
                {failed ? (
                  <p role="alert" className="text-sm text-red-700">
                    {t("pricesFailed")}
                  </p>
                ) : null}
                {quote ? (
                  <CartTotals
                    totals={quote.totals}
                    couponCode={quote.coupon?.applied ? quote.coupon.code : null}
                    taxes={quote.province?.taxes ?? null}
                    feeAtCheckout={quote.feeAtCheckout}
                  />
                ) : (
                  <TotalsSkeleton />
                )}
                <Link
                  to="/checkout"
                  onClick={() => setCartDrawerOpen(false)}
                  className="flex w-full items-center justify-center rounded-full bg-brand-800 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-900"
                >
                  {t("proceedToCheckout")}
                </Link>
              </footer>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function EmptyCart() {
  // An addition refused on an empty cart (more than 30 g at once) is said here, where the shopper is.
  const refused = useCannabisNotice();
  const t = useT(shellMessages);
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
      <LimitMessages messages={refused ? [refused] : []} className="w-full" />
      <div className="rounded-full bg-brand-50 p-5">
        <ShoppingBag className="h-10 w-10 text-brand-600" aria-hidden="true" />
      </div>
      <p className="text-lg font-semibold text-stone-900">{t("emptyCartTitle")}</p>
      <p className="text-sm text-stone-600">{t("emptyCartText")}</p>
      <Dialog.Close className="rounded-full bg-brand-800 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-900">
        {t("continueShopping")}
      </Dialog.Close>
    </div>
  );
}

function CartLine({ item, line }: { item: CartItem; line: QuotedLine | undefined }) {
  const t = useT(shellMessages);
  const { money } = useMoney();
  const locale = useLocale();
  const priced = pricedLine(line);
  const name = priced?.name ?? item.name;
  // Only the server's price is shown: the stored one may be stale or edited.
  const priceCents = priced?.priceCents ?? 0;
  const maxQuantity = Math.min(priced?.available ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY);
  const change = (quantity: number) => updateCart((cart) => setQuantity(cart, item.id, quantity));
  return (
    <li className="flex gap-4 py-4" data-testid="cart-line">
      <div className="h-20 w-20 shrink-0 overflow-hidden rounded-lg bg-stone-100">
        <ResponsiveImage
          src={priced?.imageUrl ?? item.image}
          alt=""
          width={80}
          height={80}
          sizes="80px"
          className="h-full w-full object-cover"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-2">
          <p className="font-medium text-stone-900">{name}</p>
          <button
            type="button"
            onClick={() => updateCart((cart) => removeItem(cart, item.id))}
            className="-m-1 rounded-md p-1 text-stone-400 hover:bg-red-50 hover:text-red-700"
            aria-label={t("removeItem", { name })}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
        {priced ? (
          <p className="text-sm text-stone-500">{t("priceEach", { price: money(priceCents) })}</p>
        ) : line ? null : (
          <p
            className="mt-1 h-4 w-20 animate-pulse rounded bg-stone-200"
            aria-label={t("checkingPrice")}
          />
        )}
        {line?.problem ? (
          <p className="mt-1 flex items-start gap-1 text-xs font-medium text-red-700" role="alert">
            <AlertTriangle className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            {line.status === "unavailable"
              ? t("lineUnavailable")
              : line.available === 0
                ? t("lineOutOfStock")
                : t("lineOnlyLeft", { count: line.available })}
          </p>
        ) : null}
        <div className="mt-auto flex items-center justify-between pt-2">
          <div className="flex items-center rounded-full border border-stone-300">
            <button
              type="button"
              onClick={() => change(item.quantity - 1)}
              disabled={item.quantity <= 1}
              className="rounded-l-full p-2 text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent"
              aria-label={t("decreaseQuantity", { name })}
            >
              <Minus className="h-3.5 w-3.5" aria-hidden="true" />
            </button>
            <span
              className="min-w-8 text-center text-sm font-semibold tabular-nums"
              aria-label={t("quantityOf", { name })}
            >
              {item.quantity}
            </span>
            <button
              type="button"
              onClick={() => addWithinLimit({ ...item, quantity: 1 }, locale)}
              disabled={item.quantity >= maxQuantity}
              className="rounded-r-full p-2 text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent"
              aria-label={t("increaseQuantity", { name })}
            >
              <Plus className="h-3.5 w-3.5" aria-hidden="true" />
            </button>
          </div>
          <p className="font-semibold text-stone-900" data-testid="line-total">
            {priced ? money(priceCents * item.quantity) : ""}
          </p>
        </div>
      </div>
    </li>
  );
}

function TotalsSkeleton() {
  const t = useT(shellMessages);
  return (
    <div className="space-y-2" aria-busy="true" aria-label={t("updatingPrices")}>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="h-4 animate-pulse rounded bg-stone-200" />
      ))}
    </div>
  );
}
