import { href, Link } from "react-router";

/** An order's number linked to its page, with what narrow screens show under it (children). */
export function OrderNumberCell({
  orderNumber,
  children,
}: {
  orderNumber: string;
  children?: React.ReactNode;
}) {
  return (
    <div>
      <OrderNumberLink orderNumber={orderNumber} />
      {children}
    </div>
  );
}

export function OrderNumberLink({ orderNumber }: { orderNumber: string }) {
  return (
    <Link
      to={href("/budzadmin/dashboard/orders/:orderNumber", { orderNumber })}
      className="font-medium whitespace-nowrap text-brand-800 hover:underline"
    >
      {orderNumber}
    </Link>
  );
}

/** An order's customer: the name over the email, both cut short to the cell's width. */
export function OrderCustomerCell({
  name,
  email,
  className,
  strong = false,
}: {
  name: string;
  email: string;
  /** The cell's width, e.g. "max-w-44". */
  className: string;
  strong?: boolean;
}) {
  return (
    <div className={className}>
      <p className={strong ? "truncate font-medium text-stone-900" : "truncate text-stone-900"}>
        {name}
      </p>
      <p className="truncate text-xs text-stone-500" title={email}>
        {email}
      </p>
    </div>
  );
}
