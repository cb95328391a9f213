/** Quizzes, surveys and multi-step yes/no CTAs: the visitor answers, the CTA learns. */
import type { ElementInput } from "./kit";
import {
  WARM,
  emailForm,
  heading,
  linkButton,
  paragraph,
  quizQuestion,
  stepButton,
  survey,
  templateCta,
  textField,
  thankYou,
  type CtaTemplateDef,
  type FieldInput,
  type Say,
} from "./kit";

function quiz(say: Say, questions: ReturnType<typeof quizQuestion>[], result: string): ElementInput {
  return {
    element_type: "quiz",
    options: { "hide-back-button": false },
    fields: questions,
    action_groups: [{ position: 0, data: { "confirmation-type": "message", confirmation: result } }],
  };
}

/** A quiz question whose answers give points to outcomes (by outcome id). */
function outcomeQuestion(
  slug: string,
  position: number,
  label: string,
  choices: [string, string, Record<string, number>][],
): FieldInput {
  return {
    ...quizQuestion(slug, position, label, []),
    field_options: choices.map(([value, l, outcomes]) => ({ value, label: l, outcomes })),
  };
}

/** A product feed of the store's products carrying a tag (an outcome's products). */
function taggedProducts(say: Say, tag: string): ElementInput {
  return {
    element_type: "products",
    options: {
      "products-limit": 3,
      "products-layout": "grid",
      "products-button-text": say("Add to cart", "Lägg i varukorgen"),
      "products-button-action-after-add-to-cart": "cart",
    },
    product_recommendations: [{ source: "filter", terms: [tag] }],
  };
}

