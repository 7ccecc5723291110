import { defineMessages } from "../translate";

/** Content pages (About, Contact, Privacy, FAQ) and the announcement bar's text. */
export const contentMessages = /* @__PURE__ */ defineMessages(
  {
    pageNotFound: "Page not found",
    contactDetails: "Contact details",
    customerSupport: "Customer support",
    // Appended to the announcement when it offers a code its message does not name.
    useCode: "{message} - Use code: {code}",
  },
  {
    pageNotFound: "Page introuvable",
    contactDetails: "Coordonnées",
    customerSupport: "Service à la clientèle",
    useCode: "{message} - Code promo\u00a0: {code}",
  },
);
