/** English texts of A/B tests that pick their winner: the editor's test settings and the Results page's notices. */
export const abTestEn = {
  "abTest.title": "A/B test",
  "abTest.mode": "How the winner is picked",
  "abTest.mode.manual": "By me, on the Results page",
  "abTest.mode.auto": "Automatically",
  "abTest.mode.bandit": "Automatically, shifting traffic while it learns (bandit)",
  "abTest.modeHelp.manual": "The split stays as set until you make a variant the winner.",
  "abTest.modeHelp.auto":
    "Once a variant beats the others with the confidence below, after the minimum sample and duration, it gets all the traffic and you are told.",
  "abTest.modeHelp.bandit":
    "Traffic moves towards the variant doing best (at most once an hour); the winner then gets all the traffic, as in the automatic mode.",
  "abTest.confidence": "Confidence",
  "abTest.minSample": "Minimum views per variant",
  "abTest.minDays": "Minimum days",
  "abTest.holdout": "Holdout on an even split",
  "abTest.holdoutHelp": "This share of the traffic is always split evenly, so every variant keeps being measured.",
  "abTest.startedAt": "The test started on {date}; each variant counts from then.",
  "abTest.notStarted": "The test starts when the CTA is saved with two or more variants.",
  "abTest.decided": "The test is over: variant {letter} won",
  "abTest.decidedHelp": "It now gets all the traffic. Split the traffic evenly on the Results page to test again.",
  "abTest.resultsDecided": "Variant {letter} won the automatic test on {date} and now gets all the traffic.",
  "abTest.resultsCountedFrom": "Counted from the test's start ({date}), whatever period is shown.",
  "abTest.resultsMode.manual": "Manual",
  "abTest.resultsMode.auto": "Automatic",
  "abTest.resultsMode.bandit": "Bandit",
} as const;
