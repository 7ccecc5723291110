import { defineMessages } from "../translate";

/** Sales taxes as shoppers read them, and the province's age: app/lib/taxes.ts. */
export const taxMessages = /* @__PURE__ */ defineMessages(
  {
    taxGST: "GST",
    taxHST: "HST",
    taxPST: "PST",
    taxQST: "QST",
    taxRST: "RST",
    taxLineLabel: "{tax} {rate}",
    rate: "{rate}%",
    provinceRefusal:
      "Sorry, we don't ship {province}. Please choose another province or territory.",
    ageConfirmation:
      "I confirm I am {age} years of age or older and that the person receiving this order is too.",
    ageConfirmationLegal:
      "I confirm I am {age} years of age or older, the legal age {province}, and that the person receiving this order is too.",
    ageConfirmationStore:
      "I confirm I am {age} years of age or older (this store's minimum; the legal age {province} is {legalAge}) and that the person receiving this order is too.",
    ageMissingLegal: "Please confirm you are {age} or older, the legal age {province}",
    ageMissing: "Please confirm you are {age} or older to place an order",
  },
  {
    taxGST: "TPS",
    taxHST: "TVH",
    taxPST: "TVP",
    taxQST: "TVQ",
    taxRST: "TVD",
    taxLineLabel: "{tax} {rate}",
    rate: "{rate}\u00a0%",
    provinceRefusal:
      "Désolé, nous n'expédions pas {province}. Veuillez choisir une autre province ou un autre territoire.",
    ageConfirmation:
      "Je confirme avoir {age} ans ou plus, tout comme la personne qui recevra cette commande.",
    ageConfirmationLegal:
      "Je confirme avoir {age} ans ou plus, l'âge légal {province}, tout comme la personne qui recevra cette commande.",
    ageConfirmationStore:
      "Je confirme avoir {age} ans ou plus (l'âge minimum de notre magasin, l'âge légal {province} étant de {legalAge} ans), tout comme la personne qui recevra cette commande.",
    ageMissingLegal: "Veuillez confirmer que vous avez {age} ans ou plus, l'âge légal {province}",
    ageMissing: "Veuillez confirmer que vous avez {age} ans ou plus pour passer une commande",
  },
);
