import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

// Every URL of the product, in one place. Each area keeps to its own section.
export default [
  // ── resources (no UI) ──

  // ── admin (/budzadmin) ──
  ...prefix("budzadmin", []),

  // ── storefront ──
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),

    // ── cart, checkout and orders ──

    route("*", "routes/store/not-found.tsx"),
  ]),
] satisfies RouteConfig;
