import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { PageLink } from "~/components/ui/page-link";
import { categoriesIn } from "~/lib/categories";
import { consentWording } from "~/lib/consent";
import type { FormReply } from "~/lib/form";
import { shellMessages } from "~/lib/i18n/messages/shell";
import { richText } from "~/lib/i18n/rich-text";
import { useLocale, useT } from "~/lib/i18n/use-locale";
import { addressLines, phoneE164, type StoreContact } from "~/lib/store-settings";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";

type NewsletterAnswer = { ok: true; message: string } | FormReply;

/**
 * The footer's one field, answered by the form layer's reply (`formReply`: its message by name).
 * It stays off `useForm` so the form hook is not in every storefront page's first load.
 */
function NewsletterForm() {
  const locale = useLocale();
  const t = useT(shellMessages);
  const fetcher = useFetcher<NewsletterAnswer>();
  const refused = fetcher.data && "errors" in fetcher.data ? fetcher.data : undefined;
  const error = refused?.errors.email;
  const input = useRef<HTMLInputElement>(null);
  const [params] = useSearchParams();
  // Without JavaScript the form posts and comes back with ?subscribed=1.
  const thanks =
    fetcher.data && "ok" in fetcher.data
      ? fetcher.data.message
      : !fetcher.data && params.get("subscribed") === "1"
        ? t("newsletterThanks")
        : undefined;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || !input.current) return;
    // Subscribed: the field is emptied; refused: focus goes back to it.
    if ("ok" in fetcher.data) input.current.value = "";
    else input.current.focus();
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" action="/newsletter" id="newsletter" className="mt-4">
      {/* The signup is kept, and answered, in the page's language. */}
      <input type="hidden" name="locale" value={locale} />
      <label htmlFor="newsletter-email" className="sr-only">
        {t("newsletterEmail")}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id="newsletter-email"
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder={t("newsletterPlaceholder")}
          aria-describedby="newsletter-result"
          aria-invalid={error ? true : undefined}
          className="min-w-0 flex-1 rounded-full border border-brand-700 bg-brand-900 px-4 py-2.5 text-sm text-white placeholder:text-brand-300 focus:border-accent-400 focus:outline-none"
        />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="rounded-full bg-accent-400 px-5 py-2.5 text-sm font-semibold text-brand-950 hover:bg-accent-500 disabled:opacity-70"
        >
          {t("newsletterSubscribe")}
        </button>
      </div>
      <p
        id="newsletter-result"
        role="status"
        className={`mt-2 min-h-5 text-sm ${error ? "text-red-300" : "text-brand-100"}`}
      >
        {error ?? thanks}
      </p>
    </fetcher.Form>
  );
}

function PaymentMarks() {
  const t = useT(shellMessages);
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t("paymentAndShipping")}>
      <li className="inline-flex items-center gap-1.5 rounded-md bg-white px-2.5 py-1.5 text-xs font-bold text-stone-900">
        {richText(t("interacMark"), {
          mark: (text) => (
            <span className="rounded bg-[#fdb913] px-1 text-[10px] leading-4 text-black">
              {text}
            </span>
          ),
        })}
      </li>
      <li className="inline-flex items-center gap-1.5 rounded-md bg-white px-2.5 py-1.5 text-xs font-bold text-stone-900">
        <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
          <rect width="20" height="20" rx="3" fill="#d52b1e" />
          <path d="M4 10h12M10 4v12" stroke="#fff" strokeWidth="2.5" />
        </svg>
        {t("canadaPost")}
      </li>
    </ul>
  );
}

const linkClass = "text-brand-100 hover:text-white hover:underline";

