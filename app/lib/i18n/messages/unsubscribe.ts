import { defineMessages } from "../translate";

/**
 * The newsletter: the footer signup's answers (app/server/marketing/newsletter.server.ts) and the
 * unsubscribe page of every newsletter and campaign (app/routes/store/unsubscribe.tsx).
 */
export const unsubscribeMessages = /* @__PURE__ */ defineMessages(
  {
    // Newsletter signup
    thanks: "Thank you for subscribing to our newsletter!",
    emailRequired: "Please enter your email address.",
    emailTooLong: "That email address is too long.",
    emailInvalid: "Please enter a valid email address.",

    // Unsubscribe page
    title: "Unsubscribe",
    notFoundMessage:
      "This unsubscribe link is not valid. It may have been cut short when it was copied: use the link in the email itself, or write to us and we will unsubscribe you.",
    notFoundTitle: "Unsubscribe link not found",
    tooManyTitle: "Too many attempts",
    tooManyMessage: {
      one: "Too many attempts. Please wait {count} minute and try again.",
      other: "Too many attempts. Please wait {count} minutes and try again.",
    },
    writeToUs: "You can also write to {email} and we will unsubscribe you.",
    replyToUs: "You can also reply to any of our emails and we will unsubscribe you.",
    questions: "Questions?",
    testLink:
      "This link comes from a test message. In the real mailing, it unsubscribes the person who received it.",
    unsubscribed: "You have been unsubscribed.",
    alreadyUnsubscribed: "This address is already unsubscribed.",
    noMore:
      "<strong>{email}</strong> will not receive {store} newsletters or promotions any more. Emails about your orders still arrive.",
    confirm: "Stop sending {store} newsletters and promotions to <strong>{email}</strong>?",
    unsubscribing: "Unsubscribing…",
    unsubscribe: "Unsubscribe",
    backToStore: "Back to the store",
  },
  {
    // Newsletter signup
    thanks: "Merci de vous être abonné(e) à notre infolettre\u00a0!",
    emailRequired: "Veuillez entrer votre adresse courriel.",
    emailTooLong: "Cette adresse courriel est trop longue.",
    emailInvalid: "Veuillez entrer une adresse courriel valide.",

    // Unsubscribe page
    title: "Se désabonner",
    notFoundMessage:
      "Ce lien de désabonnement n’est pas valide. Il a peut-être été coupé lors du copier-coller\u00a0: utilisez le lien du courriel lui-même, ou écrivez-nous et nous vous désabonnerons.",
    notFoundTitle: "Lien de désabonnement introuvable",
    tooManyTitle: "Trop de tentatives",
    tooManyMessage: {
      one: "Trop de tentatives. Veuillez patienter {count} minute et réessayer.",
      other: "Trop de tentatives. Veuillez patienter {count} minutes et réessayer.",
    },
    writeToUs: "Vous pouvez aussi écrire à {email} et nous vous désabonnerons.",
    replyToUs: "Vous pouvez aussi répondre à l’un de nos courriels et nous vous désabonnerons.",
    questions: "Des questions\u00a0?",
    testLink:
      "Ce lien provient d’un message d’essai. Dans l’envoi réel, il désabonne la personne qui l’a reçu.",
    unsubscribed: "Vous avez été désabonné(e).",
    alreadyUnsubscribed: "Cette adresse est déjà désabonnée.",
    noMore:
      "<strong>{email}</strong> ne recevra plus les infolettres ni les promotions de {store}. Les courriels au sujet de vos commandes continuent d’arriver.",
    confirm:
      "Cesser d’envoyer les infolettres et les promotions de {store} à <strong>{email}</strong>\u00a0?",
    unsubscribing: "Désabonnement…",
    unsubscribe: "Se désabonner",
    backToStore: "Retour à la boutique",
  },
);
