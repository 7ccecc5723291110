/**
 * Starting content of the editable pages, in English and French (the French store's, at /fr/…);
 * staff change both in the Page Editor.
 */
export function defaultPages(store: { name: string }) {
  const { name } = store;
  return [
    {
      slug: "home",
      name: "Home",
      path: "/",
      title: `${name} | Premium Cannabis Delivered Across Canada`,
      description: `${name} is an online cannabis boutique for adults 19+ across Canada: flowers, concentrates, edibles, vapes, hash and more, shipped discreetly by Canada Post.`,
      content: `<h1>Premium cannabis, delivered discreetly across Canada</h1>
<p>Small-batch flowers, clean concentrates and carefully dosed edibles from growers we know by name. Free Canada Post shipping on orders of {{free_shipping_from}} or more.</p>`,
      titleFr: `${name} | Cannabis de qualité livré partout au Canada`,
      descriptionFr: `${name} est une boutique de cannabis en ligne pour les adultes de 19 ans et plus partout au Canada\u00a0: fleurs, concentrés, produits comestibles, vapoteuses, haschich et plus encore, expédiés discrètement par Postes Canada.`,
      contentFr: `<h1>Du cannabis de qualité, livré discrètement partout au Canada</h1>
<p>Des fleurs cultivées en petits lots, des concentrés propres et des produits comestibles dosés avec soin, de producteurs que nous connaissons personnellement. Livraison gratuite par Postes Canada pour les commandes de {{free_shipping_from}} ou plus.</p>`,
    },
    {
      slug: "about",
      name: "About Us",
      path: "/about",
      title: "About Us",
      description: `Who we are at ${name} and how we choose what we sell.`,
      content: `<h2>Our story</h2>
<p>${name} started with a simple idea: buying cannabis online should feel like walking into a good neighbourhood shop. Friendly, honest about what is in the jar, and fair on price.</p>
<h2>How we choose our products</h2>
<p>Every product on our shelves comes from a grower or maker we have met. We look for careful cultivation, clean extraction and clear labelling of THC and CBD, and we retire anything our customers do not love.</p>
<h2>Responsible retail</h2>
<ul><li>We sell only to adults 19 years of age or older.</li><li>We ship only to addresses in Canada.</li><li>Every parcel is packed discreetly, with no mention of its contents on the outside.</li></ul>`,
      titleFr: "À propos",
      descriptionFr: `Qui nous sommes chez ${name} et comment nous choisissons nos produits.`,
      contentFr: `<h2>Notre histoire</h2>
<p>Tout a commencé par une idée simple\u00a0: acheter du cannabis en ligne devrait ressembler à une visite dans une bonne boutique de quartier. Un accueil chaleureux, de l’honnêteté sur ce qu’il y a dans le pot et des prix justes.</p>
<h2>Comment nous choisissons nos produits</h2>
<p>Chaque produit sur nos tablettes vient d’un producteur ou d’un fabricant que nous avons rencontré. Nous recherchons une culture soignée, une extraction propre et un étiquetage clair du THC et du CBD, et nous retirons tout ce que notre clientèle n’aime pas.</p>
<h2>Une vente responsable</h2>
<ul><li>Nous vendons uniquement aux adultes de 19 ans et plus.</li><li>Nous livrons uniquement à des adresses au Canada.</li><li>Chaque colis est emballé discrètement, sans aucune mention de son contenu à l’extérieur.</li></ul>`,
    },
    {
      slug: "contact",
      name: "Contact Us",
      path: "/contact",
      title: "Contact Us",
      description: `How to reach the ${name} support team.`,
      content: `<h2>We are here to help</h2>
<p>Questions about an order, a product or shipping? Our support team answers every message within one business day.</p>
<h3>Payments</h3>
<p>We take Interac e-Transfer. After you place your order we show and email the amount, the address to send it to and your payment reference, which you put in the transfer message: your order is marked paid as soon as the transfer arrives.</p>`,
      titleFr: "Nous joindre",
      descriptionFr: `Comment joindre l’équipe du service à la clientèle de ${name}.`,
      contentFr: `<h2>Nous sommes là pour vous aider</h2>
<p>Une question sur une commande, un produit ou la livraison\u00a0? Notre équipe du service à la clientèle répond à chaque message en un jour ouvrable.</p>
<h3>Paiements</h3>
<p>Nous acceptons le virement Interac. Après votre commande, nous vous affichons et vous envoyons par courriel le montant, l’adresse à laquelle envoyer le virement et votre référence de paiement, à inscrire dans le message du virement\u00a0: votre commande est marquée comme payée dès la réception du virement.</p>`,
    },
    {
      slug: "privacy",
      name: "Privacy Policy",
      path: "/privacy",
      title: "Privacy Policy",
      description: `How ${name} collects, uses and protects your personal information.`,
      content: `<h2>What we collect</h2>
<p>When you place an order we collect your name, email address, phone number and shipping address. When you subscribe to our newsletter we record your email address and the time you gave consent.</p>
<h2>How we use it</h2>
<p>We use your information only to fulfil and support your orders, to send the emails you asked for, and to meet our legal obligations. We never sell your information.</p>
<h2>Your choices</h2>
<p>Every newsletter contains an unsubscribe link. You may ask us at any time for a copy of the information we hold about you, or to correct or delete it, by writing to us (see Contact Us).</p>
<h2>Retention and security</h2>
<p>Order records are kept as long as tax law requires. Our systems are protected by encryption in transit, access controls and regular review.</p>`,
      titleFr: "Politique de confidentialité",
      descriptionFr: `Comment ${name} recueille, utilise et protège vos renseignements personnels.`,
      contentFr: `<h2>Ce que nous recueillons</h2>
<p>Lorsque vous passez une commande, nous recueillons votre nom, votre adresse courriel, votre numéro de téléphone et votre adresse de livraison. Lorsque vous vous abonnez à notre infolettre, nous enregistrons votre adresse courriel et le moment où vous avez donné votre consentement.</p>
<h2>Comment nous les utilisons</h2>
<p>Nous utilisons vos renseignements uniquement pour traiter vos commandes et en assurer le suivi, pour vous envoyer les courriels que vous avez demandés et pour respecter nos obligations légales. Nous ne vendons jamais vos renseignements.</p>
<h2>Vos choix</h2>
<p>Chaque infolettre contient un lien de désabonnement. Vous pouvez en tout temps nous demander une copie des renseignements que nous détenons à votre sujet, ou nous demander de les corriger ou de les supprimer, en nous écrivant (voir Nous joindre).</p>
<h2>Conservation et sécurité</h2>
<p>Les dossiers de commande sont conservés aussi longtemps que l’exigent les lois fiscales. Nos systèmes sont protégés par le chiffrement des données en transit, des contrôles d’accès et des vérifications régulières.</p>`,
    },
    {
      slug: "faq",
      name: "FAQ",
      path: "/faq",
      title: "Frequently Asked Questions",
      description: "Answers about ordering, payment, shipping and age verification.",
      content: `<h2>Who can order?</h2>
<p>Adults 19 years of age or older with a shipping address in Canada.</p>
<h2>How do I pay?</h2>
<p>By Interac e-Transfer. After you place your order we show and email the amount, the address to send it to and your payment reference, which you put in the transfer message: your order is marked paid as soon as the transfer arrives. We ship once the payment arrives.</p>
<h2>How much is shipping?</h2>
<p>Shipping by Canada Post is {{shipping_fee}}, and free when your order comes to {{free_shipping_from}} or more after discounts.</p>
<h2>How do I track my order?</h2>
<p>Use Order Look-up with your order number and email address. Once your parcel ships you will see its Canada Post tracking link there and in your email.</p>
<h2>Is packaging discreet?</h2>
<p>Yes. Parcels are plain and smell-proof, with no mention of what is inside.</p>`,
      titleFr: "Foire aux questions",
      descriptionFr:
        "Réponses sur les commandes, le paiement, la livraison et la vérification de l’âge.",
      contentFr: `<h2>Qui peut commander\u00a0?</h2>
<p>Les adultes de 19 ans et plus ayant une adresse de livraison au Canada.</p>
<h2>Comment payer\u00a0?</h2>
<p>Par virement Interac. Après votre commande, nous vous affichons et vous envoyons par courriel le montant, l’adresse à laquelle envoyer le virement et votre référence de paiement, à inscrire dans le message du virement\u00a0: votre commande est marquée comme payée dès la réception du virement. Nous expédions votre commande dès la réception du paiement.</p>
<h2>Combien coûte la livraison\u00a0?</h2>
<p>La livraison par Postes Canada coûte {{shipping_fee}}\u00a0; elle est gratuite lorsque votre commande atteint {{free_shipping_from}} ou plus après les rabais.</p>
<h2>Comment suivre ma commande\u00a0?</h2>
<p>Utilisez le suivi de commande avec votre numéro de commande et votre adresse courriel. Dès que votre colis est expédié, vous y trouverez le lien de suivi de Postes Canada, qui vous est aussi envoyé par courriel.</p>
<h2>L’emballage est-il discret\u00a0?</h2>
<p>Oui. Les colis sont neutres et à l’épreuve des odeurs, sans aucune mention de leur contenu.</p>`,
    },
  ];
}
