import * as Dialog from "@radix-ui/react-dialog";
import {
  CircleUserRound,
  LogOut,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  Store,
  X,
} from "lucide-react";
import { useState } from "react";
import { Form, href, Link, NavLink } from "react-router";
import { Logo } from "~/components/store/logo";
import { visibleScreens } from "./nav";
import { Toaster, type ToastMessage } from "./toaster";

export const SIDEBAR_COOKIE = "budz_admin_sidebar";

interface ShellProps {
  storeName: string;
  admin: { displayName: string; role: string };
  collapsed: boolean;
  toast?: ToastMessage;
  children: React.ReactNode;
}

function NavList({
  role,
  collapsed,
  onNavigate,
}: {
  role: string;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  return (
    <ul className="space-y-px">
      {visibleScreens(role).map((screen) => (
        <li key={screen.id}>
          <NavLink
            to={screen.href}
            end={screen.id === "overview"}
            onClick={onNavigate}
            title={collapsed ? screen.label : undefined}
            className={({ isActive }) =>
              `flex h-[30px] items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors ${
                isActive
                  ? "bg-white/12 text-white"
                  : "text-brand-100/80 hover:bg-white/8 hover:text-white"
              } ${collapsed ? "justify-center px-0" : ""}`
            }
          >
            <screen.icon className="h-[18px] w-[18px] shrink-0" aria-hidden />
            <span className={collapsed ? "sr-only" : ""}>{screen.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Back to the store and Logout, in the header on every width: the sidebar keeps only the screens,
 * so all of them fit a 1280 × 720 window without a hidden scroll.
 */
function HeaderActions() {
  const item =
    "flex items-center gap-1.5 rounded-full px-2.5 py-1.5 text-sm font-medium text-stone-700 hover:bg-stone-100";
  return (
    <>
      <Link to="/" className={item} aria-label="Back to Store" title="Back to Store">
        <Store className="h-5 w-5 text-stone-500" aria-hidden />
        <span className="hidden md:inline">Store</span>
      </Link>
      <Form method="post" action={href("/budzadmin/logout")}>
        <button type="submit" className={item} aria-label="Logout" title="Logout">
          <LogOut className="h-5 w-5 text-stone-500" aria-hidden />
          <span className="hidden md:inline">Logout</span>
        </button>
      </Form>
    </>
  );
}

/** The back-office frame: sidebar (collapsible on desktop, a drawer on phones) and header. */
export function AdminShell({ storeName, admin, collapsed: initial, toast, children }: ShellProps) {
  const [collapsed, setCollapsed] = useState(initial);
  const [drawerOpen, setDrawerOpen] = useState(false);

  function toggle() {
    const next = !collapsed;
    setCollapsed(next);
    // A cookie rather than local storage, so the server renders the sidebar as it was left.
    document.cookie = `${SIDEBAR_COOKIE}=${next ? "collapsed" : "expanded"}; path=/budzadmin; max-age=31536000; samesite=lax`;
  }

  return (
    <div className="min-h-screen bg-stone-100/70 lg:flex">
      <aside
        aria-label="Admin"
        className={`sticky top-0 hidden h-screen shrink-0 flex-col bg-brand-950 px-3 py-3 transition-[width] duration-200 lg:flex ${collapsed ? "w-[4.5rem]" : "w-64"}`}
      >
        <div
          className={`mb-3 flex min-h-10 items-center gap-2 ${collapsed ? "justify-center" : "justify-between pl-2"}`}
        >
          {collapsed ? null : (
            <Link
              to={href("/budzadmin/dashboard")}
              title={storeName}
              className="min-w-0 text-white"
            >
              <Logo name={storeName} nameClassName="line-clamp-2 text-base leading-tight" />
            </Link>
          )}
          <button
            type="button"
            onClick={toggle}
            aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            aria-expanded={!collapsed}
            className="rounded-lg p-2 text-brand-100/80 hover:bg-white/8 hover:text-white"
          >
            {collapsed ? (
              <PanelLeftOpen className="h-5 w-5" aria-hidden />
            ) : (
              <PanelLeftClose className="h-5 w-5" aria-hidden />
            )}
          </button>
        </div>
        <nav aria-label="Admin sections" className="flex-1 overflow-y-auto">
          <NavList role={admin.role} collapsed={collapsed} />
        </nav>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-1 border-b border-stone-200 bg-white/90 px-4 backdrop-blur sm:px-6">
          <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <Dialog.Trigger
              aria-label="Open menu"
              className="-ml-1 rounded-lg p-2 text-stone-600 hover:bg-stone-100 lg:hidden"
            >
              <Menu className="h-5 w-5" aria-hidden />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50 lg:hidden" />
              <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-brand-950 px-3 py-4 shadow-xl lg:hidden">
                <div className="mb-6 flex items-center justify-between px-2">
                  <Dialog.Title className="min-w-0 text-white">
                    <Logo name={storeName} nameClassName="line-clamp-2 text-base leading-tight" />
                  </Dialog.Title>
                  <Dialog.Description className="sr-only">Admin sections</Dialog.Description>
                  <Dialog.Close
                    aria-label="Close menu"
                    className="rounded-lg p-2 text-brand-100/80 hover:bg-white/8 hover:text-white"
                  >
                    <X className="h-5 w-5" aria-hidden />
                  </Dialog.Close>
                </div>
                <nav aria-label="Admin sections (menu)" className="flex-1 overflow-y-auto">
                  <NavList
                    role={admin.role}
                    collapsed={false}
                    onNavigate={() => setDrawerOpen(false)}
                  />
                </nav>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <p className="min-w-0 flex-1 truncate text-sm text-stone-600 sm:text-base">
            Welcome back, <span className="font-semibold text-stone-900">{admin.displayName}</span>
          </p>
          <Link
            to={href("/budzadmin/dashboard/profile")}
            className="flex items-center gap-2 rounded-full py-1 pr-1 pl-2.5 text-sm text-stone-700 hover:bg-stone-100"
          >
            <span className="hidden rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium capitalize text-brand-800 ring-1 ring-brand-200 sm:inline">
              {admin.role}
            </span>
            <CircleUserRound className="h-6 w-6 text-stone-500" aria-hidden />
            <span className="sr-only">My profile</span>
          </Link>
          <HeaderActions />
        </header>
        <main
          id="main"
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8"
        >
          {children}
        </main>
      </div>
      <Toaster toast={toast} />
    </div>
  );
}
