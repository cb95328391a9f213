/**
 * The Swedish host site's content: courses (the loop grid on
 * /demo/sv/utbildningar, filtered by category and format) and blog posts.
 * Plain data; the pages and the refresh-loop answer render it.
 */

export interface Term {
  slug: string;
  name: string;
}

export const COURSE_TAXONOMIES = {
  "kurs-kategori": {
    label: "Ämne",
    logicalJoin: "OR" as const,
    terms: [
      { slug: "forsaljning", name: "Försäljning" },
      { slug: "ledarskap", name: "Ledarskap" },
      { slug: "forhandling", name: "Förhandling" },
      { slug: "prospektering", name: "Prospektering" },
    ],
  },
  format: {
    label: "Format",
    logicalJoin: "AND" as const,
    terms: [
      { slug: "distans", name: "Distans" },
      { slug: "klassrum", name: "Klassrum" },
      { slug: "foretagsanpassad", name: "Företagsanpassad" },
    ],
  },
};

export type CourseTaxonomy = keyof typeof COURSE_TAXONOMIES;

export interface Course {
  slug: string;
  title: string;
  excerpt: string;
  days: number;
  priceSek: number;
  image: string;
  terms: Record<CourseTaxonomy, string[]>;
}

export const COURSES: Course[] = [
  {
    slug: "saljteknik-grund",
    title: "Säljteknik grund",
    excerpt: "Behovsanalys, frågeteknik och avslut – grunden i modern B2B-försäljning.",
    days: 2,
    priceSek: 12_900,
    image: "kurs-1.png",
    terms: { "kurs-kategori": ["forsaljning"], format: ["klassrum", "distans"] },
  },
  {
    slug: "forhandlingsteknik",
    title: "Förhandlingsteknik",
    excerpt: "Förbered, förankra och förhandla fram affärer där båda parter vinner.",
    days: 2,
    priceSek: 14_500,
    image: "kurs-2.png",
    terms: { "kurs-kategori": ["forhandling", "forsaljning"], format: ["klassrum"] },
  },
  {
    slug: "saljledarskap",
    title: "Säljledarskap",
    excerpt: "Coacha ditt team, följ upp rätt nyckeltal och bygg en säljkultur.",
    days: 3,
    priceSek: 19_800,
    image: "kurs-3.png",
    terms: { "kurs-kategori": ["ledarskap"], format: ["klassrum", "foretagsanpassad"] },
  },
  {
    slug: "prospektering-pa-distans",
    title: "Prospektering på distans",
    excerpt: "Boka fler möten med telefon, LinkedIn och e-post – utan att låta som alla andra.",
    days: 1,
    priceSek: 6_900,
    image: "kurs-4.png",
    terms: { "kurs-kategori": ["prospektering", "forsaljning"], format: ["distans"] },
  },
  {
    slug: "kundmoten-som-leder-till-affar",
    title: "Kundmöten som leder till affär",
    excerpt: "Struktur för första mötet, demo och uppföljning som kunden uppskattar.",
    days: 1,
    priceSek: 7_500,
    image: "kurs-1.png",
    terms: { "kurs-kategori": ["forsaljning"], format: ["distans", "foretagsanpassad"] },
  },
  {
    slug: "forhandling-for-chefer",
    title: "Förhandling för chefer",
    excerpt: "Löner, leverantörer och ledningsgrupper: förhandla tryggt i svåra lägen.",
    days: 2,
    priceSek: 16_900,
    image: "kurs-2.png",
    terms: { "kurs-kategori": ["forhandling", "ledarskap"], format: ["foretagsanpassad"] },
  },
  {
    slug: "coachande-forsaljningschef",
    title: "Den coachande försäljningschefen",
    excerpt: "Samtalsmodeller och rutiner som får säljarna att växa vecka för vecka.",
    days: 2,
    priceSek: 15_900,
    image: "kurs-3.png",
    terms: { "kurs-kategori": ["ledarskap"], format: ["distans"] },
  },
  {
    slug: "pipeline-och-prognos",
    title: "Pipeline och prognos",
    excerpt: "Få ordning på säljtratten och träffa rätt i prognosen varje kvartal.",
    days: 1,
    priceSek: 6_500,
    image: "kurs-4.png",
    terms: { "kurs-kategori": ["prospektering", "ledarskap"], format: ["distans", "klassrum"] },
  },
];

export interface Post {
  id: number;
  slug: string;
  title: string;
  date: string;
  excerpt: string;
  body: string[];
  category: Term;
  tags: Term[];
  /** The e-book topic whose inline CTA the post carries (an area of the Swedish site's seed). */
  ebook: "saljteknik" | "prospektering" | "forhandling" | "saljledning";
}

