import { MapPin, Package } from "lucide-react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/overview";
import { AccountOrderList, VerifyEmailPrompt } from "~/components/store/account-orders";
import { cardClass, NoticeFromUrl, textLink } from "~/components/store/account-ui";
import { AddressLines } from "~/components/store/saved-address";
import { resendVerification } from "~/server/accounts/accounts.server";
import { listAccountOrders } from "~/server/accounts/account-orders.server";
import { listAddresses } from "~/server/accounts/addresses.server";
import { requireShopper } from "~/server/accounts/session.server";

export const meta = () => [{ title: "My Account" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  const [orders, addresses] = await Promise.all([
    listAccountOrders({ shopper }),
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
  await resendVerification({ accountId: shopper.id });
  return redirect("/account?notice=verification-sent");
}

export default function AccountOverview({ loaderData }: Route.ComponentProps) {
  const { verified, recent, orderCount, defaultAddress, email } = loaderData;
  return (
    <div className="space-y-6">
      <NoticeFromUrl />
      {verified ? null : <VerifyEmailPrompt email={email} />}
      {verified ? (
        <section aria-labelledby="recent-title" className="space-y-3">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="recent-title" className="text-lg font-semibold text-stone-900">
              Recent orders
            </h2>
            {orderCount > 0 ? (
              <Link to="/account/orders" className={`text-sm ${textLink}`}>
                All orders ({orderCount})
              </Link>
            ) : null}
          </div>
          {recent.length > 0 ? (
            <AccountOrderList rows={recent} />
          ) : (
            <div className={`${cardClass} flex items-center gap-3 text-stone-600`}>
              <Package className="h-5 w-5 text-brand-600" aria-hidden="true" />
              <p>
                No orders yet with this email.{" "}
                <Link to="/products" className={textLink}>
                  Start shopping
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
            Default address
          </h2>
          <Link to="/account/addresses" className={`text-sm ${textLink}`}>
            Manage addresses
          </Link>
        </div>
        {defaultAddress ? (
          <AddressLines address={defaultAddress} className="mt-3" />
        ) : (
          <p className="mt-3 text-sm text-stone-600">
            No saved address yet. Save one and checkout fills it in for you.
          </p>
        )}
      </section>
    </div>
  );
}
