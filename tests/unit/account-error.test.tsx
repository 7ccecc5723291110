import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, data, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AccountError } from "~/components/store/account-error";

/** Renders an account page whose loader throws `thrown`, as the server would: its error boundary. */
async function accountPageThrowing(thrown: unknown): Promise<string> {
  const routes = [
    {
      path: "/account/orders/:orderNumber",
      loader: () => {
        throw thrown;
      },
      Component: () => <p>the order</p>,
      ErrorBoundary: () => (
        <AccountError what="Order" back={{ to: "/account/orders", label: "All orders" }} />
      ),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://store.test/account/orders/BBS-1"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} />);
  // What the page shows (not the hydration data's script).
  return html
    .replace(/<script[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("the error of a My Account page", () => {
  it("a record that is not found keeps its own words", async () => {
    const text = await accountPageThrowing(data({ message: "Order not found" }, { status: 404 }));
    expect(text).toContain("404");
    expect(text).toContain("Order not found");
    expect(text).toContain("It does not exist, or it is not part of your account.");
  });

  it("a server error says so, never 'not found'", async () => {
    const text = await accountPageThrowing(new Error("the database is gone"));
    expect(text).toContain("500");
    expect(text).toContain("Something went wrong");
    expect(text).not.toContain("not found");
    expect(text).not.toContain("the database is gone");
  });

  it("another refusal is worded by its status", async () => {
    const text = await accountPageThrowing(
      data({ message: "Your session has ended. Please sign in again." }, { status: 401 }),
    );
    expect(text).toContain("401");
    expect(text).toContain("Please sign in again");
    expect(text).toContain("Your session has ended. Please sign in again.");
    expect(text).not.toContain("not found");
  });
});
