import { ShoppingBag } from "lucide-react";
import { checkoutPageMessages } from "~/lib/i18n/messages/checkout";
import { useT } from "~/lib/i18n/use-locale";
import { Link } from "./localized-link";

/** One numbered step of the checkout form. */
export function CheckoutStep({
  title,
  step,
  children,
}: {
  title: string;
  step: number;
  children: React.ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="mb-4 flex items-center gap-3 text-lg font-semibold text-stone-900">
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-800 text-sm text-white">
          {step}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function EmptyCheckout({ closed = false }: { closed?: boolean }) {
  const t = useT(checkoutPageMessages);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center">
      <div className="rounded-full bg-brand-50 p-5">
        <ShoppingBag className="h-10 w-10 text-brand-600" aria-hidden="true" />
      </div>
      <h1 className="mt-6 text-2xl font-bold text-stone-900">
        {closed ? t("closedHeading") : t("emptyHeading")}
      </h1>
      <p className="mt-2 text-stone-600">{closed ? t("checkoutClosed") : t("emptyText")}</p>
      <Link
        to="/"
        className="mt-8 rounded-full bg-brand-800 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-900"
      >
        {t("continueShopping")}
      </Link>
    </div>
  );
}
