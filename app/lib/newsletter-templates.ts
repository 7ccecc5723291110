/**
 * The Newsletters screen's Quick Templates (SPEC §2): each prefills the subject and the HTML body.
 * SPEC §9: they mention WELCOME20 (20 % off a first order) and WEEKEND20.
 */
export interface NewsletterTemplate {
  id: "welcome" | "sale" | "launch";
  name: string;
  subject: string;
  body: string;
}

export function newsletterTemplates(storeName: string, storeUrl: string): NewsletterTemplate[] {
  const shop = `${storeUrl}/products`;
  const button = (label: string) =>
    `<p><a href="${shop}" style="display:inline-block;padding:12px 24px;background:#18412b;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${label}</a></p>`;
  return [
    {
      id: "welcome",
      name: "Welcome Email",
      subject: `Welcome to ${storeName}!`,
      body: [
        `<h1>Welcome to ${storeName}!</h1>`,
        "<p>Thanks for joining our newsletter. You will be the first to hear about new strains, restocks and member-only offers.</p>",
        "<p>As a thank-you, enjoy <strong>20% off your first order</strong> with code <strong>WELCOME20</strong> at checkout.</p>",
        button("Start shopping"),
        "<p>Happy shopping,<br>The team</p>",
      ].join("\n"),
    },
    {
      id: "sale",
      name: "Sale Promotion",
      subject: "This weekend only: 20% off everything",
      body: [
        "<h1>Weekend Sale: 20% off</h1>",
        "<p>From Friday to Sunday, take <strong>20% off your whole order</strong> with code <strong>WEEKEND20</strong>.</p>",
        "<p>Flowers, edibles, vapes, concentrates: everything in the store is included while stock lasts.</p>",
        button("Shop the sale"),
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
