import { defineMessages } from "../translate";

/**
 * Checkout: the page, its components and every message the server returns while an order is
 * placed. The texts of the pure rules it uses are in their own catalogues (provinces, fulfilment,
 * cannabis-limit, taxes, stock), so pages that only show a stock badge do not carry the checkout.
 */
export const checkoutPageMessages = /* @__PURE__ */ defineMessages(
  {
    // app/routes/store/checkout.tsx
    pageTitle: "Checkout",
    heading: "Checkout",
    serverConfirms:
      "Prices, stock and promo codes are confirmed by our server when you place the order.",

    // checkout-layout.tsx
    closedHeading: "Checkout is closed",
    emptyHeading: "Your cart is empty",
    checkoutClosed: "This store is not taking orders yet. Please come back soon.",
    emptyText: "Add something to your cart, then come back to check out.",
    continueShopping: "Continue Shopping",

    // checkout-steps.tsx
    stepContact: "Contact",
    phoneHint: "For delivery questions only",
    stepAddress: "Shipping address",
    shipWithinCanada: "We ship within Canada only.",
    fullName: "Full name",
    stepShipping: "Shipping",
    enterAddressFirst: "Enter your province and postal code to see how you can receive your order.",
    findingMethods: "Finding the ways to receive your order…",
    howToReceive: "How to receive your order",
    deliveryWindow: "Delivery window",
    chooseWindow: "Choose a window",
    windowOption: { one: "{window} ({count} left)", other: "{window} ({count} left)" },
    stepPayment: "Payment",
    interac: "Interac e-Transfer",
    paymentExplained:
      "After you place the order we show you (and email you) the amount, the address to send it to and a payment reference to put in the message. We ship once it arrives.",
    placingOrder: "Placing your order…",
    placeOrder: "Place order",

    // newsletter-consent-box.tsx
    impliedConsent:
      "Without it, we may still email you about our products for {years} years after this purchase, as the law allows; every email has an unsubscribe link.",

    // address-fields.tsx, address-form.tsx, contact-fields.tsx, saved-address-picker.tsx
    street: "Street address",
    streetHint: "Include an apartment or unit number if you have one",
    city: "City",
    province: "Province or territory",
    choose: "Choose…",
    postalCode: "Postal code",
    postalCodePlaceholder: "A1A 1A1",
    useAsDefault: "Use as my default address at checkout",
    saving: "Saving…",
    cancel: "Cancel",
    email: "Email",
    phone: "Phone",
    phonePlaceholder: "604-555-0199",
    password: "Password",
    savedAddresses: "Saved addresses",

    // checkout-summary.tsx
    orderSummary: "Order summary",
    items: "Items",
    lineQuantity: "{quantity} × {price}",
    noLongerAvailable: "No longer available",
    checkingPrice: "Checking price…",
    pricesFailed: "We couldn't load current prices. Please reload the page.",
    checkingPrices: "Checking prices…",
    needsJavaScript: "Your cart is kept in your browser: please turn on JavaScript to check out.",

    // cart-totals.tsx
    freeShippingNudge: "Add {amount} more for free shipping!",
    subtotal: "Subtotal",
    discount: "Discount",
    discountWithCode: "Discount ({code})",
    deliveryOrPickup: "Delivery or pickup",
    localDelivery: "Local delivery",
    pickup: "Pickup",
    shipping: "Shipping",
    setByAddress: "Set by your address",
    free: "FREE",
    taxes: "Taxes",
    calculatedAtCheckout: "Calculated at checkout",
    totalBeforeDelivery: "Total before delivery",
    total: "Total",

    // promo-code-field.tsx
    promoCode: "Promo code",
    enterCode: "Enter code",
    remove: "Remove",
    checking: "Checking…",
    apply: "Apply",
    couldNotCheck: "We couldn't check this code right now. Please try again.",

    // app/schemas/checkout.ts
    unknownProduct: "This cart holds an unknown product",
    cartEmpty: "Your cart is empty",
    tooManyLines: "A cart can hold at most {max} different items",
    nameRequired: "Full name is required",
    nameTooLong: "Full name must be at most {max} characters",
    streetRequired: "Street address is required",
    streetTooLong: "Street address must be at most {max} characters",
    cityRequired: "City is required",
    cityTooLong: "City must be at most {max} characters",
    provinceRequired: "Please choose a province or territory",
    postalCodeRequired: "Postal code is required",
    postalCodeInvalid: "Please enter a Canadian postal code like A1A 1A1",
    postalCodeProvince: "This postal code is not in the chosen province or territory",
    emailRequired: "Email is required",
    emailTooLong: "Email must be at most {max} characters",
    emailInvalid: "Please enter a valid email address",
    phoneRequired: "Phone is required",
    phoneInvalid: "Please enter a 10-digit phone number",
    methodRequired: "Please choose how to receive your order",
    reloadPage: "Please reload the page and try again",

    // app/server/orders/place-order.server.ts
    parcelQuoteExpired:
      "The Canada Post price you saw has expired or no longer fits your cart: please check the shipping price and place your order again.",
    methodNotAvailable: "{method} is not available for this address. Please choose {offered}.",
    or: "or",
    windowRequired: "Please choose a delivery window",
    windowFullNext:
      "That delivery window is full or no longer open. The next free ones: {windows}.",
    windowFullNone:
      "That delivery window is full or no longer open, and no other window has places left.",
    soldOut:
      "Sorry, {name} just sold out or has fewer left than you asked for. Please update your cart.",

    // app/server/orders/cart-lines.server.ts
    lineGone: "{name} is no longer available. Please remove it from your cart.",
    lineGoneUnnamed:
      "An item in your cart is no longer available. Please remove it from your cart.",
    lineUnpriced:
      "Sorry, {name} has no price yet and can't be ordered. Please remove it from your cart.",
    lineOutOfStock: "Sorry, {name} is out of stock. Please remove it from your cart.",
    lineFewLeft: {
      one: "Sorry, only {count} of {name} left in stock. Please lower the quantity.",
      other: "Sorry, only {count} of {name} left in stock. Please lower the quantity.",
    },

    // app/server/fulfilment/choices.server.ts
    liveRatesUnavailable:
      "Canada Post's live rates are not available right now: this is our standard price.",
    parcelDetail: "Tracked, with Proof of Age ({proofOfAge}): the adult who signs for it shows ID.",
    parcelExpected: "Expected {date}. {detail}",
    pickupDetail: "{where}. Bring photo ID; we hold your order {days} days once it is ready.",
    deliveryDetail:
      "By our staff in {zone}, in the window you choose. The adult who receives it shows photo ID.",
    deliveryMinimum: "Local delivery to {zone} needs an order of at least {amount}.",

    // app/server/marketing/coupons.server.ts
    couponInactive: "This coupon is no longer active",
    couponNotYetValid: "This coupon is not yet valid",
    couponExpired: "This coupon has expired",
    couponUsedUp: "This coupon has reached its usage limit",
    couponMinimum: "Minimum order of {amount} required for this coupon",
    couponMissing: "Please enter a coupon code",
    couponInvalid: "Invalid coupon code",
    couponAlreadyUsed: "You have already used this coupon",
    couponApplied: 'Coupon "{code}" applied successfully!',
  },
  {
    pageTitle: "Caisse",
    heading: "Caisse",
    serverConfirms:
      "Les prix, les stocks et les codes promo sont confirmés par notre serveur au moment où vous passez la commande.",

    closedHeading: "La caisse est fermée",
    emptyHeading: "Votre panier est vide",
    checkoutClosed: "Ce magasin ne prend pas encore de commandes. Veuillez revenir bientôt.",
    emptyText: "Ajoutez un article à votre panier, puis revenez pour passer à la caisse.",
    continueShopping: "Continuer vos achats",

    stepContact: "Coordonnées",
    phoneHint: "Seulement pour les questions sur la livraison",
    stepAddress: "Adresse de livraison",
    shipWithinCanada: "Nous livrons au Canada seulement.",
    fullName: "Nom complet",
    stepShipping: "Livraison",
    enterAddressFirst:
      "Entrez votre province et votre code postal pour voir comment vous pouvez recevoir votre commande.",
    findingMethods: "Recherche des façons de recevoir votre commande…",
    howToReceive: "Comment recevoir votre commande",
    deliveryWindow: "Plage de livraison",
    chooseWindow: "Choisissez une plage",
    windowOption: {
      one: "{window} ({count} place restante)",
      other: "{window} ({count} places restantes)",
    },
    stepPayment: "Paiement",
    interac: "Virement Interac",
    paymentExplained:
      "Une fois la commande passée, nous vous indiquons (et vous envoyons par courriel) le montant, l'adresse où l'envoyer et une référence de paiement à inscrire dans le message. Nous expédions dès réception.",
    placingOrder: "Envoi de votre commande…",
    placeOrder: "Passer la commande",

    impliedConsent:
      "Sans cela, nous pourrons tout de même vous écrire au sujet de nos produits pendant {years} ans après cet achat, comme la loi le permet. Chaque courriel contient un lien de désabonnement.",

    street: "Adresse",
    streetHint: "Indiquez un numéro d'appartement ou d'unité, s'il y a lieu",
    city: "Ville",
    province: "Province ou territoire",
    choose: "Choisir…",
    postalCode: "Code postal",
    postalCodePlaceholder: "A1A 1A1",
    useAsDefault: "Utiliser comme adresse par défaut à la caisse",
    saving: "Enregistrement…",
    cancel: "Annuler",
    email: "Courriel",
    phone: "Téléphone",
    phonePlaceholder: "514-555-0199",
    password: "Mot de passe",
    savedAddresses: "Adresses enregistrées",

    orderSummary: "Résumé de la commande",
    items: "Articles",
    lineQuantity: "{quantity} × {price}",
    noLongerAvailable: "N'est plus offert",
    checkingPrice: "Vérification du prix…",
    pricesFailed: "Impossible de charger les prix à jour. Veuillez recharger la page.",
    checkingPrices: "Vérification des prix…",
    needsJavaScript:
      "Votre panier est conservé dans votre navigateur. Veuillez activer JavaScript pour passer à la caisse.",

    freeShippingNudge: "Ajoutez {amount} de plus pour la livraison gratuite\u00a0!",
    subtotal: "Sous-total",
    discount: "Rabais",
    discountWithCode: "Rabais ({code})",
    deliveryOrPickup: "Livraison ou cueillette",
    localDelivery: "Livraison locale",
    pickup: "Cueillette",
    shipping: "Livraison",
    setByAddress: "Selon votre adresse",
    free: "GRATUIT",
    taxes: "Taxes",
    calculatedAtCheckout: "Calculées à la caisse",
    totalBeforeDelivery: "Total avant livraison",
    total: "Total",

    promoCode: "Code promo",
    enterCode: "Entrez le code",
    remove: "Retirer",
    checking: "Vérification…",
    apply: "Appliquer",
    couldNotCheck: "Impossible de vérifier ce code pour le moment. Veuillez réessayer.",

    unknownProduct: "Ce panier contient un produit inconnu",
    cartEmpty: "Votre panier est vide",
    tooManyLines: "Un panier peut contenir au plus {max} articles différents",
    nameRequired: "Le nom complet est obligatoire",
    nameTooLong: "Le nom complet doit compter au plus {max} caractères",
    streetRequired: "L'adresse est obligatoire",
    streetTooLong: "L'adresse doit compter au plus {max} caractères",
    cityRequired: "La ville est obligatoire",
    cityTooLong: "La ville doit compter au plus {max} caractères",
    provinceRequired: "Veuillez choisir une province ou un territoire",
    postalCodeRequired: "Le code postal est obligatoire",
    postalCodeInvalid: "Veuillez entrer un code postal canadien comme A1A 1A1",
    postalCodeProvince: "Ce code postal n'est pas dans la province ou le territoire choisi",
    emailRequired: "Le courriel est obligatoire",
    emailTooLong: "Le courriel doit compter au plus {max} caractères",
    emailInvalid: "Veuillez entrer une adresse courriel valide",
    phoneRequired: "Le numéro de téléphone est obligatoire",
    phoneInvalid: "Veuillez entrer un numéro de téléphone à 10 chiffres",
    methodRequired: "Veuillez choisir comment recevoir votre commande",
    reloadPage: "Veuillez recharger la page et réessayer",

    parcelQuoteExpired:
      "Le prix de Postes Canada que vous avez vu a expiré ou ne correspond plus à votre panier. Veuillez vérifier le prix de livraison et passer votre commande de nouveau.",
    methodNotAvailable:
      "{method}\u00a0: cette option n'est pas offerte pour cette adresse. Veuillez choisir {offered}.",
    or: "ou",
    windowRequired: "Veuillez choisir une plage de livraison",
    windowFullNext:
      "Cette plage de livraison est complète ou n'est plus offerte. Prochaines plages libres\u00a0: {windows}.",
    windowFullNone:
      "Cette plage de livraison est complète ou n'est plus offerte, et aucune autre plage n'a de place libre.",
    soldOut:
      "Désolé, {name} vient d'être épuisé ou il en reste moins que la quantité demandée. Veuillez mettre votre panier à jour.",

    lineGone: "{name} n'est plus offert. Veuillez le retirer de votre panier.",
    lineGoneUnnamed:
      "Un article de votre panier n'est plus offert. Veuillez le retirer de votre panier.",
    lineUnpriced:
      "Désolé, {name} n'a pas encore de prix et ne peut pas être commandé. Veuillez le retirer de votre panier.",
    lineOutOfStock: "Désolé, {name} est en rupture de stock. Veuillez le retirer de votre panier.",
    lineFewLeft: {
      one: "Désolé, il ne reste que {count} unité de {name} en stock. Veuillez réduire la quantité.",
      other:
        "Désolé, il ne reste que {count} unités de {name} en stock. Veuillez réduire la quantité.",
    },

    liveRatesUnavailable:
      "Les tarifs en direct de Postes Canada ne sont pas disponibles pour le moment. Voici notre prix habituel.",
    parcelDetail:
      "Avec suivi et preuve d'âge ({proofOfAge})\u00a0: l'adulte qui signe à la réception présente une pièce d'identité.",
    parcelExpected: "Livraison prévue le {date}. {detail}",
    pickupDetail:
      "{where}. Apportez une pièce d'identité avec photo. Nous gardons votre commande {days} jours une fois qu'elle est prête.",
    deliveryDetail:
      "Livrée par notre équipe (zone {zone}) dans la plage de votre choix. L'adulte qui la reçoit présente une pièce d'identité avec photo.",
    deliveryMinimum: "La livraison locale (zone {zone}) exige une commande d'au moins {amount}.",

    couponInactive: "Ce code promo n'est plus actif",
    couponNotYetValid: "Ce code promo n'est pas encore valide",
    couponExpired: "Ce code promo est expiré",
    couponUsedUp: "Ce code promo a atteint sa limite d'utilisation",
    couponMinimum: "Une commande minimale de {amount} est requise pour ce code promo",
    couponMissing: "Veuillez entrer un code promo",
    couponInvalid: "Code promo invalide",
    couponAlreadyUsed: "Vous avez déjà utilisé ce code promo",
    couponApplied: "Le code promo «\u00a0{code}\u00a0» a été appliqué\u00a0!",
  },
);
