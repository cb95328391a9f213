/**
 * The 17 CTAs of the reference host site, Säljakademin (saljakademin.ts holds
 * its owner, settings, lists and broadcasts): a newsletter footer, e-book and
 * landing-page forms per topic, webinar bars, an opt-out form and an exit
 * popup. Inline and page (landing page) CTAs name the marked page area they
 * fill in options.area; the demo site has a page for each (demo/sv).
 */
import type { CtaDocumentInput } from "#contract/schema/cta";
import type { LeadMagnet } from "#contract/schema/lead-magnet";
import { ebookPdf } from "./ebook-pdf";
import {
  consentField,
  countdownTo,
  dailyCountdown,
  dropdownField,
  emailForm,
  heading,
  linkButton,
  listAction,
  paragraph,
  relativeCountdown,
  singleStepCta,
  textField,
  thankYou,
} from "./builders";
import {
  MARKETING_CONSENT,
  SALJAKADEMIN_LISTS,
  SMS_CONSENT,
  TIMEZONE,
  WEBINAR_PAGE,
  webinarStart,
  type SaljakademinBroadcast,
} from "./saljakademin";

interface Topic {
  slug: string;
  listId: string;
  title: string;
  pitch: string;
  bullets: string[];
}

const TOPICS: Topic[] = [
  {
    slug: "saljteknik",
    listId: "2",
    title: "7 steg till fler avslut",
    pitch:
      "Beprövade tekniker från 20 år av säljutbildning: så leder du kunden från första frågan till ett tydligt ja.",
    bullets: [
      "Frågorna som får kunden att sälja in behovet själv",
      "Hur du bemöter de fem vanligaste invändningarna",
      "Avslutstekniker som inte känns som press",
    ],
  },
  {
    slug: "prospektering",
    listId: "3",
    title: "Kalla samtal som blir varma möten",
    pitch: "Fyll kalendern med kvalificerade möten – utan att låta som en telefonförsäljare.",
    bullets: [
      "Öppningsfraser som ger dig 30 sekunder till",
      "Så hittar du rätt beslutsfattare på LinkedIn",
      "Veckoschemat som ger tio nya möten",
    ],
  },
  {
    slug: "forhandling",
    listId: "7",
    title: "Förhandla utan att sänka priset",
    pitch: "Skydda marginalen när inköparen pressar: byt värde mot värde i stället för att ge rabatt.",
    bullets: [
      "Förbered din gångbortpunkt",
      "Tre motdrag när kunden säger att det är för dyrt",
      "Så avslutar du förhandlingen med en nöjd kund",
    ],
  },
  {
    slug: "saljledning",
    listId: "11",
    title: "Coacha ditt säljteam till rekord",
    pitch: "Verktygen som Sveriges bästa säljchefer använder i sina veckomöten och medlyssningar.",
    bullets: [
      "Mallen för ett coachande medarbetarsamtal",
      "Nyckeltal som förutsäger nästa kvartal",
      "Så bygger du en kultur där alla delar med sig",
    ],
  },
];

const EBOOK_THANKS =
  "Tack! E-boken är på väg till din inkorg. Hittar du den inte inom fem minuter, titta i skräpposten.";

function newsletterFooter(integrationId: number): CtaDocumentInput {
  return singleStepCta({
    name: "Nyhetsbrev – sidfot",
    cta_type: "inline",
    inline_type: "embed",
    options: { area: "footer" },
    elements: [
      heading("Veckans säljtips – direkt i inkorgen"),
      paragraph(
        "Varje tisdag: ett konkret tips som du kan använda i nästa kundsamtal. Över 12 000 säljare och säljchefer läser redan.",
      ),
      emailForm({
        before: [textField("name", "Förnamn")],
        emailPlaceholder: "Din e-postadress",
        button: "Prenumerera",
        layout: "horizontal",
        consent: MARKETING_CONSENT,
        actions: [listAction("subscribe_list", integrationId, "1")],
      }),
    ],
    after: [thankYou("Tack! Bekräfta din prenumeration via länken vi just skickade till din e-post.")],
  });
}