/** The store's contact details the owner set (Settings → Store); nothing when none is set. */
export function ContactList({
  contact,
  className,
  itemClass,
  linkClass,
  iconClass,
}: {
  contact: StoreContact;
  className: string;
  itemClass: string;
  linkClass: string;
  iconClass: string;
}) {
  const { email, phone, hours, address } = contact;
  if (!email && !phone && !hours && !address) return null;
  return (
    <ul className={className}>
      {hours ? (
        <li className={itemClass}>
          <Clock className={iconClass} aria-hidden="true" />
          <span>{hours}</span>
        </li>
      ) : null}
      {email ? (
        <li className={itemClass}>
          <Mail className={iconClass} aria-hidden="true" />
          <a href={`mailto:${email}`} className={linkClass}>
            {email}
          </a>
        </li>
      ) : null}
      {phone ? (
        <li className={itemClass}>
          <Phone className={iconClass} aria-hidden="true" />
          <a href={`tel:${phoneE164(phone)}`} className={linkClass}>
            {phone}
          </a>
        </li>
      ) : null}
      {address ? (
        <li className={itemClass}>
          <MapPin className={iconClass} aria-hidden="true" />
          <address className="not-italic">
            {addressLines(address).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </li>
      ) : null}
    </ul>
  );
}

export function SiteFooter({ storeName, contact }: { storeName: string; contact: StoreContact }) {
  const hasContact = !!(contact.email || contact.phone || contact.hours || contact.address);
  const t = useT(shellMessages);
  const locale = useLocale();
  const categories = categoriesIn(locale);
  return (
    <footer className="mt-24 bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 lg:grid-cols-12">
        <div className="col-span-2 lg:col-span-4">
          <Logo name={storeName} className="text-white" />
          <p className="mt-4 max-w-sm text-sm leading-6 text-brand-200">{t("footerAbout")}</p>
          <h2 className="mt-8 text-sm font-semibold text-white">{t("newsletterTitle")}</h2>
          <p className="mt-1 text-sm text-brand-200">
            {consentWording("footer", storeName, locale)}
          </p>
          <NewsletterForm />
        </div>
        <nav aria-label={t("quickLinksNav")} className="lg:col-span-2">
          <h2 className="text-sm font-semibold text-white">{t("quickLinksTitle")}</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <PageLink to="/" className={linkClass}>
                {t("navHome")}
              </PageLink>
            </li>
            <li>
              <PageLink to="/products" className={linkClass}>
                {t("navAllProducts")}
              </PageLink>
            </li>
            {categories.map((c) => (
              <li key={c.slug}>
                <PageLink to={`/category/${c.slug}`} className={linkClass}>
                  {c.name}
                </PageLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t("customerServiceNav")} className="lg:col-span-2">
          <h2 className="text-sm font-semibold text-white">{t("customerServiceTitle")}</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <PageLink to="/order-lookup" className={linkClass}>
                {t("orderLookup")}
              </PageLink>
            </li>
            <li>
              <PageLink to="/faq" className={linkClass}>
                {t("navFaq")}
              </PageLink>
            </li>
            <li>
              <PageLink to="/about" className={linkClass}>
                {t("navAbout")}
              </PageLink>
            </li>
            <li>
              <PageLink to="/contact" className={linkClass}>
                {t("navContact")}
              </PageLink>
            </li>
            <li>
              <PageLink to="/privacy" className={linkClass}>
                {t("privacyPolicy")}
              </PageLink>
            </li>
          </ul>
        </nav>
        <div className="col-span-2 text-sm lg:col-span-4">
          {hasContact ? (
            <>
              <h2 className="mb-4 font-semibold text-white">{t("contactTitle")}</h2>
              <ContactList
                contact={contact}
                className="mb-8 space-y-3"
                itemClass="flex items-start gap-2"
                linkClass={linkClass}
                iconClass="mt-0.5 h-4 w-4 shrink-0 text-accent-400"
              />
            </>
          ) : null}
          <h2 className="font-semibold text-white">{t("weAcceptAndShip")}</h2>
          <div className="mt-3">
            <PaymentMarks />
          </div>
        </div>
      </div>
      <div className="border-t border-brand-900 px-4 py-6 text-center text-xs text-brand-200">
        <p>{t("footerLegal", { year: String(new Date().getFullYear()), storeName })}</p>
        <p className="mt-3">
          <LanguageSwitch
            className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-100 hover:text-white hover:underline"
            iconClassName="h-4 w-4 text-accent-400"
          />
        </p>
      </div>
    </footer>
  );
}
