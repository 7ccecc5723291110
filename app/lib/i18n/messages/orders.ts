import { defineMessages } from "../translate";

/**
 * Orders as the shopper reads them: statuses, the e-Transfer deadline, the confirmation and
 * look-up pages and the order's details.
 */
export const ordersMessages = /* @__PURE__ */ defineMessages(
  {
    // app/lib/order-status.ts: what each status means to the shopper
    statusPendingLabel: "Awaiting payment",
    statusPendingDescription:
      "We're waiting for your Interac e-Transfer. We'll start on your order once it arrives.",
    statusPaidLabel: "Payment received",
    statusPaidDescription:
      "Thank you! Your payment arrived and your order is in the queue to be packed.",
    statusProcessingLabel: "Being prepared",
    statusProcessingDescription: "Your order is being packed for Canada Post.",
    statusShippedLabel: "Shipped",
    statusShippedDescription: "Your order is on its way with Canada Post.",
    statusDeliveredLabel: "Delivered",
    statusDeliveredDescription: "Canada Post has delivered your order.",
    statusCompletedLabel: "Completed",
    statusCompletedDescription: "Your order is complete. Enjoy!",
    statusCancelledLabel: "Cancelled",
    statusCancelledDescription: "This order was cancelled. Contact us if you have any questions.",
    deliveryProcessingLabel: "Being prepared",
    deliveryProcessingDescription:
      "Your order is being packed for delivery by our staff. Have photo ID ready at the door.",
    deliveryDeliveredLabel: "Delivered",
    deliveryDeliveredDescription: "Our driver handed your order over.",
    pickupProcessingLabel: "Ready for pickup",
    pickupProcessingDescription:
      "Your order is ready at the store. Bring photo ID and your pickup code to collect it.",
    pickupDeliveredLabel: "Picked up",
    pickupDeliveredDescription: "You collected your order at the store.",

    // app/lib/payment-deadline.ts
    paymentDeadlineSentence:
      "Your e-Transfer must arrive by {deadline}, or the order is cancelled and its items go back on sale.",
  },
  {
    statusPendingLabel: "En attente du paiement",
    statusPendingDescription:
      "Nous attendons votre virement Interac. Nous commencerons à préparer votre commande dès sa réception.",
    statusPaidLabel: "Paiement reçu",
    statusPaidDescription:
      "Merci\u00a0! Votre paiement est arrivé et votre commande attend d'être emballée.",
    statusProcessingLabel: "En préparation",
    statusProcessingDescription: "Votre commande est en cours d'emballage pour Postes Canada.",
    statusShippedLabel: "Expédiée",
    statusShippedDescription: "Votre commande est en route avec Postes Canada.",
    statusDeliveredLabel: "Livrée",
    statusDeliveredDescription: "Postes Canada a livré votre commande.",
    statusCompletedLabel: "Terminée",
    statusCompletedDescription: "Votre commande est terminée. Profitez-en bien\u00a0!",
    statusCancelledLabel: "Annulée",
    statusCancelledDescription:
      "Cette commande a été annulée. Communiquez avec nous si vous avez des questions.",
    deliveryProcessingLabel: "En préparation",
    deliveryProcessingDescription:
      "Votre commande est en cours d'emballage pour être livrée par notre équipe. Ayez une pièce d'identité avec photo à portée de main à la porte.",
    deliveryDeliveredLabel: "Livrée",
    deliveryDeliveredDescription: "Notre livreur vous a remis votre commande.",
    pickupProcessingLabel: "Prête pour la cueillette",
    pickupProcessingDescription:
      "Votre commande vous attend au magasin. Apportez une pièce d'identité avec photo et votre code de cueillette pour la récupérer.",
    pickupDeliveredLabel: "Récupérée",
    pickupDeliveredDescription: "Vous avez récupéré votre commande au magasin.",

    paymentDeadlineSentence:
      "Votre virement Interac doit arriver au plus tard le {deadline}, sinon la commande est annulée et ses articles sont remis en vente.",
  },
);

