import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";

export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  href,
}: {
  label: string;
  value: string;
  hint?: string;
  icon: LucideIcon;
  href?: string;
}) {
  const body = (
    <>
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-stone-500">{label}</p>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
      </div>
      <p className="mt-3 text-2xl font-bold tracking-tight text-stone-900 tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-xs text-stone-500">{hint}</p> : null}
    </>
  );
  const className =
    "block rounded-xl border border-stone-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow";
  return href ? (
    <Link to={href} className={className} aria-label={`${label}: ${value}`}>
      {body}
    </Link>
  ) : (
    <div role="group" aria-label={`${label}: ${value}`} className={className}>
      {body}
    </div>
  );
}

/** The row of stat cards at the top of an admin screen: two across on a phone, four on a wide one. */
export function StatGrid({ children }: { children: React.ReactNode }) {
  return <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">{children}</div>;
}
