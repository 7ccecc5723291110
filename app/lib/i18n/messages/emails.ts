import { defineMessages } from "../translate";

/**
 * The emails a shopper gets: the layout's footer, the order confirmation, the order updated and
 * status emails, the refund, the lot recall notice, a staff-written message's wrapper and the
 * newsletters' unsubscribe footer. Staff emails stay English (not here).
 */
export const emailsMessages = /* @__PURE__ */ defineMessages(
  {
    // Shared
    labelValue: "{label}: {value}",
    hiName: "Hi {name},",
    teamSignature: "— The {store} team",

    // layout.server.ts: the footer
    footerAdults: "For adults 19+ in Canada",
    subscribedBecause: "You are receiving this because you subscribed to {store} news.",
    unsubscribeLink: "Unsubscribe",
    unsubscribeWithOneClick: "{link} with one click.",
    unsubscribeText: "Unsubscribe with one click: {url}",

    // order-confirmation.server.ts: items and totals
    item: "Item",
    qty: "Qty",
    total: "Total",
    subtotal: "Subtotal",
    discount: "Discount",
    discountWithCode: "Discount ({code})",
    shippingFree: "FREE",
    yourOrder: "Your order",

    // order-confirmation.server.ts: the e-Transfer box
    payByEtransfer: "Pay by Interac e-Transfer",
    payByEtransferText: "PAY BY INTERAC E-TRANSFER",
    amount: "Amount",
    sendTo: "Send to",
    message: "Message",
    paymentReferenceLabel: "Payment reference:",
    amountText: "  Amount:   {amount}",
    sendToText: "  Send to:  {address}",
    messageText: "  Message:  {orderNumber}",
    paymentReferenceText: "  Payment reference: {reference}",
    referenceInstruction:
      "Put this reference in the e-Transfer's message: your order is marked paid as soon as the transfer arrives.",
    matchPayment:
      "Put the order number in the e-Transfer message so we can match your payment to your order.",
    referenceSuffix: ", payment reference {reference}",
    yourPaymentReference: "your payment reference {reference}",
    yourOrderNumber: "your order number {orderNumber}",

    // order-confirmation.server.ts: links to the order
    viewOrderNumber: "View order {orderNumber}",
    viewYourOrder: "View your order",
    viewYourOrderText: "View your order: {url}",

    // order-confirmation.server.ts: the confirmation
    afterPaymentDelivery:
      "Once your payment arrives, our staff deliver your order in the window you chose. The adult who receives it shows photo ID.",
    afterPaymentPickup:
      "Once your payment arrives, we email you when your order is ready. Bring photo ID and your pickup code.",
    afterPaymentParcel:
      "Once your payment arrives, we prepare your order and ship it with Canada Post.",
    thanksForOrder: "Thanks for your order, {name}!",
    orderReceived:
      "We have received order {orderNumber}. It is reserved for you and ships once your payment arrives.",
    whatHappensNext: "What happens next",
    stepSend: "1. Send the e-Transfer with {reference} in the message.",
    stepAfter: "2. {text}",
    stepFollowLink:
      "3. Follow your order any time on our {link} with your order number and this email address.",
    orderLookupPage: "order look-up page",
    stepFollowText:
      "3. Follow your order any time at {url} with your order number and this email address.",
    confirmationSubject: "{store}: order {orderNumber} received",
    confirmationTitle: "Order {orderNumber}",
    confirmationPreheader:
      "Order {orderNumber}: pay {total} by Interac e-Transfer to {email}{reference}.",

    // order-updated.server.ts
    updatedIntro: "We updated order {orderNumber}. Here it is as it stands now.",
    updatedAmountMoved:
      "The amount to pay is now {total} (it was {previous}). If you already sent an e-Transfer for {previous}, reply to this email and we will sort out the difference.",
    updatedAmountSame: "The amount to pay is still {total}.",
    updatedHeading: "Your order was updated",
    shippingTo: "Shipping to",
    updatedSubject: "{store}: your order {orderNumber} was updated",
    updatedTitle: "Order {orderNumber} updated",
    updatedPreheader:
      "Order {orderNumber} was updated: pay {total} by Interac e-Transfer to {email}{reference}.",

    // order-status.server.ts: payment received
    paidSubject: "{store}: payment received for {orderNumber}",
    paidHeading: "We received your payment",
    paidArrived:
      "Thank you! Your Interac e-Transfer of {total} for order {orderNumber} has arrived.",
    paidDelivery:
      "We are preparing your order for delivery {when}. Our driver checks photo ID at the door: have yours ready.",
    paidPickup: "We are preparing your order and will email you as soon as it is ready for pickup.",
    paidParcel:
      "We are preparing your order now and will email you the Canada Post tracking number as soon as it ships.",
    deliveryOn: "on {window}",
    deliveryInWindow: "in your window",
    // ready for pickup
    readySubject: "{store}: order {orderNumber} is ready for pickup",
    readyHeading: "Your order is ready for pickup",
    readyAt: "Order {orderNumber} is ready at {place}.",
    readyHours: " Hours: {hours}.",
    readyCode:
      "Your pickup code is {code}. Bring it with government photo ID: we check it before we hand the order over.",
    readyHold:
      "We hold your order until {day}. If it is not picked up by then, it is cancelled and refunded.",
    // shipped
    shippedSubject: "{store}: order {orderNumber} has shipped",
    shippedHeading: "Your order is on its way",
    shippedLine: "Order {orderNumber} left our shop with Canada Post. Tracking number: {tracking}.",
    estimatedDelivery: "Estimated delivery: {day}.",
    nextFewDays: "Canada Post will deliver it in the next few days.",
    trackParcel: "Track your parcel",
    // out for delivery
    outSubject: "{store}: order {orderNumber} is out for delivery",
    outHeading: "Your order arrives today",
    outLine:
      "Canada Post is out delivering order {orderNumber} today. Tracking number: {tracking}.",
    outId:
      "Canada Post checks photo ID at the door: whoever receives it must be of legal age, so have yours ready.",
    // delivered or picked up
    pickedUpSubject: "{store}: order {orderNumber} was picked up",
    deliveredSubject: "{store}: order {orderNumber} was delivered",
    pickedUpHeading: "You picked up your order",
    deliveredHeading: "Your order was delivered",
    pickedUpLine: "Thank you for picking up order {orderNumber}. We hope you enjoy it!",
    driverDeliveredLine: "Our driver handed over order {orderNumber}. We hope you enjoy it!",
    canadaPostDeliveredLine: "Canada Post has delivered order {orderNumber}. We hope you enjoy it!",
    anythingWrong:
      "If anything is wrong with your order, reply to this email and we will make it right.",
    // cancelled
    cancelledSubject: "{store}: order {orderNumber} was cancelled",
    cancelledHeading: "Your order was cancelled",
    cancelledLine: "Order {orderNumber} ({total}) has been cancelled.",
    reason: "Reason: {reason}.",
    reasonNotGiven: "not given",
    cancelledRefundOffer:
      "If you already sent an e-Transfer for it, reply to this email and we will refund it.",
    // payment reminder
    reminderSubject: "{store}: reminder to pay for order {orderNumber}",
    reminderHeading: "Your order is waiting for payment",
    reminderHolding:
      "We are holding order {orderNumber} for you, but its payment has not arrived yet.",
    reminderSend:
      "Please send an Interac e-Transfer of {total} to {email}, with the payment reference below in the message.",
    reminderAutoCancel:
      "Orders not paid within {days} days of being placed are cancelled automatically.",

    // refund.server.ts
    refundViaEtransfer:
      "We sent it by Interac e-Transfer to {email}{reference}: your bank will tell you when it arrives.",
    refundOtherWay:
      "We refunded it by another way than e-Transfer{reference}. Reply to this email if you have any question about it.",
    refundReference: " (reference {reference})",
    refundCancelledSubject: "{store}: order {orderNumber} was cancelled and refunded",
    refundSubject: "{store}: refund of {amount} for order {orderNumber}",
    refundCancelledHeading: "Your order was cancelled and refunded",
    refundHeading: "We sent your refund",
    refundedLine: "We refunded {amount} for order {orderNumber} (credit note {creditNote}).",
    refunded: "Refunded",
    totalRefunded: "Total refunded",
    totalRefundedText: "Total refunded: {amount} ({method})",
    methodEtransfer: "Interac e-Transfer",
    methodOther: "Other",
    shippingRow: "Shipping",
    amountBeforeTaxRow: "Amount (before tax)",

    // lot-recall.server.ts
    recallHeading: "Recall notice: {product}",
    recallLine: "{item}, lot {lot}, which was part of your order {orderNumber}, has been recalled.",
    recallNoticeNumber: "Recall notice {notice}:",
    recallWhatToDo:
      "What to do: stop using this product now and keep it away from children and pets.",
    recallRefund: "For a refund, {contact}. Tell us your order number, {orderNumber}.",
    recallContactReach: "reply to this email or contact us at {reach}",
    recallContactReply: "reply to this email",
    recallOr: " or ",
    recallSorry: "We are sorry for the trouble. — The {store} team",
    recallPreheader: "{item}, lot {lot}, has been recalled. Stop using it.",
  },
  {
    // Shared
    labelValue: "{label}\u00a0: {value}",
    hiName: "Bonjour {name},",
    teamSignature: "— L’équipe {store}",

    // layout.server.ts: the footer
    footerAdults: "Réservé aux adultes de 19 ans et plus au Canada",
    subscribedBecause:
      "Vous recevez ce courriel parce que vous êtes abonné(e) aux nouvelles de {store}.",
    unsubscribeLink: "Se désabonner",
    unsubscribeWithOneClick: "{link} en un clic.",
    unsubscribeText: "Se désabonner en un clic\u00a0: {url}",

    // order-confirmation.server.ts: items and totals
    item: "Article",
    qty: "Qté",
    total: "Total",
    subtotal: "Sous-total",
    discount: "Rabais",
    discountWithCode: "Rabais ({code})",
    shippingFree: "GRATUIT",
    yourOrder: "Votre commande",

    // order-confirmation.server.ts: the e-Transfer box
    payByEtransfer: "Payer par virement Interac",
    payByEtransferText: "PAYER PAR VIREMENT INTERAC",
    amount: "Montant",
    sendTo: "Envoyer à",
    message: "Message",
    paymentReferenceLabel: "Référence de paiement\u00a0:",
    amountText: "  Montant\u00a0:    {amount}",
    sendToText: "  Envoyer à\u00a0: {address}",
    messageText: "  Message\u00a0:    {orderNumber}",
    paymentReferenceText: "  Référence de paiement\u00a0: {reference}",
    referenceInstruction:
      "Inscrivez cette référence dans le message du virement\u00a0: votre commande est marquée payée dès que le virement arrive.",
    matchPayment:
      "Inscrivez le numéro de commande dans le message du virement afin que nous puissions associer votre paiement à votre commande.",
    referenceSuffix: ", référence de paiement {reference}",
    yourPaymentReference: "votre référence de paiement {reference}",
    yourOrderNumber: "votre numéro de commande {orderNumber}",

    // order-confirmation.server.ts: links to the order
    viewOrderNumber: "Voir la commande {orderNumber}",
    viewYourOrder: "Voir votre commande",
    viewYourOrderText: "Voir votre commande\u00a0: {url}",

    // order-confirmation.server.ts: the confirmation
    afterPaymentDelivery:
      "Dès que votre paiement arrive, notre équipe livre votre commande dans la plage horaire choisie. L’adulte qui la reçoit présente une pièce d’identité avec photo.",
    afterPaymentPickup:
      "Dès que votre paiement arrive, nous vous écrivons quand votre commande est prête. Apportez une pièce d’identité avec photo et votre code de cueillette.",
    afterPaymentParcel:
      "Dès que votre paiement arrive, nous préparons votre commande et l’expédions par Postes Canada.",
    thanksForOrder: "Merci pour votre commande, {name}\u00a0!",
    orderReceived:
      "Nous avons bien reçu la commande {orderNumber}. Elle vous est réservée et sera expédiée dès que votre paiement arrivera.",
    whatHappensNext: "Prochaines étapes",
    stepSend: "1. Envoyez le virement Interac avec {reference} dans le message.",
    stepAfter: "2. {text}",
    stepFollowLink:
      "3. Suivez votre commande en tout temps sur notre {link} avec votre numéro de commande et cette adresse courriel.",
    orderLookupPage: "page de suivi de commande",
    stepFollowText:
      "3. Suivez votre commande en tout temps à {url} avec votre numéro de commande et cette adresse courriel.",
    confirmationSubject: "{store}\u00a0: commande {orderNumber} reçue",
    confirmationTitle: "Commande {orderNumber}",
    confirmationPreheader:
      "Commande {orderNumber}\u00a0: payez {total} par virement Interac à {email}{reference}.",

    // order-updated.server.ts
    updatedIntro:
      "Nous avons modifié la commande {orderNumber}. La voici telle qu’elle est maintenant.",
    updatedAmountMoved:
      "Le montant à payer est maintenant de {total} (il était de {previous}). Si vous avez déjà envoyé un virement de {previous}, répondez à ce courriel et nous réglerons la différence.",
    updatedAmountSame: "Le montant à payer est toujours de {total}.",
    updatedHeading: "Votre commande a été modifiée",
    shippingTo: "Livraison à",
    updatedSubject: "{store}\u00a0: votre commande {orderNumber} a été modifiée",
    updatedTitle: "Commande {orderNumber} modifiée",
    updatedPreheader:
      "La commande {orderNumber} a été modifiée\u00a0: payez {total} par virement Interac à {email}{reference}.",

    // order-status.server.ts: payment received
    paidSubject: "{store}\u00a0: paiement reçu pour {orderNumber}",
    paidHeading: "Nous avons reçu votre paiement",
    paidArrived:
      "Merci\u00a0! Votre virement Interac de {total} pour la commande {orderNumber} est arrivé.",
    paidDelivery:
      "Nous préparons votre commande pour la livraison {when}. Notre livreur vérifie une pièce d’identité avec photo à la porte\u00a0: ayez la vôtre à portée de main.",
    paidPickup:
      "Nous préparons votre commande et vous écrirons dès qu’elle sera prête pour la cueillette.",
    paidParcel:
      "Nous préparons votre commande et vous enverrons le numéro de suivi de Postes Canada dès qu’elle sera expédiée.",
    deliveryOn: "le {window}",
    deliveryInWindow: "dans la plage horaire choisie",
    // ready for pickup
    readySubject: "{store}\u00a0: la commande {orderNumber} est prête pour la cueillette",
    readyHeading: "Votre commande est prête pour la cueillette",
    readyAt: "La commande {orderNumber} vous attend à {place}.",
    readyHours: " Heures d’ouverture\u00a0: {hours}.",
    readyCode:
      "Votre code de cueillette est {code}. Apportez-le avec une pièce d’identité avec photo délivrée par le gouvernement\u00a0: nous la vérifions avant de vous remettre la commande.",
    readyHold:
      "Nous gardons votre commande jusqu’au {day}. Si elle n’est pas récupérée d’ici là, elle est annulée et remboursée.",
    // shipped
    shippedSubject: "{store}\u00a0: la commande {orderNumber} a été expédiée",
    shippedHeading: "Votre commande est en route",
    shippedLine:
      "La commande {orderNumber} a quitté notre boutique avec Postes Canada. Numéro de suivi\u00a0: {tracking}.",
    estimatedDelivery: "Livraison prévue\u00a0: {day}.",
    nextFewDays: "Postes Canada la livrera au cours des prochains jours.",
    trackParcel: "Suivre votre colis",
    // out for delivery
    outSubject: "{store}\u00a0: la commande {orderNumber} est en cours de livraison",
    outHeading: "Votre commande arrive aujourd’hui",
    outLine:
      "Postes Canada livre la commande {orderNumber} aujourd’hui. Numéro de suivi\u00a0: {tracking}.",
    outId:
      "Postes Canada vérifie une pièce d’identité avec photo à la porte\u00a0: la personne qui la reçoit doit avoir l’âge légal, alors ayez la vôtre à portée de main.",
    // delivered or picked up
    pickedUpSubject: "{store}\u00a0: la commande {orderNumber} a été récupérée",
    deliveredSubject: "{store}\u00a0: la commande {orderNumber} a été livrée",
    pickedUpHeading: "Vous avez récupéré votre commande",
    deliveredHeading: "Votre commande a été livrée",
    pickedUpLine:
      "Merci d’avoir récupéré la commande {orderNumber}. Nous espérons qu’elle vous plaira\u00a0!",
    driverDeliveredLine:
      "Notre livreur a remis la commande {orderNumber}. Nous espérons qu’elle vous plaira\u00a0!",
    canadaPostDeliveredLine:
      "Postes Canada a livré la commande {orderNumber}. Nous espérons qu’elle vous plaira\u00a0!",
    anythingWrong:
      "Si quelque chose ne va pas avec votre commande, répondez à ce courriel et nous corrigerons la situation.",
    // cancelled
    cancelledSubject: "{store}\u00a0: la commande {orderNumber} a été annulée",
    cancelledHeading: "Votre commande a été annulée",
    cancelledLine: "La commande {orderNumber} ({total}) a été annulée.",
    reason: "Motif\u00a0: {reason}.",
    reasonNotGiven: "non précisé",
    cancelledRefundOffer:
      "Si vous avez déjà envoyé un virement Interac pour cette commande, répondez à ce courriel et nous vous le rembourserons.",
    // payment reminder
    reminderSubject: "{store}\u00a0: rappel de paiement pour la commande {orderNumber}",
    reminderHeading: "Votre commande attend son paiement",
    reminderHolding:
      "Nous vous réservons la commande {orderNumber}, mais son paiement n’est pas encore arrivé.",
    reminderSend:
      "Veuillez envoyer un virement Interac de {total} à {email}, avec la référence de paiement ci-dessous dans le message.",
    reminderAutoCancel:
      "Les commandes non payées dans les {days} jours suivant leur passation sont annulées automatiquement.",

    // refund.server.ts
    refundViaEtransfer:
      "Nous l’avons envoyé par virement Interac à {email}{reference}\u00a0: votre banque vous avisera de son arrivée.",
    refundOtherWay:
      "Nous l’avons remboursé autrement que par virement Interac{reference}. Répondez à ce courriel si vous avez des questions à ce sujet.",
    refundReference: " (référence {reference})",
    refundCancelledSubject: "{store}\u00a0: la commande {orderNumber} a été annulée et remboursée",
    refundSubject: "{store}\u00a0: remboursement de {amount} pour la commande {orderNumber}",
    refundCancelledHeading: "Votre commande a été annulée et remboursée",
    refundHeading: "Nous avons envoyé votre remboursement",
    refundedLine:
      "Nous avons remboursé {amount} pour la commande {orderNumber} (note de crédit {creditNote}).",
    refunded: "Remboursé",
    totalRefunded: "Total remboursé",
    totalRefundedText: "Total remboursé\u00a0: {amount} ({method})",
    methodEtransfer: "Virement Interac",
    methodOther: "Autre",
    shippingRow: "Livraison",
    amountBeforeTaxRow: "Montant (avant taxes)",

    // lot-recall.server.ts
    recallHeading: "Avis de rappel\u00a0: {product}",
    recallLine:
      "{item}, lot {lot}, qui faisait partie de votre commande {orderNumber}, fait l’objet d’un rappel.",
    recallNoticeNumber: "Avis de rappel {notice}\u00a0:",
    recallWhatToDo:
      "Que faire\u00a0: cessez immédiatement d’utiliser ce produit et gardez-le hors de la portée des enfants et des animaux.",
    recallRefund:
      "Pour obtenir un remboursement, {contact}. Indiquez-nous votre numéro de commande, {orderNumber}.",
    recallContactReach: "répondez à ce courriel ou communiquez avec nous\u00a0: {reach}",
    recallContactReply: "répondez à ce courriel",
    recallOr: " ou ",
    recallSorry: "Nous sommes désolés des inconvénients. — L’équipe {store}",
    recallPreheader: "{item}, lot {lot}, fait l’objet d’un rappel. Cessez de l’utiliser.",
  },
);
