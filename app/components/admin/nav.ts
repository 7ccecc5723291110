import {
  ArrowDownUp,
  Banknote,
  History,
  BarChart3,
  Database,
  FilePenLine,
  FileText,
  ImageIcon,
  LayoutDashboard,
  MapPinned,
  Mail,
  Newspaper,
  Package,
  ShoppingBag,
  TicketPercent,
  UserCog,
  Truck,
  Users,
  Settings,
  type LucideIcon,
} from "lucide-react";
import { href } from "react-router";
import { can, type Permission } from "~/lib/permissions";

interface AdminScreen {
  /** Stable name other screens use to link here (see screenHref). */
  id: string;
  label: string;
  href: string;
  icon: LucideIcon;
  /** What the screen needs (app/lib/permissions.ts): it is not shown to a role without it. */
  permission?: Permission;
}

/**
 * The sidebar: only screens that exist. A new screen adds one entry here, in the sidebar's order
 * (docs/product/admin-and-staff.md#screens).
 */
export const ADMIN_SCREENS: AdminScreen[] = [
  { id: "overview", label: "Overview", href: href("/budzadmin/dashboard"), icon: LayoutDashboard },
  { id: "products", label: "Products", href: href("/budzadmin/dashboard/products"), icon: Package },
  {
    id: "stock",
    label: "Stock movements",
    href: href("/budzadmin/dashboard/stock"),
    icon: ArrowDownUp,
    permission: "products",
  },
  { id: "orders", label: "Orders", href: href("/budzadmin/dashboard/orders"), icon: ShoppingBag },
  {
    id: "payments",
    label: "Payments",
    href: href("/budzadmin/dashboard/payments"),
    icon: Banknote,
    permission: "orders",
  },
  {
    id: "invoices",
    label: "Invoices",
    href: href("/budzadmin/dashboard/invoices"),
    icon: FileText,
  },
  {
    id: "customers",
    label: "Customers",
    href: href("/budzadmin/dashboard/customers"),
    icon: Users,
  },
  { id: "shipping", label: "Shipping", href: href("/budzadmin/dashboard/shipping"), icon: Truck },
  {
    id: "emails",
    label: "Emails",
    href: href("/budzadmin/dashboard/emails"),
    icon: Mail,
    permission: "marketing",
  },
  {
    id: "coupons",
    label: "Coupons",
    href: href("/budzadmin/dashboard/coupons"),
    icon: TicketPercent,
    permission: "coupons",
  },
  {
    id: "reports",
    label: "Reports",
    href: href("/budzadmin/dashboard/reports"),
    icon: BarChart3,
    permission: "reports",
  },
  {
    id: "newsletters",
    label: "Newsletters",
    href: href("/budzadmin/dashboard/newsletters"),
    icon: Newspaper,
  },
  {
    id: "database",
    label: "Database",
    href: href("/budzadmin/dashboard/database"),
    icon: Database,
    permission: "database",
  },
  {
    id: "pages",
    label: "Pages",
    href: href("/budzadmin/dashboard/pages"),
    icon: FilePenLine,
    permission: "pages",
  },
  {
    id: "images",
    label: "Image Library",
    href: href("/budzadmin/dashboard/images"),
    icon: ImageIcon,
  },
  {
    id: "provinces",
    label: "Provinces & Taxes",
    href: href("/budzadmin/dashboard/settings/provinces"),
    icon: MapPinned,
    permission: "taxes",
  },
  {
    id: "staff",
    label: "Staff",
    href: href("/budzadmin/dashboard/staff"),
    icon: UserCog,
    permission: "staff",
  },
  {
    id: "activity",
    label: "Activity",
    href: href("/budzadmin/dashboard/activity"),
    icon: History,
    permission: "activity",
  },
  {
    id: "settings",
    label: "Settings",
    href: href("/budzadmin/dashboard/settings"),
    icon: Settings,
    permission: "settings",
  },
];

export function visibleScreens(role: string): AdminScreen[] {
  return ADMIN_SCREENS.filter((screen) => !screen.permission || can(role, screen.permission));
}

/** Where a screen lives, or undefined while it does not exist (links to it are then not shown). */
export function screenHref(id: string, role = "owner"): string | undefined {
  return visibleScreens(role).find((screen) => screen.id === id)?.href;
}
