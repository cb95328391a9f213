/** Prize games: a spin-to-win popup and a scratch card, the prize drawn on the server. */
import type { Prize } from "#contract/schema/prize-game";
import { WARM, heading, paragraph, templateCta, type CtaTemplateDef, type ElementInput, type Say } from "./kit";

/** The prizes both games start with; the owner types the shop's own codes before publishing. */
const prizes = (say: Say): Prize[] => [
  { id: "p1", label: say("10 % off", "10 % rabatt"), kind: "discount_code", code: "SPIN10", weight: 4 },
  { id: "p2", label: say("15 % off", "15 % rabatt"), kind: "discount_code", code: "SPIN15", weight: 2, limit: 100 },
  { id: "p3", label: say("Free shipping", "Fri frakt"), kind: "free_shipping", code: "FREESHIP", weight: 3 },
  { id: "p4", label: say("20 % off", "20 % rabatt"), kind: "discount_code", code: "SPIN20", weight: 1, limit: 20 },
  { id: "p5", label: say("No luck", "Ingen vinst"), kind: "no_luck", weight: 4 },
];

const game = (type: "prize_wheel" | "scratch_card", say: Say): ElementInput => ({
  element_type: type,
  options: { prizes: prizes(say), "show-privacy-consent": true, "show-marketing-consent": true },
});

export const gameTemplates: CtaTemplateDef[] = [
  {
    id: "popup-spin-to-win",
    kind: "popup",
    goal: "grow",
    summary: (say) =>
      say(
        "Spin to win: visitors give their e-mail and spin a prize wheel for a discount.",
        "Snurra och vinn: besökarna lämnar sin e-post och snurrar ett lyckohjul om en rabatt.",
      ),
    build: (say) =>
      templateCta({
        name: say("Spin-to-win popup", "Lyckohjulspopup"),
        cta_type: "overlay",
        overlay_type: "boxed",
        options: { trigger: "delayed", delay: 6, "hide-days": 30 },
        steps: [
          {
            name: say("Wheel", "Hjul"),
            elements: [
              heading(say("Spin the wheel and win a discount", "Snurra hjulet och vinn en rabatt")),
              paragraph(say("One spin per e-mail address.", "En snurr per e-postadress.")),
              game("prize_wheel", say),
            ],
          },
        ],
      }),
  },
  {
    id: "popup-scratch-card",
    kind: "popup",
    goal: "grow",
    summary: (say) =>
      say(
        "A scratch card: visitors give their e-mail and scratch off their prize.",
        "En skraplott: besökarna lämnar sin e-post och skrapar fram sitt pris.",
      ),
    build: (say) =>
      templateCta({
        name: say("Scratch card popup", "Skraplottspopup"),
        cta_type: "overlay",
        overlay_type: "boxed",
        options: { trigger: "delayed", delay: 6, "hide-days": 30, ...WARM },
        steps: [
          {
            name: say("Card", "Lott"),
            elements: [
              heading(say("Scratch and see what you won", "Skrapa och se vad du vann")),
              paragraph(
                say("Every card has a prize or a second chance.", "Varje lott har ett pris eller en ny chans."),
              ),
              game("scratch_card", say),
            ],
          },
        ],
      }),
  },
];
