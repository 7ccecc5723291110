import { lazy, Suspense, useEffect, useState } from "react";
import { data, Outlet, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { AgeGate } from "~/components/store/age-gate";
import { AnnouncementBar } from "~/components/store/announcement-bar";
import { LanguageSuggestion } from "~/components/store/language-suggestion";
import { ProductGridSkeleton, SKELETON_CARDS } from "~/components/store/product-card";
import { SiteFooter } from "~/components/store/site-footer";
import { SiteHeader } from "~/components/store/site-header";
import { AGE_COOKIE, AGE_STORAGE_KEY, ageCookieAttributes } from "~/lib/age-gate";
import { useCartDrawerOpen } from "~/lib/cart";
import { unlocalizedPath } from "~/lib/i18n/locale";
import { shellMessages } from "~/lib/i18n/messages/shell";
import { useT } from "~/lib/i18n/use-locale";
import { config } from "~/server/config.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { visitorState } from "~/server/storefront/visitor.server";
import { useBrowserValue } from "~/lib/use-browser-value";
import type { loader as homeLoader } from "./home";

// The drawer (and its dialog library) is fetched the first time the cart is opened, keeping it out
// of the first page's JavaScript.
const CartDrawer = lazy(() =>
  import("~/components/store/cart-drawer").then((m) => ({ default: m.CartDrawer })),
);

export async function loader({ request }: Route.LoaderArgs) {
  const visitor = visitorState(request);
  const { store: settings, shipping } = await storeSettings();
  const store = {
    storeName: settings.name,
    logoUrl: settings.logoUrl,
    publicUrl: config().publicUrl,
    // Only what the owner set in Settings → Store (null: not shown).
    contact: {
      email: settings.email,
      phone: settings.phone,
      hours: settings.hours,
      address: settings.address,
    },
    /** The fee and free-shipping threshold that pages promise (Settings → Shipping). */
    shipping,
  };
  if (visitor.restricted) {
    return data({ ...store, restricted: true, ageVerified: false }, { status: 451 });
  }
  return { ...store, restricted: false, ageVerified: visitor.ageVerified };
}

function Restricted() {
  const t = useT(shellMessages);
  return (
    <main className="flex min-h-screen items-center justify-center bg-brand-950 px-6 text-center text-white">
      <div className="max-w-md">
        <h1 className="text-3xl font-bold tracking-tight">{t("restrictedTitle")}</h1>
        <p className="mt-4 text-lg text-brand-100">{t("restrictedText")}</p>
      </div>
    </main>
  );
}

/** While a client navigation into a listing loads, its 8 skeleton cards stand in for the page. */
function useListingSkeleton(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  const to = navigation.location?.pathname;
  if (navigation.state !== "loading" || !to || to === location.pathname) return false;
  const target = unlocalizedPath(to);
  return target.startsWith("/category/") || target === "/products" || target === "/search";
}

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  const { storeName, logoUrl, restricted, contact } = loaderData;
  const t = useT(shellMessages);
  const [ageVerified, setAgeVerified] = useState(loaderData.ageVerified);
  const location = useLocation();
  const englishHome = useRouteLoaderData<typeof homeLoader>("routes/store/home");
  const frenchHome = useRouteLoaderData<typeof homeLoader>("fr/routes/store/home");
  const home = englishHome ?? frenchHome;
  const showSkeleton = useListingSkeleton();
  const drawerOpen = useCartDrawerOpen();
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  if (drawerOpen && !drawerLoaded) setDrawerLoaded(true);

  // The local storage flag also counts (e.g. the cookie was cleared); restore the cookie.
  const storedFlag = useBrowserValue(
    () => window.localStorage.getItem(AGE_STORAGE_KEY) === "true",
    false,
  );
  useEffect(() => {
    if (storedFlag && !loaderData.ageVerified) {
      document.cookie = `${AGE_COOKIE}=true; ${ageCookieAttributes(window.location.protocol === "https:")}`;
    }
  }, [storedFlag, loaderData.ageVerified]);
  const verified = ageVerified || storedFlag;

  if (restricted) return <Restricted />;
  return (
    <>
      <div className="flex min-h-screen flex-col" inert={!verified}>
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
        >
          {t("skipToContent")}
        </a>
        {home?.announcement ? <AnnouncementBar announcement={home.announcement} /> : null}
        <SiteHeader storeName={storeName} logoUrl={logoUrl} />
        <main id="main" className="flex-1">
          {showSkeleton ? (
            <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
              <div className="mb-8 h-9 w-64 animate-pulse rounded bg-stone-200" />
              <ProductGridSkeleton count={SKELETON_CARDS} />
            </div>
          ) : (
            <Outlet />
          )}
        </main>
        <SiteFooter storeName={storeName} contact={contact} />
        {/* Offered once the age gate is answered (never on the server: pages are cached). */}
        {verified ? <LanguageSuggestion /> : null}
      </div>
      {verified ? null : (
        <AgeGate
          storeName={storeName}
          returnTo={location.pathname + location.search}
          onVerified={() => setAgeVerified(true)}
        />
      )}
      {drawerLoaded ? (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      ) : null}
    </>
  );
}
