import { Form, href, redirect } from "react-router";
import type { Route } from "./+types/handover-lookup";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { DetailPage, Section } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { findHandoverOrder } from "~/server/shipping/handover.server";

// Every role hands orders over (the admin guard on the admin layout has already checked the session).
export const middleware: Route.MiddlewareFunction[] = [requirePermission("delivery")];

export const meta: Route.MetaFunction = () => [{ title: "Hand over an order · Admin" }];

/** The counter types the shopper's pickup code (or an order number): found, its handover page. */
export async function loader({ request }: Route.LoaderArgs) {
  const typed = new URL(request.url).searchParams.get("code")?.trim() ?? "";
  if (!typed) return { typed, notFound: null };
  const orderNumber = await findHandoverOrder(typed);
  if (orderNumber)
    throw redirect(href("/budzadmin/dashboard/handover/:orderNumber", { orderNumber }));
  return {
    typed,
    notFound: `No order has the pickup code or number "${typed.slice(0, 40)}". Check it with the shopper.`,
  };
}

export default function HandoverLookup({ loaderData }: Route.ComponentProps) {
  const { typed, notFound } = loaderData;
  return (
    <DetailPage
      back={{ to: href("/budzadmin/dashboard/shipping"), label: "Shipping" }}
      title="Hand over an order"
      description="At the counter: the shopper's pickup code finds their order, then check their ID."
    >
      <div className="max-w-xl">
        <Section title="Find the order">
          <Form method="get" className="space-y-3">
            <label htmlFor="code" className="block text-sm font-medium text-stone-700">
              Pickup code or order number
            </label>
            <div className="flex flex-wrap gap-2">
              <input
                id="code"
                name="code"
                defaultValue={typed}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={40}
                aria-invalid={notFound ? true : undefined}
                aria-describedby={notFound ? "code-error" : undefined}
                className={`${inputClass} max-w-xs font-mono uppercase`}
              />
              <button type="submit" className={buttonClass("primary")}>
                Find
              </button>
            </div>
            {notFound ? (
              <p id="code-error" role="alert" className="text-sm text-red-700">
                {notFound}
              </p>
            ) : null}
          </Form>
        </Section>
      </div>
    </DetailPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
