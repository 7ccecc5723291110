/**
 * The Newsletters screen's Quick Templates (docs/product/customers-and-marketing.md#newsletters):
 * each prefills the subject and the HTML body. They were first written to mention WELCOME20 (20 %
 * off a first order) and WEEKEND20; no coupon is WEEKEND20 (shoppers got "Invalid coupon code"), so
 * the sale names WEEKEND25, the sample data's weekend coupon. A template names a code only when the
 * store has that coupon, active, and words its offer from the coupon's own terms (value, minimum
 * order); otherwise the offer is left out, never a code that fails nor a figure the coupon does not
 * give.
 */
import { formatCouponValue } from "./coupons";
import { formatMoneyInText } from "./money";
import type { CouponType } from "./pricing";

export interface NewsletterTemplate {
  id: "welcome" | "sale" | "launch";
  name: string;
  subject: string;
  body: string;
}

/** The coupon each template advertises (the sample data seeds both). */
export const TEMPLATE_COUPONS = { welcome: "WELCOME20", sale: "WEEKEND25" } as const;

/** An active coupon a template may offer, with the terms its words come from. */
export interface TemplateCoupon {
  code: string;
  type: CouponType;
  value: number;
  minOrderCents: number;
}

/** "25% off orders of $25 or more", "25% off your order", "20% off your first order". */
function offer(coupon: TemplateCoupon, { firstOrder }: { firstOrder: boolean }): string {
  const value = formatCouponValue(coupon);
  const min =
    coupon.minOrderCents > 0 ? ` of ${formatMoneyInText(coupon.minOrderCents)} or more` : "";
  if (firstOrder) return `${value} off your first order${min}`;
  return min ? `${value} off orders${min}` : `${value} off your order`;
}

export function newsletterTemplates(
  storeName: string,
  storeUrl: string,
  /** The store's active coupons: a template names only one of these. */
  activeCoupons: readonly TemplateCoupon[],
): NewsletterTemplate[] {
  const shop = `${storeUrl}/products`;
  const button = (label: string) =>
    `<p><a href="${shop}" style="display:inline-block;padding:12px 24px;background:#18412b;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${label}</a></p>`;
  const find = (code: string) =>
    activeCoupons.find((c) => c.code.toUpperCase() === code.toUpperCase());
  const welcome = find(TEMPLATE_COUPONS.welcome);
  const sale = find(TEMPLATE_COUPONS.sale);
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
              `<p>As a thank-you, enjoy <strong>${offer(welcome, { firstOrder: true })}</strong> with code <strong>${TEMPLATE_COUPONS.welcome}</strong> at checkout.</p>`,
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
          subject: `This weekend only: ${formatCouponValue(sale)} off`,
          body: [
            `<h1>Weekend Sale: ${formatCouponValue(sale)} off</h1>`,
            `<p>From Friday to Sunday, take <strong>${offer(sale, { firstOrder: false })}</strong> with code <strong>${TEMPLATE_COUPONS.sale}</strong>.</p>`,
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
