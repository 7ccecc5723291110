import { defineMessages } from "../translate";

/** The storefront's categories: their names and the blurb under each category page's title. */
export const categoryMessages = /* @__PURE__ */ defineMessages(
  {
    // Flowers
    flowersName: "Flowers",
    flowersBlurb:
      "Hand-trimmed, slow-cured buds from small-batch Canadian growers, in every size from a gram to an ounce.",
    // Concentrates
    concentratesName: "Concentrates",
    concentratesBlurb:
      "Shatter, wax, live resin and rosin: potent extracts for experienced consumers.",
    // Edibles
    ediblesName: "Edibles",
    ediblesBlurb: "Precisely dosed gummies, chocolates and baked treats. Start low and go slow.",
    // Vapes
    vapesName: "Vapes",
    vapesBlurb: "Cartridges and disposables with clean, lab-tested oil and true strain flavour.",
    // Hash
    hashName: "Hash",
    hashBlurb: "Traditional pressed hash and modern bubble hash, made the old-fashioned way.",
    // Mushrooms
    mushroomsName: "Mushrooms",
    mushroomsBlurb: "Functional mushroom blends and microdose capsules for the curious adult.",
    // Bulk Buy
    bulkBuyName: "Bulk Buy",
    bulkBuyBlurb:
      "Our best value: larger quantities of customer favourites at a lower price per gram.",
  },
  {
    flowersName: "Fleurs",
    flowersBlurb:
      "Des cocottes taillées à la main et séchées lentement, issues de petits producteurs canadiens, en formats d’un gramme à une once.",
    concentratesName: "Concentrés",
    concentratesBlurb:
      "Shatter, wax, résine vivante et rosin\u00a0: des extraits puissants pour les consommateurs expérimentés.",
    ediblesName: "Comestibles",
    ediblesBlurb:
      "Jujubes, chocolats et gâteries cuisinées au dosage précis. Commencez par une faible dose et allez-y lentement.",
    vapesName: "Vapoteuses",
    vapesBlurb:
      "Cartouches et vapoteuses jetables à l’huile pure testée en laboratoire, au vrai goût de chaque variété.",
    hashName: "Haschich",
    hashBlurb: "Haschich pressé traditionnel et bubble hash moderne, faits à l’ancienne.",
    mushroomsName: "Champignons",
    mushroomsBlurb:
      "Mélanges de champignons fonctionnels et capsules de microdosage pour l’adulte curieux.",
    bulkBuyName: "Achat en vrac",
    bulkBuyBlurb:
      "Notre meilleur rapport qualité-prix\u00a0: de plus grandes quantités des favoris de nos clients, à un prix au gramme plus bas.",
  },
);
