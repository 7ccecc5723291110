import { defineMessages } from "../translate";

/** The form layer's own words (app/components/form): the summary above a refused form. */
export const formMessages = /* @__PURE__ */ defineMessages(
  {
    correctFields: {
      one: "Please correct the highlighted field.",
      other: "Please correct the {count} highlighted fields.",
    },
  },
  {
    correctFields: {
      one: "Veuillez corriger le champ en évidence.",
      other: "Veuillez corriger les {count} champs en évidence.",
    },
  },
);