/** The e-book a topic's forms deliver, when the seed stored its file. */
function ebookMagnet(topic: Topic, ctx: SaljakademinContext): LeadMagnet | undefined {
  const fileId = ctx.ebookFiles?.[topic.slug];
  return fileId
    ? { kind: "file", file_id: fileId, file_name: ebookFileName(topic), label: `e-boken ”${topic.title}”` }
    : undefined;
}

const ebookFileName = (topic: Topic) => `saljakademin-${topic.slug}.pdf`;

/** The e-books' files, one per topic: name and PDF bytes, for the seed to store. */
export function ebookFiles(): { slug: string; name: string; bytes: Buffer }[] {
  return TOPICS.map((topic) => ({
    slug: topic.slug,
    name: ebookFileName(topic),
    bytes: ebookPdf({
      title: topic.title,
      subtitle: "En gratis e-bok från Säljakademin",
      lines: [
        ...wrap(topic.pitch, 90),
        "",
        "I den här e-boken:",
        ...topic.bullets.map((b) => `•  ${b}`),
        "",
        ...wrap(
          "Börja med att lyssna mer än du pratar: ställ öppna frågor, sammanfatta kundens svar med egna ord och fråga om du har förstått rätt. Kunden som hör sitt eget behov beskrivet köper av den som beskrev det.",
          90,
        ),
        "",
        "Lycka till med nästa kundsamtal!  – Säljakademin",
      ],
    }),
  }));
}

