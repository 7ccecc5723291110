/** What the Database tools screen and its server functions share. */

export interface LogLine {
  level: "success" | "error" | "info";
  message: string;
}

export const GENERATORS = ["all", "products", "customers", "orders"] as const;
export type Generator = (typeof GENERATORS)[number];

/** What each generator deletes first (shown in its confirmation). */
export const GENERATOR_CLEARS: Record<Generator, string> = {
  all: "all orders, invoices, shipments, products, customers and coupons",
  products: "all orders, invoices, shipments and products",
  customers: "all orders, invoices, shipments and customers",
  orders: "all orders, invoices and shipments",
};

export const SAMPLE_DATA_REFUSED =
  "Sample data generation is turned off in production. Set ALLOW_SAMPLE_DATA=1 to allow it.";
