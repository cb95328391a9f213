/** Swedish texts of A/B tests that pick their winner; exactly the keys of en/ab-test.ts. */
import type { SameKeys } from "#app/i18n/same-keys";
import type { abTestEn } from "#app/i18n/en/ab-test";

export const abTestSv: SameKeys<typeof abTestEn> = {
  "abTest.title": "A/B-test",
  "abTest.mode": "Hur vinnaren väljs",
  "abTest.mode.manual": "Av mig, på sidan Resultat",
  "abTest.mode.auto": "Automatiskt",
  "abTest.mode.bandit": "Automatiskt, och trafiken flyttas medan testet lär sig (bandit)",
  "abTest.modeHelp.manual": "Fördelningen står kvar tills du gör en variant till vinnare.",
  "abTest.modeHelp.auto":
    "När en variant slår de andra med säkerheten nedan, efter minsta urval och tid, får den all trafik och du får veta det.",
  "abTest.modeHelp.bandit":
    "Trafiken flyttas mot den variant som går bäst (högst en gång i timmen); sedan får vinnaren all trafik, som i det automatiska läget.",
  "abTest.confidence": "Säkerhet",
  "abTest.minSample": "Minsta antal visningar per variant",
  "abTest.minDays": "Minsta antal dagar",
  "abTest.holdout": "Andel som alltid delas lika",
  "abTest.holdoutHelp": "Den här andelen av trafiken delas alltid lika, så att varje variant fortsätter att mätas.",
  "abTest.startedAt": "Testet startade {date}; varje variant räknas från dess.",
  "abTest.notStarted": "Testet startar när CTA:n sparas med två eller fler varianter.",
  "abTest.decided": "Testet är klart: variant {letter} vann",
  "abTest.decidedHelp": "Den får nu all trafik. Fördela trafiken jämnt på sidan Resultat för att testa igen.",
  "abTest.resultsDecided": "Variant {letter} vann det automatiska testet {date} och får nu all trafik.",
  "abTest.resultsCountedFrom": "Räknat från testets start ({date}), oavsett vilken period som visas.",
  "abTest.resultsMode.manual": "Manuellt",
  "abTest.resultsMode.auto": "Automatiskt",
  "abTest.resultsMode.bandit": "Bandit",
};
