import { Printer } from "lucide-react";
import { buttonClass } from "./button";

/**
 * A printable page outside the dashboard shell (invoices, credit notes): a bar with its title and
 * `actions` then Print (hidden when printed), and the page itself on letter paper.
 */
export function PrintPage({
  title,
  subtitle,
  actions,
  printDisabled,
  children,
}: {
  title: string;
  subtitle: React.ReactNode;
  actions: React.ReactNode;
  printDisabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="min-h-screen bg-stone-100 print:bg-white">
      <style>{"@page { size: letter; margin: 14mm; }"}</style>
      <header className="sticky top-0 z-10 border-b border-stone-200 bg-white/95 backdrop-blur print:hidden">
        <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-lg font-semibold text-stone-900">{title}</h1>
            <p className="text-sm text-stone-500">{subtitle}</p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            {actions}
            <button
              type="button"
              className={buttonClass("primary", "sm")}
              disabled={printDisabled}
              onClick={() => window.print()}
            >
              <Printer className="h-4 w-4" aria-hidden />
              Print
            </button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-3 py-6 sm:px-4 print:max-w-none print:p-0">
        {children}
      </main>
    </div>
  );
}
