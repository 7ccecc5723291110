import { defineMessages } from "../translate";

/** The newsletter consent wording of each sign-up place, as recorded with the consent: app/lib/consent.ts. */
export const consentMessages = /* @__PURE__ */ defineMessages(
  {
    consentFooter:
      "New arrivals and members-only offers from {storeName} by email. You can unsubscribe at any time.",
    consentCheckout:
      "Send me news, new products and offers from {storeName}. You can unsubscribe at any time.",
    consentAccount:
      "News, new products and offers from {storeName}, a few times a month. Every email has an unsubscribe link.",
  },
  {
    consentFooter:
      "Les nouveautés et les offres réservées aux membres de {storeName} par courriel. Vous pouvez vous désabonner en tout temps.",
    consentCheckout:
      "Envoyez-moi les nouvelles, les nouveaux produits et les offres de {storeName}. Vous pouvez vous désabonner en tout temps.",
    consentAccount:
      "Les nouvelles, les nouveaux produits et les offres de {storeName}, quelques fois par mois. Chaque courriel contient un lien de désabonnement.",
  },
);
