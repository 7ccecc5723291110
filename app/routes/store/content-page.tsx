import { useRouteLoaderData } from "react-router";
import { ErrorPage } from "~/components/ui/error-page";
import type { Route } from "./+types/content-page";
import {
  CONTENT_ARTICLE_CLASS,
  CONTENT_BODY_CLASS,
  CONTENT_PAGE_CLASS,
  CONTENT_TITLE_CLASS,
} from "~/components/store/page-markup";
import { ContactList } from "~/components/store/site-footer";
import type { loader as layoutLoader } from "./layout";
import { localeOfPath, localizePath, requestLocale, unlocalizedPath } from "~/lib/i18n/locale";
import { contentMessages } from "~/lib/i18n/messages/content";
import { translator } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-locale";
import { absoluteUrl, seoMeta, storeFromMatches } from "~/lib/seo";
import { getPublishedPage } from "~/server/content/pages.server";
import { invariantResponse } from "~/server/http/responses.server";
import { publicPageHeaders } from "~/server/storefront/visitor.server";

const SLUGS: Record<string, string> = {
  "/about": "about",
  "/contact": "contact",
  "/privacy": "privacy",
  "/faq": "faq",
};

/**
 * /about, /contact, /privacy and /faq (and their /fr/… pages): editable pages from the pages
 * table, sanitised; the French title, description and content where written.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const slug = SLUGS[unlocalizedPath(new URL(request.url).pathname.replace(/\/$/, ""))];
  const page = slug ? await getPublishedPage(slug, locale) : undefined;
  invariantResponse(page, translator(contentMessages, locale)("pageNotFound"), { status: 404 });
  return {
    page: {
      slug: page.slug,
      path: page.path,
      title: page.title,
      description: page.description,
      content: page.content,
      updatedAt: page.updatedAt,
    },
  };
}

export const headers = publicPageHeaders;

export function meta({ data, matches, location }: Route.MetaArgs) {
  const store = storeFromMatches(matches);
  const locale = localeOfPath(location.pathname);
  if (!data) {
    const title = translator(contentMessages, locale)("pageNotFound");
    return seoMeta({ title: `${title} | ${store.storeName}`, noindex: true });
  }
  return seoMeta({
    title: `${data.page.title} | ${store.storeName}`,
    description: data.page.description,
    url: absoluteUrl(store.publicUrl, localizePath(data.page.path, locale)),
    type: "article",
    siteName: store.storeName,
  });
}

function ContactCard() {
  const t = useT(contentMessages);
  const contact = useRouteLoaderData<typeof layoutLoader>("routes/store/layout")?.contact;
  if (!contact || (!contact.email && !contact.phone && !contact.hours && !contact.address))
    return null;
  return (
    <aside
      className="self-start rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
      aria-label={t("contactDetails")}
    >
      <h2 className="font-semibold text-stone-900">{t("customerSupport")}</h2>
      <ContactList
        contact={contact}
        className="mt-4 space-y-3 text-sm text-stone-700"
        itemClass="flex items-start gap-3"
        linkClass="text-brand-800 underline [overflow-wrap:anywhere]"
        iconClass="mt-0.5 h-4 w-4 shrink-0 text-brand-700"
      />
    </aside>
  );
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const contact = page.slug === "contact";
  return (
    <div className={CONTENT_PAGE_CLASS}>
      <div className={contact ? "grid gap-10 lg:grid-cols-[1fr_320px]" : CONTENT_ARTICLE_CLASS}>
        <article>
          <h1 className={CONTENT_TITLE_CLASS}>{page.title}</h1>
          <div className={CONTENT_BODY_CLASS} dangerouslySetInnerHTML={{ __html: page.content }} />
        </article>
        {contact ? <ContactCard /> : null}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage variant="store" error={error} />;
}
