import { defineMessages } from "../translate";

/**
 * The emails of shopper accounts (app/server/email/templates/account.server.ts): confirmation,
 * "you already have an account", sign-in link, password reset and account deleted.
 */
export const accountEmailMessages = /* @__PURE__ */ defineMessages(
  {
    // How long a link works
    hours: { one: "{count} hour", other: "{count} hours" },
    minutes: { one: "{count} minutes", other: "{count} minutes" },
    linkWorksOnce: "The link works once, for {duration}.",
    ignore: "If you didn't ask for this, you can ignore this email: nothing changes.",

    // account_verify
    verifySubject: "{storeName}: confirm your email address",
    verifyHeading: "Confirm your email address",
    verifyLine:
      "Thanks for creating a {storeName} account. Confirm this is your email address to see your orders in My Account.",
    verifyButton: "Confirm my email",
    verifyAfter: "The link works once, for {duration}, and asks for the password you chose.",
    verifyIgnore:
      "If you didn't create an account, ignore this email: the account stays unconfirmed.",

    // account_exists
    existsSubject: "{storeName}: you already have an account",
    existsHeading: "You already have an account",
    existsLine:
      "Someone (probably you) tried to create a {storeName} account with this email address, but there is one already.",
    existsHow:
      "Use the button to sign in without your password, or reset your password from the sign-in page.",
    existsButton: "Sign in to my account",

    // account_sign_in
    signInSubject: "{storeName}: your sign-in link",
    signInHeading: "Sign in to your account",
    signInLine: "Use the button to sign in to {storeName}. No password needed.",
    signInButton: "Sign in",

    // account_reset
    resetSubject: "{storeName}: reset your password",
    resetHeading: "Reset your password",
    resetLine: "Use the button to choose a new password for your account.",
    resetButton: "Choose a new password",
    resetAfter:
      "The link works once, for {duration}. Choosing a new password signs you out everywhere else.",

    // account_deleted
    deletedSubject: "{storeName}: your account was deleted",
    deletedHeading: "Your account was deleted",
    deletedLine:
      "Your account, saved addresses and sign-ins have been deleted, and your name, phone and address removed from our customer record.",
    deletedOrdersKept:
      "We keep the orders you placed for our accounting records, as the law requires.",
  },
  {
    hours: { one: "{count} heure", other: "{count} heures" },
    minutes: { one: "{count} minute", other: "{count} minutes" },
    linkWorksOnce: "Le lien ne fonctionne qu'une fois, pendant {duration}.",
    ignore:
      "Si vous n'avez rien demandé, vous pouvez ignorer ce courriel\u00a0: rien ne sera modifié.",

    verifySubject: "{storeName}\u00a0: confirmez votre adresse courriel",
    verifyHeading: "Confirmez votre adresse courriel",
    verifyLine:
      "Merci d'avoir créé un compte {storeName}. Confirmez que cette adresse courriel est bien la vôtre pour voir vos commandes dans Mon compte.",
    verifyButton: "Confirmer mon courriel",
    verifyAfter:
      "Le lien ne fonctionne qu'une fois, pendant {duration}, et vous demande le mot de passe que vous avez choisi.",
    verifyIgnore:
      "Si vous n'avez pas créé de compte, ignorez ce courriel\u00a0: le compte restera non confirmé.",

    existsSubject: "{storeName}\u00a0: vous avez déjà un compte",
    existsHeading: "Vous avez déjà un compte",
    existsLine:
      "Quelqu'un (probablement vous) a tenté de créer un compte {storeName} avec cette adresse courriel, mais il en existe déjà un.",
    existsHow:
      "Utilisez le bouton pour vous connecter sans mot de passe, ou réinitialisez votre mot de passe à partir de la page de connexion.",
    existsButton: "Me connecter à mon compte",

    signInSubject: "{storeName}\u00a0: votre lien de connexion",
    signInHeading: "Connectez-vous à votre compte",
    signInLine: "Utilisez le bouton pour vous connecter à {storeName}. Aucun mot de passe requis.",
    signInButton: "Me connecter",

    resetSubject: "{storeName}\u00a0: réinitialisez votre mot de passe",
    resetHeading: "Réinitialisez votre mot de passe",
    resetLine: "Utilisez le bouton pour choisir un nouveau mot de passe pour votre compte.",
    resetButton: "Choisir un nouveau mot de passe",
    resetAfter:
      "Le lien ne fonctionne qu'une fois, pendant {duration}. Choisir un nouveau mot de passe ferme vos sessions ouvertes ailleurs.",

    deletedSubject: "{storeName}\u00a0: votre compte a été supprimé",
    deletedHeading: "Votre compte a été supprimé",
    deletedLine:
      "Votre compte, vos adresses enregistrées et vos connexions ont été supprimés, et vos nom, téléphone et adresse ont été retirés de notre dossier client.",
    deletedOrdersKept:
      "Nous conservons les commandes que vous avez passées dans nos registres comptables, comme l'exige la loi.",
  },
);
