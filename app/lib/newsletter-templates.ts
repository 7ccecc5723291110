/**
 * The Newsletters screen's Quick Templates (SPEC §2): each prefills the subject and the HTML body.
 * SPEC §9 has them mention WELCOME20 (20 % off a first order) and WEEKEND20; no coupon is WEEKEND20
 * (shoppers got "Invalid coupon code"), so the sale names WEEKEND25, the sample data's weekend
 * coupon (25 % off orders of $25 or more). A template names a code only when the store has that
 * coupon, active (`couponCodes`); otherwise its offer is left out, never a code that fails.
 */
export interface NewsletterTemplate {
  id: "welcome" | "sale" | "launch";
  name: string;
  subject: string;
  body: string;
}

/** The coupon each template advertises (the sample data seeds both). */
export const TEMPLATE_COUPONS = { welcome: "WELCOME20", sale: "WEEKEND25" } as const;

/** The coupon codes a text names, written in capitals after "code" ("code <strong>WELCOME20</strong>"). */
export function couponCodesNamed(text: string): string[] {
  const codes = [...text.matchAll(/\b[Cc]odes?\s+(?:<strong>)?([A-Z0-9][A-Z0-9_-]{2,})\b/g)].map(
    (m) => m[1]!,
  );
  return [...new Set(codes)];
}

export function newsletterTemplates(
  storeName: string,
  storeUrl: string,
  /** The store's active coupon codes: a template names only one of these. */
  couponCodes: readonly string[],
): NewsletterTemplate[] {
  const shop = `${storeUrl}/products`;
  const button = (label: string) =>
    `<p><a href="${shop}" style="display:inline-block;padding:12px 24px;background:#18412b;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${label}</a></p>`;
  const has = new Set(couponCodes.map((code) => code.toUpperCase()));
  const welcome = has.has(TEMPLATE_COUPONS.welcome);
  const sale = has.has(TEMPLATE_COUPONS.sale);
  return [
    {
      id: "welcome",
      name: "Welcome Email",
      subject: `Welcome to ${storeName}!`,
      body: [
        `<h1>Welcome to ${storeName}!</h1>`,
        "<p>Thanks for joining our newsletter. You will be the first to hear about new strains, restocks and member-only offers.</p>",
        ...(welcome
          ? [
              `<p>As a thank-you, enjoy <strong>20% off your first order</strong> with code <strong>${TEMPLATE_COUPONS.welcome}</strong> at checkout.</p>`,
            ]
          : []),
        button("Start shopping"),
        "<p>Happy shopping,<br>The team</p>",
      ].join("\n"),
    },
    sale
      ? {
          id: "sale",
          name: "Sale Promotion",
          subject: "This weekend only: 25% off",
          body: [
            "<h1>Weekend Sale: 25% off</h1>",
            `<p>From Friday to Sunday, take <strong>25% off orders of $25 or more</strong> with code <strong>${TEMPLATE_COUPONS.sale}</strong>.</p>`,
            "<p>Flowers, edibles, vapes, concentrates: everything in the store is included while stock lasts.</p>",
            button("Shop the sale"),
          ].join("\n"),
        }
      : {
          id: "sale",
          name: "Sale Promotion",
          subject: "This weekend only: our weekend deals",
          body: [
            "<h1>Weekend deals</h1>",
            "<p>From Friday to Sunday, find our weekend deals on flowers, edibles, vapes and concentrates while stock lasts.</p>",
            button("Shop the deals"),
          ].join("\n"),
        },
    {
      id: "launch",
      name: "New Product Launch",
      subject: `New arrivals at ${storeName}`,
      body: [
        "<h1>Just landed: new arrivals</h1>",
        "<p>We have added new products to the shelves, picked by our team for quality and value.</p>",
        "<p>Be among the first to try them before they sell out.</p>",
        button("See what is new"),
      ].join("\n"),
    },
  ];
}
