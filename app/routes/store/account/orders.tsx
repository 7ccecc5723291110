import { Link } from "react-router";
import type { Route } from "./+types/orders";
import { AccountOrderList, VerifyEmailPrompt } from "~/components/store/account-orders";
import { cardClass, secondaryButton, textLink } from "~/components/store/account-ui";
import { listAccountOrders } from "~/server/accounts/account-orders.server";
import { requireShopper } from "~/server/accounts/session.server";

export const meta = () => [{ title: "My orders" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const shopper = await requireShopper(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const orders = await listAccountOrders({ shopper, page: Number.isFinite(page) ? page : 1 });
  return { ...orders, email: shopper.email, verified: shopper.verified };
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, verified, email } = loaderData;
  if (!verified) return <VerifyEmailPrompt email={email} />;
  return (
    <section aria-labelledby="orders-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="orders-title" className="text-lg font-semibold text-stone-900">
          Orders
        </h2>
        <p className="text-sm text-stone-600">
          {total} {total === 1 ? "order" : "orders"} placed with this email
        </p>
      </div>
      {rows.length > 0 ? (
        <AccountOrderList rows={rows} />
      ) : (
        <p className={`${cardClass} text-stone-600`}>
          No orders yet with this email.{" "}
          <Link to="/products" className={textLink}>
            Start shopping
          </Link>
        </p>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className={secondaryButton}>
              Newer orders
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-stone-600">
            Page {page} of {pageCount}
          </p>
          {page < pageCount ? (
            <Link to={`?page=${page + 1}`} className={secondaryButton}>
              Older orders
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
