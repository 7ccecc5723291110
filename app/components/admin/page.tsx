import { useId } from "react";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";

/**
 * The shapes of an admin screen: every list screen is a `ListPage` (list-page.tsx), every record's
 * screen a `DetailPage` of `Section`s and `Panel`s. Links between screens are built with React
 * Router's typed `href()`.
 */

/** "← All orders" above a detail page's title. */
function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-brand-800"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> {children}
    </Link>
  );
}

/** A tab of a screen split in sections (each its own URL), underlined while it is the current one. */
export function tabClass(isActive: boolean): string {
  return `-mb-px border-b-2 px-4 py-2.5 text-sm font-medium whitespace-nowrap transition ${
    isActive
      ? "border-brand-700 text-brand-800"
      : "border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900"
  }`;
}

/** Title row of an admin screen: heading, one-line description and the screen's main actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** A record's screen: the way back to its list, its title row, then its sections. */
export function DetailPage({
  back,
  title,
  description,
  actions,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <>
      <BackLink to={back.to}>{back.label}</BackLink>
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </>
  );
}

/** A titled card of a detail screen, and a label/value line inside one. */
/** A titled card; a region named by its title for assistive technology. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id={id} className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Line({
  label,
  children,
  strong = false,
}: {
  label: string;
  children: React.ReactNode;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex justify-between gap-4 py-1 ${strong ? "text-base font-semibold text-stone-900" : "text-stone-600"}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

/** A card with a title bar, its body and an optional footer (a form's buttons). */
export function Panel({
  title,
  id,
  footer,
  flush = false,
  className = "",
  children,
}: {
  title: string;
  id: string;
  footer?: React.ReactNode;
  /** The body without padding (a table). */
  flush?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm ${className}`}
    >
      <h2
        id={id}
        className="border-b border-stone-200 px-5 py-4 text-sm font-semibold tracking-wide text-stone-500 uppercase"
      >
        {title}
      </h2>
      {flush ? children : <div className="p-5">{children}</div>}
      {footer ? (
        <div className="flex justify-end gap-2 border-t border-stone-200 bg-stone-50 px-5 py-3">
          {footer}
        </div>
      ) : null}
    </section>
  );
}
