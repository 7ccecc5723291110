export * from "./auth.server";
export * from "./catalog.server";
export * from "./content.server";
export * from "./customers.server";
export * from "./marketing.server";
export * from "./orders.server";
export * from "./accounts.server";
export * from "./taxes.server";
