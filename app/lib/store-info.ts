/** Support contact details shown in the footer and on the Contact page (SPEC §2). */
export const STORE_CONTACT = {
  email: "support@budzboutique.ca",
  phone: "604-555-0199",
  phoneE164: "+16045550199",
  hours: "Mon-Fri 9AM-6PM PST",
} as const;