/** Lines of at most width characters, broken at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

function ebookInline(topic: Topic, integrationId: number, magnet?: LeadMagnet): CtaDocumentInput {
  return singleStepCta({
    name: `E-bok: ${topic.title} – inbäddad`,
    cta_type: "inline",
    inline_type: "embed",
    options: { area: `ebook-${topic.slug}` },
    elements: [
      heading(`Gratis e-bok: ${topic.title}`),
      paragraph(topic.pitch),
      emailForm({
        before: [textField("name", "Förnamn")],
        emailPlaceholder: "Din e-postadress",
        button: "Skicka e-boken till mig",
        consent: MARKETING_CONSENT,
        actions: [listAction("subscribe_list", integrationId, topic.listId)],
        magnet,
      }),
    ],
    after: [thankYou(EBOOK_THANKS)],
  });
}

function ebookLandingPage(topic: Topic, integrationId: number, magnet?: LeadMagnet): CtaDocumentInput {
  return singleStepCta({
    name: `Landningssida: ${topic.title}`,
    cta_type: "page",
    options: { "page-title": `${topic.title} – gratis e-bok | Säljakademin`, area: `landningssida-${topic.slug}` },
    elements: [
      heading(topic.title, 1),
      paragraph(topic.pitch),
      paragraph(...topic.bullets),
      emailForm({
        before: [textField("name", "Förnamn", { required: true })],
        after: [
          textField("company_name", "Företag"),
          dropdownField("roll", "Din roll", ["Säljare", "Säljchef", "VD/ägare", "Annat"]),
        ],
        emailPlaceholder: "Din e-postadress",
        button: "Ja, jag vill ha e-boken",
        consent: MARKETING_CONSENT,
        actions: [listAction("subscribe_list", integrationId, topic.listId)],
        magnet,
      }),
    ],
    after: [thankYou(EBOOK_THANKS)],
  });
}

function webinarLandingPage(integrationId: number, startsAt: string): CtaDocumentInput {
  return singleStepCta({
    name: "Landningssida: Webbinarium – Boka fler möten",
    cta_type: "page",
    options: {
      "page-title": "Gratis webbinarium: Boka fler möten på kortare tid | Säljakademin",
      area: "landningssida-webbinarium",
    },
    elements: [
      heading("Gratis webbinarium: Boka fler möten på kortare tid", 1),
      paragraph("45 minuter live med våra utbildare. Du får manus, mejlmallar och en plan för dina första två veckor."),
      countdownTo(startsAt, "Webbinariet börjar om"),
      emailForm({
        before: [textField("name", "Förnamn", { required: true })],
        after: [
          textField("phone", "Mobilnummer (för sms-påminnelse)", { type: "tel" }),
          consentField("sms_consent", SMS_CONSENT, false),
        ],
        emailPlaceholder: "Din e-postadress",
        button: "Anmäl mig till webbinariet",
        consent: MARKETING_CONSENT,
        actions: [listAction("subscribe_list", integrationId, "13")],
      }),
    ],
    after: [thankYou("Tack för din anmälan! Vi skickar länken till webbinariet och en påminnelse samma morgon.")],
  });
}

function courseInterestPage(integrationId: number): CtaDocumentInput {
  return singleStepCta({
    name: "Landningssida: Intresseanmälan säljutbildning",
    cta_type: "page",
    options: {
      "page-title": "Säljutbildning för ert team – intresseanmälan | Säljakademin",
      area: "landningssida-foretagsutbildning",
    },
    elements: [
      heading("Säljutbildning anpassad för ert team", 1),
      paragraph("Berätta lite om er, så återkommer en av våra utbildare med ett upplägg och en offert."),
      emailForm({
        before: [textField("name", "Förnamn", { required: true }), textField("last_name", "Efternamn")],
        after: [
          textField("company_name", "Företag", { required: true }),
          textField("phone", "Telefonnummer", { type: "tel" }),
          dropdownField("antal_saljare", "Hur många säljare har ni?", ["1–5", "6–20", "21–50", "Fler än 50"]),
        ],
        emailPlaceholder: "Din e-postadress i jobbet",
        button: "Skicka intresseanmälan",
        consent: MARKETING_CONSENT,
        actions: [listAction("subscribe_list", integrationId, "16")],
      }),
    ],
    after: [thankYou("Tack för din intresseanmälan! En av våra utbildare kontaktar dig inom två arbetsdagar.")],
  });
}

function webinarBars(broadcasts: Record<SaljakademinBroadcast, number>, startsAt: string): CtaDocumentInput[] {
  const date = new Intl.DateTimeFormat("sv-SE", {
    timeZone: TIMEZONE,
    weekday: "long",
    day: "numeric",
    month: "long",
  }).format(new Date(startsAt));
  return [
    singleStepCta({
      name: "Webbinariebar – topp",
      cta_type: "bar",
      bar_position: "top",
      broadcast_id: broadcasts.webinarCampaign,
      options: { trigger: "delayed", delay: 2, "hide-days": 3 },
      elements: [
        paragraph(`Gratis webbinarium: Boka fler möten på kortare tid – ${date} kl. 09.00`),
        countdownTo(startsAt, "Startar om"),
        linkButton("Anmäl dig gratis", WEBINAR_PAGE),
      ],
    }),
    singleStepCta({
      name: "Webbinariebar – bloggen",
      cta_type: "bar",
      bar_position: "bottom",
      broadcast_id: broadcasts.webinarBlog,
      options: { trigger: "scroll", "scroll-percentage": 40, "hide-days": 3 },
      elements: [
        paragraph("Gillar du våra säljtips? Lär dig mer live på vårt gratis webbinarium."),
        relativeCountdown(48, "Platserna reserveras i"),
        linkButton("Säkra din plats", WEBINAR_PAGE),
      ],
    }),
    singleStepCta({
      name: "Webbinariebar – utbildningssidor",
      cta_type: "bar",
      bar_position: "bottom",
      broadcast_id: broadcasts.webinarCourses,
      options: { trigger: "delayed", delay: 5, "hide-days": 1 },
      elements: [
        paragraph("Osäker på vilken utbildning som passar? Prova på vårt gratis webbinarium först."),
        dailyCountdown("18:00", "Dagens anmälan stänger om", TIMEZONE),
        linkButton("Anmäl dig", WEBINAR_PAGE),
      ],
    }),
  ];
}

function newsletterSidebar(integrationId: number): CtaDocumentInput {
  return singleStepCta({
    name: "Nyhetsbrev – sidopanel",
    cta_type: "inline",
    inline_type: "sidebar",
    options: { area: "sidebar" },
    elements: [
      heading("Bli en bättre säljare på fem minuter i veckan", 3),
      emailForm({
        before: [textField("name", "Förnamn")],
        emailPlaceholder: "Din e-postadress",
        button: "Ja tack",
        consent: MARKETING_CONSENT,
        actions: [listAction("subscribe_list", integrationId, "1")],
      }),
    ],
    after: [thankYou("Tack! Kolla din inkorg och bekräfta prenumerationen.")],
  });
}

function optOut(integrationId: number): CtaDocumentInput {
  return singleStepCta({
    name: "Avregistrering",
    cta_type: "inline",
    inline_type: "embed",
    options: { area: "avregistrering" },
    elements: [
      heading("Avregistrera dig från våra utskick"),
      paragraph(
        "Fyll i din e-postadress så tar vi bort dig från alla våra listor. Utskick som redan har planerats kan nå dig inom ett dygn.",
      ),
      emailForm({
        emailPlaceholder: "Din e-postadress",
        button: "Avregistrera mig",
        actions: SALJAKADEMIN_LISTS.map((list) => listAction("unsubscribe_list", integrationId, list.listId)),
      }),
    ],
    after: [thankYou("Klart! Du är nu avregistrerad från alla våra utskick.")],
  });
}

function exitPopup(integrationId: number, broadcastId: number, magnet?: LeadMagnet): CtaDocumentInput {
  return singleStepCta({
    name: "Exitpopup – E-bok Säljteknik",
    cta_type: "overlay",
    overlay_type: "boxed",
    broadcast_id: broadcastId,
    options: { trigger: "exit", "hide-days": 7 },
    elements: [
      heading("Vänta! Ta med dig vår mest nedladdade e-bok"),
      paragraph("7 steg till fler avslut – beprövade tekniker från 20 år av säljutbildning. Helt gratis."),
      emailForm({
        before: [textField("name", "Förnamn")],
        emailPlaceholder: "Din e-postadress",
        button: "Ja tack, skicka den!",
        consent: MARKETING_CONSENT,
        actions: [listAction("subscribe_list", integrationId, "2")],
        magnet,
      }),
    ],
    after: [thankYou(EBOOK_THANKS)],
  });
}

export interface SaljakademinContext {
  /** The built-in integration holding the mailing lists. */
  integrationId: number;
  /** LeadMagnetFile ids of the e-books, by topic slug (ebookFiles below). */
  ebookFiles?: Record<string, number>;
  broadcasts: Record<SaljakademinBroadcast, number>;
  now: Date;
}

/**
 * The 17 CTAs in creation order: on a fresh database the newsletter footer
 * is CTA 1 and the exit popup CTA 17.
 */
export function saljakademinCtas(ctx: SaljakademinContext): CtaDocumentInput[] {
  const startsAt = webinarStart(ctx.now);
  return [
    newsletterFooter(ctx.integrationId),
    ...TOPICS.map((t) => ebookInline(t, ctx.integrationId, ebookMagnet(t, ctx))),
    ...TOPICS.map((t) => ebookLandingPage(t, ctx.integrationId, ebookMagnet(t, ctx))),
    webinarLandingPage(ctx.integrationId, startsAt),
    courseInterestPage(ctx.integrationId),
    ...webinarBars(ctx.broadcasts, startsAt),
    newsletterSidebar(ctx.integrationId),
    optOut(ctx.integrationId),
    exitPopup(ctx.integrationId, ctx.broadcasts.exitPopup, ebookMagnet(TOPICS[0], ctx)),
  ];
}
