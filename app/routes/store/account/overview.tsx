import { MapPin, Package } from "lucide-react";
import { redirect } from "react-router";
import type { Route } from "./+types/overview";
import { AccountOrderList, VerifyEmailPrompt } from "~/components/store/account-orders";
import { cardClass, NoticeFromUrl, textLink } from "~/components/store/account-ui";
import { Link } from "~/components/store/localized-link";
import { AddressLines } from "~/components/store/saved-address";
import { localeOfPath, localizePath, requestLocale } from "~/lib/i18n/locale";
import { accountMessages } from "~/lib/i18n/messages/account";
import { translator } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-locale";
import { resendVerification } from "~/server/accounts/accounts.server";
import { listAccountOrders } from "~/server/accounts/account-orders.server";
import { listAddresses } from "~/server/accounts/addresses.server";
import { requireShopper } from "~/server/accounts/session.server";

export const meta = ({ location }: Route.MetaArgs) => [
  { title: translator(accountMessages, localeOfPath(location.pathname))("titleMyAccount") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  const [orders, addresses] = await Promise.all([
    listAccountOrders({ shopper, locale: requestLocale(request) }),
    listAddresses(shopper.id),
  ]);
  return {
    email: shopper.email,
    verified: shopper.verified,
    recent: orders.rows.slice(0, 3),
    orderCount: orders.total,
    defaultAddress: addresses.find((a) => a.isDefault) ?? null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const shopper = await requireShopper(request);
  const locale = requestLocale(request);
  await resendVerification({ accountId: shopper.id, locale });
  return redirect(localizePath("/account?notice=verification-sent", locale));
}

export default function AccountOverview({ loaderData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const { verified, recent, orderCount, defaultAddress, email } = loaderData;
  return (
    <div className="space-y-6">
      <NoticeFromUrl />
      {verified ? null : <VerifyEmailPrompt email={email} />}
      {verified ? (
        <section aria-labelledby="recent-title" className="space-y-3">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="recent-title" className="text-lg font-semibold text-stone-900">
              {t("recentOrders")}
            </h2>
            {orderCount > 0 ? (
              <Link to="/account/orders" className={`text-sm ${textLink}`}>
                {t("allOrdersCount", { count: orderCount })}
              </Link>
            ) : null}
          </div>
          {recent.length > 0 ? (
            <AccountOrderList rows={recent} />
          ) : (
            <div className={`${cardClass} flex items-center gap-3 text-stone-600`}>
              <Package className="h-5 w-5 text-brand-600" aria-hidden="true" />
              <p>
                {t("noOrdersYet")}{" "}
                <Link to="/products" className={textLink}>
                  {t("startShopping")}
                </Link>
              </p>
            </div>
          )}
        </section>
      ) : null}
      <section aria-labelledby="address-title" className={cardClass}>
        <div className="flex items-baseline justify-between gap-3">
          <h2
            id="address-title"
            className="flex items-center gap-2 text-lg font-semibold text-stone-900"
          >
            <MapPin className="h-5 w-5 text-brand-600" aria-hidden="true" />
            {t("defaultAddress")}
          </h2>
          <Link to="/account/addresses" className={`text-sm ${textLink}`}>
            {t("manageAddresses")}
          </Link>
        </div>
        {defaultAddress ? (
          <AddressLines address={defaultAddress} className="mt-3" />
        ) : (
          <p className="mt-3 text-sm text-stone-600">{t("noSavedAddress")}</p>
        )}
      </section>
    </div>
  );
}
