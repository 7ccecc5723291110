import { ChevronDown, Menu, Search, ShoppingBag, User, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";
import { PageLink } from "~/components/ui/page-link";
import { cartCount, setCartDrawerOpen, useCart } from "~/lib/cart";
import { useHydrated } from "~/lib/use-hydrated";
import { categoriesIn } from "~/lib/categories";
import { unlocalizedPath } from "~/lib/i18n/locale";
import { shellMessages } from "~/lib/i18n/messages/shell";
import { useLocale, useLocalePath, useT } from "~/lib/i18n/use-locale";
import { LanguageSwitch } from "./language-switch";
import { NavLink } from "./localized-link";
import { Logo } from "./logo";

const PAGE_LINKS = [
  { to: "/faq", label: "navFaq" },
  { to: "/account", label: "navAccount" },
  { to: "/about", label: "navAbout" },
  { to: "/contact", label: "navContact" },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${isActive ? "text-brand-800" : "text-stone-700 hover:text-brand-800"}`;

/**
 * A <details> disclosure: opens and closes without JavaScript and is announced as an expandable
 * button; with JavaScript it also closes on navigation, Escape and a click outside.
 */
function useDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location]);
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return ref;
}

function CartButton() {
  const count = cartCount(useCart());
  const t = useT(shellMessages);
  // The drawer needs JavaScript: until hydration the button is disabled rather than dead.
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => setCartDrawerOpen(true)}
      className="relative rounded-full p-2 sm:p-2.5 text-stone-800 hover:bg-stone-100 disabled:cursor-wait"
      aria-label={count > 0 ? t("cartItems", { count }) : t("cartEmpty")}
    >
      <ShoppingBag className="h-6 w-6" aria-hidden="true" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-500 px-1 text-[11px] font-bold text-brand-950"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </button>
  );
}

function SearchForm({ id, className = "" }: { id: string; className?: string }) {
  const location = useLocation();
  const t = useT(shellMessages);
  const localize = useLocalePath();
  const current =
    unlocalizedPath(location.pathname) === "/search"
      ? new URLSearchParams(location.search).get("q")
      : "";
  return (
    <Form
      method="get"
      action={localize("/search")}
      role="search"
      className={`relative ${className}`}
    >
      <label htmlFor={id} className="sr-only">
        {t("searchProducts")}
      </label>
      <input
        id={id}
        key={current ?? ""}
        type="search"
        name="q"
        defaultValue={current ?? ""}
        placeholder={t("searchProducts")}
        maxLength={100}
        className="w-full rounded-full border border-stone-300 bg-white py-2 pr-10 pl-4 text-sm text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-none"
      />
      <button
        type="submit"
        className="absolute top-1/2 right-1 -translate-y-1/2 rounded-full p-1.5 text-stone-600 hover:text-brand-800"
        aria-label={t("search")}
      >
        <Search className="h-4 w-4" aria-hidden="true" />
      </button>
    </Form>
  );
}

export function SiteHeader({ storeName, logoUrl }: { storeName: string; logoUrl: string | null }) {
  const shopMenu = useDisclosure();
  const mobileMenu = useDisclosure();
  const t = useT(shellMessages);
  const categories = categoriesIn(useLocale());
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6 lg:gap-6">
        <details ref={mobileMenu} className="group shrink-0 lg:hidden">
          <summary
            className="flex cursor-pointer list-none rounded-full p-2 text-stone-800 hover:bg-stone-100 [&::-webkit-details-marker]:hidden"
            aria-label={t("menu")}
          >
            <Menu className="h-6 w-6 group-open:hidden" aria-hidden="true" />
            <X className="hidden h-6 w-6 group-open:block" aria-hidden="true" />
          </summary>
          <nav
            aria-label={t("mobileNav")}
            className="absolute inset-x-0 top-16 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-stone-200 bg-white px-4 pt-4 pb-6 shadow-lg"
          >
            <SearchForm id="mobile-search" />
            <ul className="mt-4 divide-y divide-stone-100 text-base">
              <li>
                <PageLink to="/" className="block py-3 font-medium text-stone-900">
                  {t("navHome")}
                </PageLink>
              </li>
              <li className="py-3">
                <p className="font-medium text-stone-900">{t("navShop")}</p>
                <ul className="mt-2 grid grid-cols-2 gap-1">
                  <li>
                    <PageLink to="/products" className="block rounded px-2 py-2 text-stone-700">
                      {t("navAllProducts")}
                    </PageLink>
                  </li>
                  {categories.map((c) => (
                    <li key={c.slug}>
                      <PageLink
                        to={`/category/${c.slug}`}
                        className="block rounded px-2 py-2 text-stone-700"
                      >
                        {c.name}
                      </PageLink>
                    </li>
                  ))}
                </ul>
              </li>
              {PAGE_LINKS.map((link) => (
                <li key={link.to}>
                  <PageLink to={link.to} className="block py-3 font-medium text-stone-900">
                    {t(link.label)}
                  </PageLink>
                </li>
              ))}
              <li>
                <LanguageSwitch
                  className="flex items-center gap-2 py-3 font-medium text-stone-900"
                  iconClassName="h-5 w-5 text-stone-600"
                />
              </li>
            </ul>
          </nav>
        </details>

        {/* Any name up to the Settings limit fits: it wraps to two lines, then ends in an ellipsis. */}
        <PageLink
          to="/"
          aria-label={t("storeHome", { storeName })}
          title={storeName}
          className="min-w-0 text-brand-950 lg:max-w-64 xl:max-w-80"
        >
          <Logo
            name={storeName}
            logoUrl={logoUrl}
            nameClassName="line-clamp-2 text-[15px] leading-tight sm:text-lg"
            imageClassName="max-w-12 sm:max-w-32"
          />
        </PageLink>

        <nav aria-label={t("mainNav")} className="hidden shrink-0 items-center gap-1 lg:flex">
          <NavLink to="/" end className={navClass}>
            {t("navHome")}
          </NavLink>
          <details ref={shopMenu} className="relative">
            <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:text-brand-800 [&::-webkit-details-marker]:hidden">
              {t("navShop")}
              <ChevronDown className="h-4 w-4" aria-hidden="true" />
            </summary>
            <ul className="absolute left-0 z-40 mt-2 w-56 rounded-xl border border-stone-200 bg-white p-2 shadow-lg">
              {categories.map((c) => (
                <li key={c.slug}>
                  <PageLink
                    to={`/category/${c.slug}`}
                    className="block rounded-lg px-3 py-2 text-sm text-stone-700 hover:bg-brand-50 hover:text-brand-900 focus-visible:bg-brand-50"
                  >
                    {c.name}
                  </PageLink>
                </li>
              ))}
              <li className="mt-1 border-t border-stone-100 pt-1">
                <PageLink
                  to="/products"
                  className="block rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                >
                  {t("navAllProducts")}
                </PageLink>
              </li>
            </ul>
          </details>
          {PAGE_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navClass}>
              {t(link.label)}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1">
          {/* Beside the full menu only: below lg the switch is in the menu. */}
          <LanguageSwitch className="hidden rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-stone-700 hover:text-brand-800 lg:block" />
          {/* Beside the full menu (lg) the search box leaves the name too little room until xl. */}
          <SearchForm
            id="header-search"
            className="hidden w-56 md:block lg:hidden xl:block xl:w-64"
          />
          <PageLink
            to="/search"
            className="rounded-full p-2 sm:p-2.5 text-stone-800 hover:bg-stone-100 md:hidden lg:block xl:hidden"
            aria-label={t("searchProducts")}
          >
            <Search className="h-6 w-6" aria-hidden="true" />
          </PageLink>
          <PageLink
            to="/account"
            className="rounded-full p-2 sm:p-2.5 text-stone-800 hover:bg-stone-100"
            aria-label={t("navAccount")}
          >
            <User className="h-6 w-6" aria-hidden="true" />
          </PageLink>
          <CartButton />
        </div>
      </div>
    </header>
  );
}
