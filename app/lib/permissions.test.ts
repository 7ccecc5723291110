import { describe, expect, it } from "vitest";
import { visibleScreens } from "~/components/admin/nav";
import {
  ADMIN_ROLES,
  can,
  isAdminRole,
  PERMISSIONS,
  refusalMessage,
  type Permission,
} from "./permissions";

const ALL = Object.keys(PERMISSIONS) as Permission[];
const held = (role: string) => ALL.filter((p) => can(role, p)).sort();

describe("the permission table", () => {
  it("gives the owner everything", () => {
    expect(held("owner")).toEqual([...ALL].sort());
  });

  it("gives a manager everything but staff, settings, the activity log and the database tools", () => {
    expect(ALL.filter((p) => !can("manager", p)).sort()).toEqual([
      "activity",
      "database",
      "settings",
      "staff",
    ]);
  });

  it("gives staff the day-to-day work only: no exports, mailings, coupons, taxes, settings or staff", () => {
    expect(held("staff")).toEqual(["admin", "customers", "delivery", "orders", "products"]);
    for (const p of [
      "customers.transfer",
      "products.transfer",
      "marketing.send",
      "coupons",
      "taxes",
      "settings",
      "staff",
      "database",
      "refunds",
      "delivery.records",
      "products.bulk",
      "stock.adjust",
      "lots.recall",
      "orders.edit",
    ] as const)
      expect(can("staff", p), p).toBe(false);
  });

  it("grants nothing to an unknown role, and each role holds what a role below it holds", () => {
    expect(held("intruder")).toEqual([]);
    expect(isAdminRole("intruder")).toBe(false);
    for (const p of ALL) {
      if (can("staff", p)) expect(can("manager", p), p).toBe(true);
      if (can("manager", p)) expect(can("owner", p), p).toBe(true);
    }
    expect(ADMIN_ROLES).toEqual(["owner", "manager", "staff"]);
  });

  it("lets owners and managers edit unpaid orders, not staff", () => {
    expect(PERMISSIONS["orders.edit"].label).toBe("edit unpaid orders");
    expect(ADMIN_ROLES.filter((role) => can(role, "orders.edit"))).toEqual(["owner", "manager"]);
    expect(refusalMessage("staff", "orders.edit")).toBe(
      "Only owners and managers can edit unpaid orders. Your role is staff: ask the store owner if you need it.",
    );
  });

  it("lets owners and managers recall lots, not staff", () => {
    expect(ADMIN_ROLES.filter((role) => can(role, "lots.recall"))).toEqual(["owner", "manager"]);
    expect(refusalMessage("staff", "lots.recall")).toBe(
      "Only owners and managers can recall lots and send recall notices. Your role is staff: ask the store owner if you need it.",
    );
  });

  it("says in the refusal what was refused and why", () => {
    expect(refusalMessage("staff", "database")).toBe(
      "Only the store owner can use the database tools. Your role is staff: ask the store owner if you need it.",
    );
    expect(refusalMessage("staff", "coupons")).toContain(
      "Only owners and managers can manage coupons",
    );
    expect(refusalMessage("manager", "staff")).toContain("Your role is manager");
  });

  it("shows in the sidebar only the screens a role may open", () => {
    const ids = (role: string) => visibleScreens(role).map((s) => s.id);
    expect(ids("owner")).toEqual(expect.arrayContaining(["database", "provinces", "coupons"]));
    expect(ids("manager")).not.toContain("database");
    expect(ids("manager")).toEqual(expect.arrayContaining(["provinces", "coupons", "emails"]));
    for (const id of ["database", "provinces", "coupons", "emails", "reports", "pages"])
      expect(ids("staff"), id).not.toContain(id);
    expect(ids("staff")).toEqual(
      expect.arrayContaining(["overview", "products", "orders", "customers", "shipping"]),
    );
  });
});
