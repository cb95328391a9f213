/** Swedish texts of the results page: metrics that say what they count, and the CSV export; exactly the keys of en/results.ts. */
import type { SameKeys } from "#app/i18n/same-keys";
import type { resultsEn } from "#app/i18n/en/results";

export const resultsSv: SameKeys<typeof resultsEn> = {
  "results.last7": "Senaste 7 dagarna",
  "results.last30": "Senaste 30 dagarna",
  "results.last90": "Senaste 90 dagarna",
  "results.custom": "Egna datum",
  "results.title": "Resultat",
  "results.choose": "Välj period och CTA",
  "results.period": "Period",
  "results.from": "Från",
  "results.to": "Till",
  "results.cta": "CTA",
  "results.allCtas": "Alla CTA:er",
  "results.show": "Visa resultat",
  "results.includeArchived": "Ta med arkiverade CTA:er",
  "results.archivedLeftOut":
    "Arkiverade CTA:er som inte räknas i siffrorna: {count}. Kryssa i ”Ta med arkiverade CTA:er” för att räkna dem.",
  "results.flaggedTitle": "Ordrar som inte räknas in i intäkterna",
  "results.perDay": "Visningar och konverteringar per dag",
  "results.chartLabel": "Linjediagram över visningar och konverteringar per dag; samma siffror finns i tabellen nedan",
  "results.day": "Dag",
  "results.variants": "Varianter",
  "results.daysLeftOut": "Dagar utan visningar eller konverteringar visas inte.",
  "results.noData": "Inga visningar eller konverteringar under perioden än. De visas här när besökare ser dina CTA:er.",
  "results.noCtas": "Den här webbplatsen har inga CTA:er än.",
  "results.barLabel": "Stapeldiagram över varje variants konverteringsgrad; samma siffror finns i tabellen ovan",
  "results.conversionsOf": "Konverteringar {letter}",
  "results.views": "Visningar",
  "results.conversions": "Konverteringar",
  "results.conversionRate": "Konverteringsgrad",
  "results.revenue": "Intäkter",
  "results.addedToCart": "Lagt i varukorgen",
  "results.variant": "Variant",
  "results.traffic": "Trafik",
  "results.winner": "Vinnare",
  "results.notEnoughData": "Inte tillräckligt med data än",

  "results.running": "Pågår",
  "results.liftVsA": "Förbättring mot A",
  "results.probability": "Sannolikhet att slå A",
  "results.makeWinner": "Gör till vinnare",
  "results.splitEvenly": "Fördela trafiken jämnt igen",
  "results.winnerVariant": "Vinnare: variant {letter}",
  "results.makeWinnerLabel": "Gör variant {letter} av {name} till vinnare",
  "results.abTest": "A/B-test: {name}",
  "results.caption": "Varianter av {name} jämförda med variant A",
  "results.winnerNote":
    "När en variant blir vinnare går all trafik för den här CTA:n till den. Sannolikheterna kommer från en beta-binomialmodell av varje variants konverteringsgrad.",

  // Resultat: mått som säger vad de räknar, och CSV-exporten.
  "results.uniqueViewers": "Unika besökare",
  "results.clicks": "Klick",
  "results.leads": "Leads",
  "results.completions": "Slutförda",
  "results.goal": "Mål",
  "results.viewersOf": "Unika besökare {letter}",
  "results.definitions": "Vad siffrorna räknar",
  "results.def.views": "Varje gång en sida visade en CTA, omladdningar inräknade.",
  "results.def.viewers":
    "Personer som såg en CTA, var och en räknad en gång under perioden oavsett hur många sidor de laddade.",
  "results.def.clicks": "Knapptryck. Ett tvåstegsfönsters första ”Ja” är ett klick, inte ett lead.",
  "results.def.leads": "Personer som lämnade en e-postadress eller ett telefonnummer i en CTA:s formulär.",
  "results.def.completions":
    "Personer som gjorde klart en CTA: skickade formuläret eller enkäten, eller slutförde quizet.",
  "results.def.conversions": "Personer som nådde varje CTA:s mål (kolumnen Mål), summerat över CTA:erna.",
  "results.def.conversionRate": "Konverteringar delat med unika besökare, CTA för CTA.",
  "results.def.revenue":
    "Ordrar som räknas en CTA till godo: den som ordern anger, annars köparens senaste CTA-handling de 30 dagarna innan.",
  "results.def.cartValue": "Vad köp-knappar i CTA:er lade i varukorgen; räknas aldrig in i intäkterna.",
  "results.goal.leads": "Leads",
  "results.goal.completions": "Slutförda",
  "results.goal.addToCarts": "Lagt i varukorgen",
  "results.goal.clicks": "Klick",
  "results.goalHelp":
    "En CTA:s mål beror på vad den ber om: leads för ett formulär, slutförda för ett quiz eller en enkät, varukorgsköp för produkter, annars klick.",
  "results.ordersCount": "Ordrar: {count}",
  "results.conversionsCount": "Konverteringar: {count}",
  "results.addToCartsCount": "Lagt i varukorgen: {count} gånger",
  "results.estimated": "Antalet unika är en uppskattning, oftast inom ±{error} från det exakta antalet.",
  "results.downloadCsv": "Ladda ner CSV",
  "results.otherOrders": "Ordrar utan CTA-handling de 30 dagarna innan: {count} ({amount}).",
  "results.unverifiedOrders":
    "Overifierade: {count} ordrar ({amount}) som besökares webbläsare rapporterat men Shopify inte bekräftat. De räknas inte in i intäkterna.",
  "results.browserPurchases":
    "Köp på den här webbplatsen rapporteras av besökarnas webbläsare (trackPurchase) och kan inte verifieras: se intäkterna som en uppskattning.",
};
