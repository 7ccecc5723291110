import {
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
  Truck,
  Users,
  type LucideIcon,
} from "lucide-react";

export interface AdminScreen {
  /** Stable name other screens use to link here (see screenHref). */
  id: string;
  label: string;
  href: string;
  icon: LucideIcon;
  ownerOnly?: boolean;
}

/**
 * The sidebar: only screens that exist. A new screen adds one entry here, in SPEC §2's order
 * (Overview, Products, Orders, Invoices, Customers, Shipping, Emails, Coupons, Reports,
 * Newsletters, Database, Pages, Images).
 */
export const ADMIN_SCREENS: AdminScreen[] = [
  { id: "overview", label: "Overview", href: "/budzadmin/dashboard", icon: LayoutDashboard },
  { id: "products", label: "Products", href: "/budzadmin/dashboard/products", icon: Package },
  { id: "orders", label: "Orders", href: "/budzadmin/dashboard/orders", icon: ShoppingBag },
  { id: "invoices", label: "Invoices", href: "/budzadmin/dashboard/invoices", icon: FileText },
  { id: "customers", label: "Customers", href: "/budzadmin/dashboard/customers", icon: Users },
  { id: "shipping", label: "Shipping", href: "/budzadmin/dashboard/shipping", icon: Truck },
  { id: "emails", label: "Emails", href: "/budzadmin/dashboard/emails", icon: Mail },
  { id: "coupons", label: "Coupons", href: "/budzadmin/dashboard/coupons", icon: TicketPercent },
  { id: "reports", label: "Reports", href: "/budzadmin/dashboard/reports", icon: BarChart3 },
  {
    id: "newsletters",
    label: "Newsletters",
    href: "/budzadmin/dashboard/newsletters",
    icon: Newspaper,
  },
  {
    id: "database",
    label: "Database",
    href: "/budzadmin/dashboard/database",
    icon: Database,
    ownerOnly: true,
  },
  { id: "pages", label: "Pages", href: "/budzadmin/dashboard/pages", icon: FilePenLine },
  { id: "images", label: "Image Library", href: "/budzadmin/dashboard/images", icon: ImageIcon },
  {
    id: "provinces",
    label: "Provinces & Taxes",
    href: "/budzadmin/dashboard/settings/provinces",
    icon: MapPinned,
    ownerOnly: true,
  },
];

export function visibleScreens(role: string): AdminScreen[] {
  return ADMIN_SCREENS.filter((screen) => !screen.ownerOnly || role === "owner");
}

/** Where a screen lives, or undefined while it does not exist (links to it are then not shown). */
export function screenHref(id: string, role = "owner"): string | undefined {
  return visibleScreens(role).find((screen) => screen.id === id)?.href;
}
