import { Link, NavLink } from "react-router";
import { CATEGORIES } from "~/lib/categories";
import { Logo } from "./logo";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${isActive ? "text-brand-800" : "text-stone-700 hover:text-brand-800"}`;

export function SiteHeader({ storeName }: { storeName: string }) {
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6">
        <Link to="/" aria-label={`${storeName} home`} className="text-brand-950">
          <Logo name={storeName} />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={navClass}>
            Home
          </NavLink>
          {CATEGORIES.slice(0, 4).map((category) => (
            <NavLink key={category.slug} to={`/category/${category.slug}`} className={navClass}>
              {category.name}
            </NavLink>
          ))}
        </nav>
      </div>
    </header>
  );
}
