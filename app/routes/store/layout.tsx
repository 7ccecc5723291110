import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { SiteFooter } from "~/components/store/site-footer";
import { SiteHeader } from "~/components/store/site-header";
import { config } from "~/server/config.server";

export function loader() {
  return { storeName: config().STORE_NAME };
}

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader storeName={loaderData.storeName} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter storeName={loaderData.storeName} />
    </div>
  );
}