export const POSTS: Post[] = [
  {
    id: 101,
    slug: "fem-fragor-som-avslojar-kundens-verkliga-behov",
    title: "Fem frågor som avslöjar kundens verkliga behov",
    date: "2026-10-14",
    excerpt:
      "De bästa säljarna pratar minst. Så här ställer du frågorna som gör att kunden berättar vad som faktiskt avgör affären.",
    body: [
      "Den vanligaste orsaken till förlorade affärer är inte priset, utan att säljaren aldrig förstod vad kunden egentligen behövde.",
      "Börja med öppna frågor om nuläget, gå vidare till konsekvenser och avsluta med frågor om vad en lösning skulle betyda för kunden personligen.",
      "Skriv ner kundens egna ord. När du sedan presenterar din lösning använder du dem – då känner kunden igen sig.",
    ],
    category: { slug: "forsaljning", name: "Försäljning" },
    tags: [
      { slug: "behovsanalys", name: "Behovsanalys" },
      { slug: "fragteknik", name: "Frågeteknik" },
    ],
    ebook: "saljteknik",
  },
  {
    id: 102,
    slug: "sa-bokar-du-fler-moten-i-januari",
    title: "Så bokar du fler möten i januari",
    date: "2026-09-30",
    excerpt: "Januari är årets bästa månad för prospektering – om du förbereder dig redan nu.",
    body: [
      "Budgetarna är nya och beslutsfattarna har tid. Planera dina listor i december så att du kan ringa redan första veckan.",
      "Kombinera telefon, e-post och LinkedIn i en sekvens över tre veckor. En kanal räcker sällan.",
    ],
    category: { slug: "prospektering", name: "Prospektering" },
    tags: [
      { slug: "motesbokning", name: "Mötesbokning" },
      { slug: "kalla-samtal", name: "Kalla samtal" },
    ],
    ebook: "prospektering",
  },
  {
    id: 103,
    slug: "tre-misstag-i-prisforhandlingen",
    title: "Tre misstag i prisförhandlingen – och hur du undviker dem",
    date: "2026-09-12",
    excerpt: "Att ge rabatt för tidigt kostar mer än du tror. Här är tre fällor och vad du gör i stället.",
    body: [
      "Misstag ett: att svara på en prisinvändning med en rabatt. Fråga i stället vad priset jämförs med.",
      "Misstag två: att förhandla mot dig själv. Vänta på ett motbud innan du rör dig.",
      "Misstag tre: att ge utan att få. Varje eftergift ska bytas mot något – längre avtal, större volym eller en referens.",
    ],
    category: { slug: "forhandling", name: "Förhandling" },
    tags: [
      { slug: "pris", name: "Pris" },
      { slug: "forhandlingsteknik", name: "Förhandlingsteknik" },
    ],
    ebook: "forhandling",
  },
  {
    id: 104,
    slug: "veckomotet-som-saljarna-ser-fram-emot",
    title: "Veckomötet som säljarna ser fram emot",
    date: "2026-08-28",
    excerpt:
      "Trettio minuter, tre punkter och ett fokus på nästa steg. Så blir säljmötet energi i stället för rapportering.",
    body: [
      "Låt siffrorna ligga i systemet och använd mötet till att lösa de tre affärer som är närmast avslut.",
      "Avsluta alltid med ett konkret åtagande per säljare till nästa vecka.",
    ],
    category: { slug: "ledarskap", name: "Ledarskap" },
    tags: [
      { slug: "saljmote", name: "Säljmöte" },
      { slug: "coachning", name: "Coachning" },
    ],
    ebook: "saljledning",
  },
  {
    id: 105,
    slug: "linkedin-for-b2b-saljare",
    title: "LinkedIn för B2B-säljare: en rutin på femton minuter",
    date: "2026-08-05",
    excerpt: "Ingen behöver bli influencer. En kort daglig rutin räcker för att synas hos rätt personer.",
    body: [
      "Kommentera tre inlägg från kunder, skicka en personlig kontaktförfrågan och dela en tanke i veckan.",
      "Mät antalet samtal som startar på LinkedIn, inte antalet visningar.",
    ],
    category: { slug: "prospektering", name: "Prospektering" },
    tags: [{ slug: "linkedin", name: "LinkedIn" }],
    ebook: "prospektering",
  },
  {
    id: 106,
    slug: "avslutsteknik-utan-tjat",
    title: "Avslutsteknik utan tjat",
    date: "2026-07-21",
    excerpt: "Ett bra avslut är en naturlig följd av ett bra samtal. Så föreslår du nästa steg utan att pressa.",
    body: [
      "Sammanfatta vad kunden sagt, föreslå ett konkret nästa steg och fråga om det känns rätt.",
      "Tystnad efter frågan är din vän.",
    ],
    category: { slug: "forsaljning", name: "Försäljning" },
    tags: [{ slug: "avslut", name: "Avslut" }],
    ebook: "saljteknik",
  },
];

export const postBySlug = (slug: string): Post | undefined => POSTS.find((p) => p.slug === slug);
