import { data, redirect } from "react-router";
import type { Route } from "./+types/email-click";
import { recordEmailClick } from "~/server/marketing/campaign-tracking.server";

const LINK_NOT_VALID =
  "This link is not valid. It may have been copied incompletely, or it is not one of the links in our email.";

/**
 * A tracked link of a campaign email: records the recipient's first click and redirects to that
 * campaign's own link n. Anything else (a forged token, a link number the campaign does not have)
 * is a 404 page, never a redirect elsewhere.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const target = await recordEmailClick(params.token, params.n);
  if (!target) return data({ message: LINK_NOT_VALID }, { status: 404 });
  return redirect(target, { status: 302, headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = () => [
  { title: "Link not valid" },
  { name: "robots", content: "noindex" },
];

export default function EmailLinkNotValid({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <p className="text-sm font-semibold tracking-widest text-brand-700">404</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-stone-900">Link not valid</h1>
      <p className="mt-4 text-stone-600">{loaderData.message}</p>
      <a
        href="/"
        className="mt-8 inline-flex items-center rounded-full bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Back to the store
      </a>
    </main>
  );
}