/** The order confirmation and look-up pages, the payment box and the order's details. */
export const orderPageMessages = /* @__PURE__ */ defineMessages(
  {
    // app/routes/store/order-confirmation.tsx
    orderTitle: "Order {orderNumber}",
    orderNotFound: "Order not found",
    thankYou: "Thank you! Your order is placed.",
    yourOrder: "Your order",
    orderNumber: "Order number",
    confirmationSent: "A confirmation is on its way to <email></email>",
    whatNext: "What happens next",
    stepSendTitle: "You send the e-Transfer",
    stepSendReference:
      "{amount} to {email}, with your payment reference <reference>{reference}</reference> in the message.",
    stepSendNumber: "{amount} to {email}, with {orderNumber} in the message.",
    stepConfirmTitle: "We confirm and pack",
    stepConfirmText: "Once your payment arrives we mark the order paid and prepare it.",
    stepShipTitle: "Canada Post delivers",
    stepShipText: "We ship it with Canada Post and send you the tracking number.",
    checkLater: "Check your order status later",
    continueShopping: "Continue Shopping",

    // app/routes/store/order-lookup.tsx and app/schemas/order-lookup.ts
    lookupTitle: "Order look-up",
    lookupDescription: "Check the status of your order.",
    lookupIntro: "Enter your order number (it starts with BBS-) and the email you ordered with.",
    orderNumberPlaceholder: "BBS-00000000",
    looking: "Looking…",
    findOrder: "Find order",
    placedOn: "Placed {date}",
    lookupNotFound:
      "We couldn't find an order with that number and email address. Please check both and try again.",
    lookupThrottled:
      "Too many attempts. Please wait a few minutes and try again, or contact us for help.",
    orderNumberRequired: "Please enter your order number",
    orderEmailRequired: "Please enter the email you ordered with",
    emailInvalid: "Please enter a valid email address",
    atMost: "At most {max} characters.",

    // app/components/store/order-details.tsx
    tracking: "Tracking",
    shippedWith: "Shipped with {carrier}",
    canadaPost: "Canada Post",
    trackingNumber: "Tracking number",
    trackWithCanadaPost: "Track with Canada Post",
    trackingUpdates: "Tracking updates",
    items: "Items",
    lineQuantity: "{quantity} × {price}",
    subtotal: "Subtotal",
    discount: "Discount",
    discountWithCode: "Discount ({code})",
    free: "FREE",
    total: "Total",
    refunded: "Refunded",
    partlyRefunded: "Partly refunded",
    totalAfterRefunds: "Total after refunds",
    pickup: "Pickup",
    shippingTo: "Shipping to",
    pickupNote:
      "Bring photo ID and say your pickup code at the counter. We email you when your order is ready.",

    // app/components/store/payment-reference.tsx
    payTitle: "Pay by Interac e-Transfer",
    payIntro: "Send this e-Transfer from your bank's app or website.",
    payDeadline:
      "It must arrive by <strong>{deadline}</strong>, or the order is cancelled and its items go back on sale.",
    receivedSoFar:
      "Received so far: <strong>{received}</strong>. Still to send: <strong>{due}</strong>.",
    amountToSend: "Amount to send",
    amount: "Amount",
    sendTo: "Send to",
    paymentReference: "Payment reference",
    message: "Message",
    referenceInstruction:
      "Put this reference in the e-Transfer's message: your order is marked paid as soon as the transfer arrives.",
    orderNumberInstruction:
      "Put your order number in the e-Transfer's message so we can match your payment.",
    copy: "Copy",
    copyWhat: " payment reference",
    copied: "Copied",
    copySelected: "Couldn't copy here: the reference is selected, copy it with your device's Copy.",
  },
  {
    orderTitle: "Commande {orderNumber}",
    orderNotFound: "Commande introuvable",
    thankYou: "Merci\u00a0! Votre commande est passée.",
    yourOrder: "Votre commande",
    orderNumber: "Numéro de commande",
    confirmationSent: "Une confirmation est en route vers <email></email>",
    whatNext: "Et maintenant\u00a0?",
    stepSendTitle: "Vous envoyez le virement Interac",
    stepSendReference:
      "{amount} à {email}, avec votre référence de paiement <reference>{reference}</reference> dans le message.",
    stepSendNumber: "{amount} à {email}, avec {orderNumber} dans le message.",
    stepConfirmTitle: "Nous confirmons et emballons",
    stepConfirmText:
      "Dès que votre paiement arrive, nous marquons la commande comme payée et la préparons.",
    stepShipTitle: "Postes Canada livre",
    stepShipText: "Nous l'expédions par Postes Canada et vous envoyons le numéro de suivi.",
    checkLater: "Suivre votre commande plus tard",
    continueShopping: "Continuer vos achats",

    lookupTitle: "Suivi de commande",
    lookupDescription: "Vérifiez l'état de votre commande.",
    lookupIntro:
      "Entrez votre numéro de commande (il commence par BBS-) et le courriel utilisé pour la commande.",
    orderNumberPlaceholder: "BBS-00000000",
    looking: "Recherche…",
    findOrder: "Trouver la commande",
    placedOn: "Passée le {date}",
    lookupNotFound:
      "Nous n'avons trouvé aucune commande avec ce numéro et cette adresse courriel. Veuillez vérifier les deux et réessayer.",
    lookupThrottled:
      "Trop de tentatives. Veuillez patienter quelques minutes et réessayer, ou communiquez avec nous pour obtenir de l'aide.",
    orderNumberRequired: "Veuillez entrer votre numéro de commande",
    orderEmailRequired: "Veuillez entrer le courriel utilisé pour la commande",
    emailInvalid: "Veuillez entrer une adresse courriel valide",
    atMost: "Au plus {max} caractères.",

    tracking: "Suivi",
    shippedWith: "Expédiée par {carrier}",
    canadaPost: "Postes Canada",
    trackingNumber: "Numéro de suivi",
    trackWithCanadaPost: "Suivre avec Postes Canada",
    trackingUpdates: "Mises à jour du suivi",
    items: "Articles",
    lineQuantity: "{quantity} × {price}",
    subtotal: "Sous-total",
    discount: "Rabais",
    discountWithCode: "Rabais ({code})",
    free: "GRATUIT",
    total: "Total",
    refunded: "Remboursée",
    partlyRefunded: "Remboursée en partie",
    totalAfterRefunds: "Total après remboursements",
    pickup: "Cueillette",
    shippingTo: "Livraison à",
    pickupNote:
      "Apportez une pièce d'identité avec photo et donnez votre code de cueillette au comptoir. Nous vous écrivons quand votre commande est prête.",

    payTitle: "Payer par virement Interac",
    payIntro: "Envoyez ce virement depuis l'application ou le site Web de votre banque.",
    payDeadline:
      "Il doit arriver au plus tard le <strong>{deadline}</strong>, sinon la commande est annulée et ses articles sont remis en vente.",
    receivedSoFar:
      "Reçu jusqu'à présent\u00a0: <strong>{received}</strong>. Reste à envoyer\u00a0: <strong>{due}</strong>.",
    amountToSend: "Montant à envoyer",
    amount: "Montant",
    sendTo: "Envoyer à",
    paymentReference: "Référence de paiement",
    message: "Message",
    referenceInstruction:
      "Inscrivez cette référence dans le message du virement\u00a0: votre commande est marquée comme payée dès que le virement arrive.",
    orderNumberInstruction:
      "Inscrivez votre numéro de commande dans le message du virement pour que nous puissions associer votre paiement.",
    copy: "Copier",
    copyWhat: " la référence de paiement",
    copied: "Copiée",
    copySelected:
      "Impossible de copier ici\u00a0: la référence est sélectionnée, copiez-la avec la fonction Copier de votre appareil.",
  },
);