export const interactiveTemplates: CtaTemplateDef[] = [
  {
    id: "quiz-product-finder",
    kind: "quiz",
    goal: "sell",
    summary: (say) =>
      say(
        "Three questions that end on one of three outcomes, each with its own products.",
        "Tre frågor som slutar i ett av tre resultat, vart och ett med egna produkter.",
      ),
    build: (say) => {
      // Each answer's points per outcome: value, premium, quick.
      const outcomes = [
        { id: "value", title: say("Best value", "Mest för pengarna"), tag: "quiz-value" },
        { id: "premium", title: say("Premium pick", "Premiumvalet"), tag: "quiz-premium" },
        { id: "quick", title: say("Quick and easy", "Snabbt och enkelt"), tag: "quiz-quick" },
      ];
      return templateCta({
        name: say("Quiz: find the right fit", "Quiz: hitta rätt val"),
        cta_type: "overlay",
        overlay_type: "boxed",
        options: { trigger: "delayed", delay: 10, "hide-days": 14 },
        steps: [
          {
            name: say("Quiz", "Quiz"),
            elements: [
              heading(
                say(
                  "Not sure where to start? Find your best fit in 30 seconds",
                  "Osäker på var du ska börja? Hitta rätt på 30 sekunder",
                ),
              ),
              {
                ...quiz(
                  say,
                  [
                    outcomeQuestion("goal", 0, say("What matters most to you?", "Vad är viktigast för dig?"), [
                      ["price", say("A good price", "Ett bra pris"), { value: 2 }],
                      ["quality", say("The best quality", "Bästa kvalitet"), { premium: 2 }],
                      ["speed", say("Getting it fast", "Att få det snabbt"), { quick: 2 }],
                    ]),
                    outcomeQuestion("experience", 1, say("How experienced are you?", "Hur van är du?"), [
                      ["new", say("Just starting", "Helt ny"), { quick: 1, value: 1 }],
                      ["some", say("Some experience", "Viss erfarenhet"), { value: 1 }],
                      ["expert", say("Very experienced", "Mycket van"), { premium: 2 }],
                    ]),
                    outcomeQuestion("when", 2, say("When do you need it?", "När behöver du det?"), [
                      ["now", say("Right away", "Direkt"), { quick: 2 }],
                      ["month", say("Within a month", "Inom en månad"), { premium: 1 }],
                      ["later", say("Just looking", "Tittar bara"), { value: 1 }],
                    ]),
                  ],
                  say("<p>Thanks! Here is your best match.</p>", "<p>Tack! Här är det som passar dig bäst.</p>"),
                ),
                options: {
                  "hide-back-button": false,
                  outcomes: outcomes.map((o, i) => ({ id: o.id, title: o.title, step: i + 1 })),
                },
              },
            ],
          },
          ...outcomes.map((o) => ({
            name: say(`Result: ${o.title}`, `Resultat: ${o.title}`),
            elements: [
              heading(say(`Your match: ${o.title}`, `Ditt val: ${o.title}`)),
              paragraph(
                say(
                  `Picked for you from our products tagged ${o.tag}:`,
                  `Utvalda för dig bland våra produkter taggade ${o.tag}:`,
                ),
              ),
              taggedProducts(say, o.tag),
              linkButton(say("See everything", "Se allt"), "/collections/all"),
            ],
          })),
        ],
      });
    },
  },
  {
    id: "quiz-readiness",
    kind: "quiz",
    goal: "qualify",
    summary: (say) =>
      say(
        "A short readiness score that tells sales who is ready to buy.",
        "En kort beredskapspoäng som visar säljarna vem som är redo att köpa.",
      ),
    build: (say) =>
      templateCta({
        name: say("Quiz: how ready are you?", "Quiz: hur redo är ni?"),
        cta_type: "inline",
        inline_type: "embed",
        options: { area: "main" },
        steps: [
          {
            name: say("Quiz", "Quiz"),
            elements: [
              heading(
                say(
                  "How ready is your team? Take the two-minute test",
                  "Hur redo är ert team? Gör testet på två minuter",
                ),
              ),
              quiz(
                say,
                [
                  quizQuestion("budget", 0, say("Is there a budget for this?", "Finns det en budget för det här?"), [
                    ["yes", say("Yes, approved", "Ja, den är beslutad"), 10],
                    ["soon", say("Being discussed", "Den diskuteras"), 5],
                    ["no", say("Not yet", "Inte än"), 0],
                  ]),
                  quizQuestion("timeline", 1, say("When do you want to start?", "När vill ni komma i gång?"), [
                    ["quarter", say("This quarter", "Det här kvartalet"), 10],
                    ["year", say("This year", "I år"), 5],
                    ["unknown", say("Not decided", "Inte bestämt"), 0],
                  ]),
                ],
                say(
                  "<p>Your score: {{quiz.score}} of 20. We will send you a plan that matches it.</p>",
                  "<p>Er poäng: {{quiz.score}} av 20. Vi skickar en plan som passar er.</p>",
                ),
              ),
            ],
          },
        ],
      }),
  },
  {
    id: "survey-source",
    kind: "survey",
    goal: "qualify",
    summary: (say) =>
      say(
        "One click tells you which channel brings your visitors.",
        "Ett klick visar vilken kanal som ger dig besökarna.",
      ),
    build: (say) =>
      templateCta({
        name: say("Survey: how did you find us?", "Enkät: hur hittade du oss?"),
        cta_type: "hook",
        hook_type: "vertical",
        options: { trigger: "delayed", delay: 15, "hide-days": 30 },
        steps: [
          {
            name: say("Question", "Fråga"),
            elements: [
              survey("source", say("How did you find us?", "Hur hittade du oss?"), [
                ["search", say("Search engine", "Sökmotor")],
                ["social", say("Social media", "Sociala medier")],
                ["friend", say("A friend or colleague", "En vän eller kollega")],
                ["other", say("Somewhere else", "Någon annanstans")],
              ]),
            ],
            after: [thankYou(say("Thank you, that helps us a lot!", "Tack, det hjälper oss mycket!"))],
          },
        ],
      }),
  },
  {
    id: "survey-exit-reason",
    kind: "survey",
    goal: "sell",
    summary: (say) =>
      say("Asks leaving visitors what held them back.", "Frågar besökare på väg ut vad som höll dem tillbaka."),
    build: (say) =>
      templateCta({
        name: say("Survey: what stopped you?", "Enkät: vad hindrade dig?"),
        cta_type: "overlay",
        overlay_type: "boxed",
        options: { trigger: "exit", "hide-days": 30, ...WARM },
        steps: [
          {
            name: say("Question", "Fråga"),
            elements: [
              survey(
                "exit_reason",
                say("Before you go: what stopped you today?", "Innan du går: vad hindrade dig i dag?"),
                [
                  ["price", say("The price", "Priset")],
                  ["info", say("I need more information", "Jag behöver mer information")],
                  ["later", say("I will come back later", "Jag kommer tillbaka senare")],
                  ["other", say("Something else", "Något annat")],
                ],
              ),
            ],
            after: [
              thankYou(
                say("Thanks for telling us. We read every answer.", "Tack för att du berättar. Vi läser varje svar."),
              ),
            ],
          },
        ],
      }),
  },
  {
    id: "survey-interests",
    kind: "survey",
    goal: "grow",
    summary: (say) =>
      say(
        "Asks about interests first, then for the e-mail: a softer sign-up.",
        "Frågar om intressen först och sedan om e-post: en mjukare anmälan.",
      ),
    build: (say) =>
      templateCta({
        name: say("Survey: what interests you?", "Enkät: vad intresserar dig?"),
        cta_type: "inline",
        inline_type: "embed",
        options: { area: "main" },
        steps: [
          {
            name: say("Question", "Fråga"),
            elements: [
              survey("interest", say("What would you like to read more about?", "Vad vill du läsa mer om?"), [
                ["guides", say("Practical guides", "Praktiska guider")],
                ["news", say("Industry news", "Branschnyheter")],
                ["offers", say("Offers and events", "Erbjudanden och evenemang")],
              ]),
            ],
            after: [{ data: { "confirmation-type": "step", "redirect-step": 1 } }],
          },
          {
            name: say("Sign-up", "Anmälan"),
            elements: [
              heading(say("Great choice! Where should we send it?", "Bra val! Vart ska vi skicka det?"), 3),
              emailForm({
                emailPlaceholder: say("Your e-mail address", "Din e-postadress"),
                button: say("Send it to me", "Skicka till mig"),
              }),
            ],
            after: [
              thankYou(say("Done! Your first e-mail arrives this week.", "Klart! Ditt första mejl kommer i veckan.")),
            ],
          },
        ],
      }),
  },
  {
    id: "yesno-discount",
    kind: "yesno",
    goal: "sell",
    summary: (say) =>
      say(
        'Asks "Want 10% off?" first; only a yes shows the form.',
        "Frågar ”Vill du ha 10 % rabatt?” först; bara ett ja visar formuläret.",
      ),
    build: (say) =>
      templateCta({
        name: say("Yes/no: 10% off", "Ja/nej: 10 % rabatt"),
        cta_type: "overlay",
        overlay_type: "boxed",
        options: { trigger: "delayed", delay: 6, "hide-days": 14 },
        steps: [
          {
            name: say("Question", "Fråga"),
            elements: [
              heading(say("Would you like 10% off your first order?", "Vill du ha 10 % rabatt på ditt första köp?")),
              stepButton(say("Yes, please!", "Ja, gärna!"), 1),
              stepButton(say("No thanks, I pay full price", "Nej tack, jag betalar fullpris"), 2),
            ],
          },
          {
            name: say("Form", "Formulär"),
            elements: [
              heading(say("Where should we send your code?", "Vart ska vi skicka din kod?"), 3),
              emailForm({
                emailPlaceholder: say("Your e-mail address", "Din e-postadress"),
                button: say("Send my code", "Skicka min kod"),
              }),
            ],
            after: [thankYou(say("Your code is on its way!", "Din kod är på väg!"))],
          },
          {
            name: say("No thanks", "Nej tack"),
            elements: [paragraph(say("No problem. Enjoy browsing!", "Inga problem. Trevligt besök!"))],
          },
        ],
      }),
  },
  {
    id: "yesno-newsletter",
    kind: "yesno",
    goal: "grow",
    summary: (say) =>
      say("A two-step slide-in: a yes opens the sign-up.", "En slide-in i två steg: ett ja öppnar anmälan."),
    build: (say) =>
      templateCta({
        name: say("Yes/no: weekly tips", "Ja/nej: veckans tips"),
        cta_type: "hook",
        hook_type: "vertical",
        options: { trigger: "scroll", "scroll-percentage": 40, "hide-days": 14 },
        steps: [
          {
            name: say("Question", "Fråga"),
            elements: [
              heading(say("Want one useful tip every week?", "Vill du ha ett användbart tips varje vecka?"), 3),
              stepButton(say("Yes, I do", "Ja, gärna"), 1),
              stepButton(say("Not now", "Inte nu"), 2),
            ],
          },
          {
            name: say("Form", "Formulär"),
            elements: [
              emailForm({
                emailPlaceholder: say("Your e-mail address", "Din e-postadress"),
                button: say("Sign me up", "Anmäl mig"),
              }),
            ],
            after: [
              thankYou(
                say("Welcome! Your first tip comes on Tuesday.", "Välkommen! Ditt första tips kommer på tisdag."),
              ),
            ],
          },
          {
            name: say("Not now", "Inte nu"),
            elements: [
              paragraph(
                say("Fair enough. We will not ask again this week.", "Helt okej. Vi frågar inte igen i veckan."),
              ),
            ],
          },
        ],
      }),
  },
  {
    id: "yesno-team",
    kind: "yesno",
    goal: "qualify",
    summary: (say) =>
      say(
        "Separates team buyers from individuals and routes each the right way.",
        "Skiljer teamköpare från privatpersoner och leder var och en rätt.",
      ),
    build: (say) =>
      templateCta({
        name: say("Yes/no: buying for a team?", "Ja/nej: köper du för ett team?"),
        cta_type: "overlay",
        overlay_type: "boxed",
        options: { trigger: "delayed", delay: 12, "hide-days": 14 },
        steps: [
          {
            name: say("Question", "Fråga"),
            elements: [
              heading(say("Are you buying for a team?", "Köper du för ett team?")),
              stepButton(say("Yes, for my team", "Ja, för mitt team"), 1),
              stepButton(say("No, just for me", "Nej, bara för mig"), 2),
            ],
          },
          {
            name: say("Team offer", "Teamerbjudande"),
            elements: [
              heading(say("Let us put together a team offer", "Låt oss ta fram ett teamerbjudande"), 3),
              emailForm({
                before: [textField("name", say("Name", "Namn"), { required: true })],
                after: [textField("company_name", say("Company", "Företag"))],
                emailPlaceholder: say("Work e-mail", "E-post i jobbet"),
                button: say("Get a team offer", "Få ett teamerbjudande"),
                consent: false,
              }),
            ],
            after: [
              thankYou(
                say("Thanks! We will send your offer within a day.", "Tack! Vi skickar ert erbjudande inom ett dygn."),
              ),
            ],
          },
          {
            name: say("Individual", "Privat"),
            elements: [
              paragraph(
                say(
                  "Great! Our most popular choice for individuals is one click away.",
                  "Toppen! Vårt populäraste val för privatpersoner är ett klick bort.",
                ),
              ),
              linkButton(say("See the options", "Se alternativen"), "/"),
            ],
          },
        ],
      }),
  },
];
