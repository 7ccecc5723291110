/** Starting content of the editable pages; staff change it in the Page Editor. */
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
    },
  ];
}
