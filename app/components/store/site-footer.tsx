import { Link } from "react-router";
import { CATEGORIES } from "~/lib/categories";
import { Logo } from "./logo";

export function SiteFooter({ storeName }: { storeName: string }) {
  return (
    <footer className="mt-24 bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-3">
        <div>
          <Logo name={storeName} className="text-white" />
          <p className="mt-4 max-w-xs text-sm leading-6 text-brand-200">
            An online cannabis boutique for adults 19+ across Canada. Paid by Interac e-Transfer,
            shipped discreetly by Canada Post.
          </p>
        </div>
        <nav aria-label="Shop">
          <h2 className="text-sm font-semibold text-white">Shop</h2>
          <ul className="mt-4 grid grid-cols-2 gap-2 text-sm">
            {CATEGORIES.map((category) => (
              <li key={category.slug}>
                <Link to={`/category/${category.slug}`} className="hover:text-white">
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-sm">
          <h2 className="font-semibold text-white">Contact</h2>
          <p className="mt-4">support@budzboutique.ca</p>
          <p className="mt-1">Mon-Fri 9AM-6PM PST</p>
        </div>
      </div>
      <div className="border-t border-brand-900 py-6 text-center text-xs text-brand-300">
        © {new Date().getFullYear()} {storeName}. For adults 19 years of age or older.
      </div>
    </footer>
  );
}
