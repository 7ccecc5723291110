import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ProductCard } from "~/components/store/product-card";
import { listFeaturedProducts } from "~/server/catalog/products.server";
import { getPublishedPage } from "~/server/content/pages.server";

export async function loader() {
  const [page, featured] = await Promise.all([getPublishedPage("home"), listFeaturedProducts(8)]);
  return { page, featured };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data?.page?.title ?? "Budz Boutique" },
    { name: "description", content: data?.page?.description ?? "" },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page, featured } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-28">
          <div
            className="max-w-2xl [&_h1]:text-4xl [&_h1]:font-bold [&_h1]:tracking-tight md:[&_h1]:text-5xl [&_p]:mt-5 [&_p]:text-lg [&_p]:leading-8 [&_p]:text-brand-100"
            dangerouslySetInnerHTML={{ __html: page?.content ?? "" }}
          />
          <Link
            to="#featured"
            className="mt-9 inline-flex items-center rounded-full bg-accent-400 px-7 py-3 text-sm font-semibold text-brand-950 shadow hover:bg-accent-500"
          >
            Shop Now
          </Link>
        </div>
      </section>
      <section
        id="featured"
        aria-labelledby="featured-title"
        className="mx-auto max-w-7xl px-4 py-16 sm:px-6"
      >
        <h2 id="featured-title" className="text-2xl font-bold tracking-tight text-stone-900">
          Featured Products
        </h2>
        {featured.length === 0 ? (
          <p className="mt-8 text-stone-600">No products available at the moment.</p>
        ) : (
          <div className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {featured.map((product, i) => (
              <ProductCard key={product.id} product={product} priority={i < 2} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
