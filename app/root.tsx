import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import { LOCALE_TAGS, localeOfPath } from "~/lib/i18n/locale";
import type { Route } from "./+types/root";
import { useNonce } from "~/lib/nonce";
import { useHydrated } from "~/lib/use-hydrated";
import { ErrorPage } from "~/components/ui/error-page";
import "./app.css";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // app.css keeps script-only buttons inert until this is set, so an early tap waits, not vanishes.
  const hydrated = useHydrated();
  const lang = LOCALE_TAGS[localeOfPath(useLocation().pathname)];
  return (
    <html lang={lang} data-hydrated={hydrated ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#18412b" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen font-sans">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Nothing else renders around this one, so it is the page's only <main>.
  return (
    <main>
      <ErrorPage variant="store" error={error} />
    </main>
  );
}
