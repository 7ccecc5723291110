import { defineMessages } from "../translate";

/**
 * Shopper accounts: sign-in (password and emailed link), sign-up, password reset, email
 * confirmation, My Account (overview, orders, addresses, settings), their notices, and every
 * message the account forms and services answer with. Also the newsletter consent wording the
 * storefront shows (app/lib/consent.ts).
 */
export const accountMessages = /* @__PURE__ */ defineMessages(
  {
    noticeSignedOut: "You are signed out.",
    noticeVerified: "Thanks! Your email address is confirmed.",
    noticeSignedIn: "You are signed in.",
    noticePasswordReset: "Your new password is saved. You are signed in.",
    noticeVerificationSent: "We have emailed you a new confirmation link.",
    noticeAddressSaved: "Address saved.",
    noticeAddressDeleted: "Address deleted.",
    noticeDefaultSet: "Default address updated.",
    noticeSubscribed: "You are subscribed to our newsletter.",
    noticeUnsubscribed: "You are unsubscribed from our newsletter.",
    noticeDeleted: "Your account was deleted. Your orders are kept for our records.",
    linkSent: "Check your email: a sign-in link is on its way. It works once.",
    signUpSent:
      "Check your email: we sent you a link to confirm your address and finish creating your account.",
    resetSent:
      "Check your email: if there is an account for that address, a link to choose a new password is on its way.",

    emailRequired: "Please enter your email address",
    emailTooLong: "Email must be at most 254 characters",
    emailInvalid: "Please enter a valid email address",
    passwordChoose: "Please choose a password",
    passwordTooShort: "Your password must be at least {min} characters",
    passwordTooLong: "Your password must be at most {max} characters",
    passwordIsEmail: "Please choose a password that is not your email address",
    passwordRequired: "Please enter your password",
    linkNotValid: "This link is not valid.",
    confirmDeletionRequired: "Please tick the box to confirm you want to delete your account.",

    incorrectSignIn: "Incorrect email or password",
    incorrectPassword: "Incorrect password",
    unverifiedSignIn: "Please confirm your email address first: we have emailed you a new link.",
    throttled: {
      one: "Too many attempts. Please wait {count} minute and try again.",
      other: "Too many attempts. Please wait {count} minutes and try again.",
    },
    linkInvalid: "This link is not valid. Please ask for a new one.",
    linkExpired: "This link has expired. Please ask for a new one.",
    linkUsed: "This link has already been used. Please ask for a new one.",
    accountGone: "This account no longer exists.",
    tooManyAddresses: "You can save up to {max} addresses. Please delete one first.",
    addressNotFound: "Address not found",
    orderNotFound: "Order not found",
    sessionEnded: "Your session has ended. Please sign in again.",
    confirmEmailFirst: "Please confirm your email first.",

    titleSignIn: "Sign in",
    titleSignUp: "Create an account",
    titleForgotPassword: "Reset your password",
    titleResetPassword: "Choose a new password",
    titleVerify: "Confirm your email",
    titleLink: "Sign in with your link",
    titleMyAccount: "My Account",
    titleMyOrders: "My orders",
    titleOrder: "Order {orderNumber}",
    titleMyAddresses: "My addresses",
    titleEditAddress: "Edit address",
    titleAddAddress: "Add an address",
    titleSettings: "Account settings",

    emailLabel: "Email",
    passwordLabel: "Password",
    passwordHint: "At least {min} characters",
    sending: "Sending…",
    signingIn: "Signing in…",
    signIn: "Sign in",

    signInIntro:
      "Sign in to see your orders, save addresses for checkout and manage your newsletter.",
    newHere: "New here?",
    createAnAccount: "Create an account",
    guestLookup:
      "Ordered as a guest? <link>Look up an order</link> with its number and your email.",
    forgotPassword: "Forgot your password?",
    passwordlessHeading: "Sign in without a password",
    passwordlessIntro:
      "We email you a link that signs you in once. New to the store? The link creates your account.",
    linkEmailLabel: "Email for the link",
    emailMeSignInLink: "Email me a sign-in link",

    signUpIntro:
      "See every order you placed with your email, and check out faster with saved addresses.",
    haveAccount: "Already have an account?",
    creatingAccount: "Creating your account…",
    createAccount: "Create account",

    forgotIntro:
      "Enter the email of your account and we will email you a link to choose a new password.",
    rememberedIt: "Remembered it?",
    backToSignIn: "Back to sign in",
    emailMeLink: "Email me a link",

    askNewLink: "Ask for a new link",
    resetFor: "For <email>{email}</email>. You will be signed out everywhere else.",
    newPasswordLabel: "New password",
    saving: "Saving…",
    saveNewPassword: "Save new password",

    linkExpiredSignIn: "Link expired? <link>Sign in</link> and we will send a new one.",
    verifyPrompt:
      "Enter the password you chose for <email>{email}</email> to confirm this address is yours.",
    confirming: "Confirming…",
    confirmMyEmail: "Confirm my email",
    forgotItReset: "Forgot it? <link>Reset your password</link> (that confirms your email too).",

    askNewSignInLink: "Ask for a new sign-in link",
    signInAs: "Sign in as <email>{email}</email>?",

    signedInAs: "Signed in as <email>{email}</email>",
    signOut: "Sign out",
    accountNav: "Account",
    tabOverview: "Overview",
    tabOrders: "Orders",
    tabAddresses: "Addresses",
    tabSettings: "Settings",

    recentOrders: "Recent orders",
    allOrdersCount: "All orders ({count})",
    noOrdersYet: "No orders yet with this email.",
    startShopping: "Start shopping",
    defaultAddress: "Default address",
    manageAddresses: "Manage addresses",
    noSavedAddress: "No saved address yet. Save one and checkout fills it in for you.",

    ordersPlaced: {
      one: "{count} order placed with this email",
      other: "{count} orders placed with this email",
    },
    pagesNav: "Pages",
    newerOrders: "Newer orders",
    olderOrders: "Older orders",
    pageOf: "Page {page} of {pageCount}",

    allOrders: "All orders",
    placedOn: "Placed {date}",
    invoicePdf: "Invoice (PDF)",

    savedAddresses: "Saved addresses",
    addAddress: "Add address",
    noSavedAddresses:
      "No saved addresses yet. <link>Add one</link> and checkout fills it in for you.",
    addressOf: "Address of {name}",
    defaultBadge: "Default",
    editAddressOf: "Edit address of {name}",
    edit: "Edit",
    makeDefault: "Make default",
    deleteAddressOf: "Delete address of {name}",
    delete: "Delete",
    saveAddress: "Save address",
    allAddresses: "All addresses",

    notFoundText: "It does not exist, or it is not part of your account.",

    newsletter: "Newsletter",
    impliedUntil: "You get our emails because you ordered from us, until {date}.",
    subscribedSince: "Subscribed since {date}.",
    subscribed: "Subscribed.",
    notSubscribed: "Not subscribed.",
    unsubscribing: "Unsubscribing…",
    unsubscribe: "Unsubscribe",
    subscribing: "Subscribing…",
    subscribe: "Subscribe to the newsletter",
    confirmToSubscribe: "Confirm your email to subscribe.",
    deleteMyAccount: "Delete my account",
    deleteExplained:
      "Your account, saved addresses and newsletter subscription are deleted, and your name, phone and address are removed from our customer records. The orders you placed are kept for our accounting records, as the law requires. This cannot be undone.",
    yourPassword: "Your password",
    deleting: "Deleting…",
    confirmDeletion: "I understand my account will be deleted for good.",

    verifyToSeeOrders: "Confirm your email to see your orders",
    verifyToSeeOrdersText:
      "We show the orders placed with <email>{email}</email> once you confirm the address is yours, using the link we emailed you.",
    sendNewConfirmation: "Send a new confirmation link",
    ordersCaption: "Your orders, newest first",
    columnOrder: "Order",
    columnPlaced: "Placed",
    columnStatus: "Status",
    columnTotal: "Total",
    itemCount: { one: "{count} item", other: "{count} items" },
  },
  {
    noticeSignedOut: "Vous êtes maintenant déconnecté de votre compte.",
    noticeVerified: "Merci\u00a0! Votre adresse courriel est confirmée.",
    noticeSignedIn: "Vous êtes connecté à votre compte.",
    noticePasswordReset:
      "Votre nouveau mot de passe est enregistré. Vous êtes connecté à votre compte.",
    noticeVerificationSent: "Nous vous avons envoyé un nouveau lien de confirmation par courriel.",
    noticeAddressSaved: "Adresse enregistrée.",
    noticeAddressDeleted: "Adresse supprimée.",
    noticeDefaultSet: "Adresse par défaut mise à jour.",
    noticeSubscribed: "Votre abonnement à notre infolettre est confirmé.",
    noticeUnsubscribed: "Vous êtes désabonné de notre infolettre.",
    noticeDeleted: "Votre compte a été supprimé. Vos commandes sont conservées dans nos dossiers.",
    linkSent:
      "Consultez vos courriels\u00a0: un lien de connexion est en route. Il ne fonctionne qu'une fois.",
    signUpSent:
      "Consultez vos courriels\u00a0: nous vous avons envoyé un lien pour confirmer votre adresse et terminer la création de votre compte.",
    resetSent:
      "Consultez vos courriels\u00a0: s'il existe un compte pour cette adresse, un lien pour choisir un nouveau mot de passe est en route.",

    emailRequired: "Veuillez entrer votre adresse courriel",
    emailTooLong: "Le courriel doit compter au plus 254 caractères",
    emailInvalid: "Veuillez entrer une adresse courriel valide",
    passwordChoose: "Veuillez choisir un mot de passe",
    passwordTooShort: "Votre mot de passe doit compter au moins {min} caractères",
    passwordTooLong: "Votre mot de passe doit compter au plus {max} caractères",
    passwordIsEmail: "Veuillez choisir un mot de passe différent de votre adresse courriel",
    passwordRequired: "Veuillez entrer votre mot de passe",
    linkNotValid: "Ce lien n'est pas valide.",
    confirmDeletionRequired:
      "Veuillez cocher la case pour confirmer que vous voulez supprimer votre compte.",

    incorrectSignIn: "Courriel ou mot de passe incorrect",
    incorrectPassword: "Mot de passe incorrect",
    unverifiedSignIn:
      "Veuillez d'abord confirmer votre adresse courriel\u00a0: nous vous avons envoyé un nouveau lien.",
    throttled: {
      one: "Trop de tentatives. Veuillez patienter {count} minute et réessayer.",
      other: "Trop de tentatives. Veuillez patienter {count} minutes et réessayer.",
    },
    linkInvalid: "Ce lien n'est pas valide. Veuillez en demander un nouveau.",
    linkExpired: "Ce lien a expiré. Veuillez en demander un nouveau.",
    linkUsed: "Ce lien a déjà été utilisé. Veuillez en demander un nouveau.",
    accountGone: "Ce compte n'existe plus.",
    tooManyAddresses:
      "Vous pouvez enregistrer jusqu'à {max} adresses. Veuillez d'abord en supprimer une.",
    addressNotFound: "Adresse introuvable",
    orderNotFound: "Commande introuvable",
    sessionEnded: "Votre session a pris fin. Veuillez vous reconnecter.",
    confirmEmailFirst: "Veuillez d'abord confirmer votre adresse courriel.",

    titleSignIn: "Connexion",
    titleSignUp: "Créer un compte",
    titleForgotPassword: "Réinitialiser votre mot de passe",
    titleResetPassword: "Choisir un nouveau mot de passe",
    titleVerify: "Confirmer votre courriel",
    titleLink: "Connexion avec votre lien",
    titleMyAccount: "Mon compte",
    titleMyOrders: "Mes commandes",
    titleOrder: "Commande {orderNumber}",
    titleMyAddresses: "Mes adresses",
    titleEditAddress: "Modifier l'adresse",
    titleAddAddress: "Ajouter une adresse",
    titleSettings: "Paramètres du compte",

    emailLabel: "Courriel",
    passwordLabel: "Mot de passe",
    passwordHint: "Au moins {min} caractères",
    sending: "Envoi…",
    signingIn: "Connexion…",
    signIn: "Se connecter",

    signInIntro:
      "Connectez-vous pour voir vos commandes, enregistrer des adresses pour la caisse et gérer votre abonnement à l'infolettre.",
    newHere: "Première visite\u00a0?",
    createAnAccount: "Créer un compte",
    guestLookup:
      "Vous avez commandé sans compte\u00a0? <link>Retrouvez une commande</link> avec son numéro et votre courriel.",
    forgotPassword: "Mot de passe oublié\u00a0?",
    passwordlessHeading: "Se connecter sans mot de passe",
    passwordlessIntro:
      "Nous vous envoyons par courriel un lien qui vous connecte une seule fois. Première visite\u00a0? Le lien crée votre compte.",
    linkEmailLabel: "Courriel pour le lien",
    emailMeSignInLink: "M'envoyer un lien de connexion",

    signUpIntro:
      "Consultez toutes les commandes passées avec votre courriel et passez à la caisse plus rapidement grâce à vos adresses enregistrées.",
    haveAccount: "Vous avez déjà un compte\u00a0?",
    creatingAccount: "Création de votre compte…",
    createAccount: "Créer mon compte",

    forgotIntro:
      "Entrez le courriel de votre compte et nous vous enverrons un lien pour choisir un nouveau mot de passe.",
    rememberedIt: "Il vous est revenu\u00a0?",
    backToSignIn: "Retour à la connexion",
    emailMeLink: "M'envoyer un lien",

    askNewLink: "Demander un nouveau lien",
    resetFor: "Pour <email>{email}</email>. Vos sessions ouvertes ailleurs seront fermées.",
    newPasswordLabel: "Nouveau mot de passe",
    saving: "Enregistrement…",
    saveNewPassword: "Enregistrer le nouveau mot de passe",

    linkExpiredSignIn:
      "Lien expiré\u00a0? <link>Connectez-vous</link> et nous vous en enverrons un nouveau.",
    verifyPrompt:
      "Entrez le mot de passe choisi pour <email>{email}</email> afin de confirmer que cette adresse est bien la vôtre.",
    confirming: "Confirmation…",
    confirmMyEmail: "Confirmer mon courriel",
    forgotItReset:
      "Vous l'avez oublié\u00a0? <link>Réinitialisez votre mot de passe</link> (cela confirme aussi votre courriel).",

    askNewSignInLink: "Demander un nouveau lien de connexion",
    signInAs: "Se connecter en tant que <email>{email}</email>\u00a0?",

    signedInAs: "Connecté en tant que <email>{email}</email>",
    signOut: "Se déconnecter",
    accountNav: "Compte",
    tabOverview: "Aperçu",
    tabOrders: "Commandes",
    tabAddresses: "Adresses",
    tabSettings: "Paramètres",

    recentOrders: "Commandes récentes",
    allOrdersCount: "Toutes les commandes ({count})",
    noOrdersYet: "Aucune commande avec ce courriel pour le moment.",
    startShopping: "Commencer à magasiner",
    defaultAddress: "Adresse par défaut",
    manageAddresses: "Gérer les adresses",
    noSavedAddress:
      "Aucune adresse enregistrée pour le moment. Enregistrez-en une et elle sera remplie pour vous à la caisse.",

    ordersPlaced: {
      one: "{count} commande passée avec ce courriel",
      other: "{count} commandes passées avec ce courriel",
    },
    pagesNav: "Pages",
    newerOrders: "Commandes plus récentes",
    olderOrders: "Commandes plus anciennes",
    pageOf: "Page {page} sur {pageCount}",

    allOrders: "Toutes les commandes",
    placedOn: "Passée le {date}",
    invoicePdf: "Facture (PDF)",

    savedAddresses: "Adresses enregistrées",
    addAddress: "Ajouter une adresse",
    noSavedAddresses:
      "Aucune adresse enregistrée pour le moment. <link>Ajoutez-en une</link> et elle sera remplie pour vous à la caisse.",
    addressOf: "Adresse de {name}",
    defaultBadge: "Par défaut",
    editAddressOf: "Modifier l'adresse de {name}",
    edit: "Modifier",
    makeDefault: "Définir par défaut",
    deleteAddressOf: "Supprimer l'adresse de {name}",
    delete: "Supprimer",
    saveAddress: "Enregistrer l'adresse",
    allAddresses: "Toutes les adresses",

    notFoundText: "Elle n'existe pas ou ne fait pas partie de votre compte.",

    newsletter: "Infolettre",
    impliedUntil:
      "Vous recevez nos courriels parce que vous avez commandé chez nous, jusqu'au {date}.",
    subscribedSince: "Abonné depuis le {date}.",
    subscribed: "Abonné.",
    notSubscribed: "Non abonné.",
    unsubscribing: "Désabonnement…",
    unsubscribe: "Se désabonner",
    subscribing: "Abonnement…",
    subscribe: "S'abonner à l'infolettre",
    confirmToSubscribe: "Confirmez votre courriel pour vous abonner.",
    deleteMyAccount: "Supprimer mon compte",
    deleteExplained:
      "Votre compte, vos adresses enregistrées et votre abonnement à l'infolettre sont supprimés, et vos nom, téléphone et adresse sont retirés de nos dossiers clients. Les commandes que vous avez passées sont conservées dans nos registres comptables, comme l'exige la loi. Cette action est irréversible.",
    yourPassword: "Votre mot de passe",
    deleting: "Suppression…",
    confirmDeletion: "Je comprends que mon compte sera supprimé définitivement.",

    verifyToSeeOrders: "Confirmez votre courriel pour voir vos commandes",
    verifyToSeeOrdersText:
      "Nous affichons les commandes passées avec <email>{email}</email> une fois que vous avez confirmé que cette adresse est bien la vôtre, à l'aide du lien envoyé par courriel.",
    sendNewConfirmation: "Envoyer un nouveau lien de confirmation",
    ordersCaption: "Vos commandes, de la plus récente à la plus ancienne",
    columnOrder: "Commande",
    columnPlaced: "Date",
    columnStatus: "Statut",
    columnTotal: "Total",
    itemCount: { one: "{count} article", other: "{count} articles" },
  },
);
