import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import { useNonce } from "~/lib/nonce";
import { useHydrated } from "~/lib/use-hydrated";
import "./app.css";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // app.css keeps script-only buttons inert until this is set, so an early tap waits, not vanishes.
  const hydrated = useHydrated();
  return (
    <html lang="en-CA" data-hydrated={hydrated ? "" : undefined}>
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
      <ErrorPage error={error} />
    </main>
  );
}

/** The error content; inside the store layout it sits in the layout's own <main>. */
export function ErrorPage({ error }: { error?: unknown }) {
  const routeError = useRouteError();
  const shown = error ?? routeError;
  const notFound = isRouteErrorResponse(shown) && shown.status === 404;
  const status = isRouteErrorResponse(shown) ? shown.status : 500;
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <p className="text-sm font-semibold tracking-widest text-brand-600">{status}</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-stone-900">
        {notFound ? "Page not found" : "Unexpected Application Error!"}
      </h1>
      <p className="mt-4 text-stone-600">
        {notFound
          ? "Sorry, we couldn't find the page you were looking for."
          : isRouteErrorResponse(shown)
            ? `${shown.status} ${shown.statusText}`
            : "Something went wrong on our side. Please try again in a moment."}
      </p>
      {import.meta.env.DEV && shown instanceof Error && shown.stack ? (
        <pre className="mt-6 max-w-full overflow-auto rounded bg-stone-100 p-4 text-left text-xs">
          {shown.stack}
        </pre>
      ) : null}
      <a
        href="/"
        className="mt-8 inline-flex items-center rounded-full bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Back to the store
      </a>
    </div>
  );
}
