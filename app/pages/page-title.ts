/**
 * Browser-tab titles of the standalone admin in the owner's admin language.
 * A route's meta function cannot use React context; the owner layout's
 * loader (routes/owner) carries the language, so titles read it from there.
 */
import { translator, type Translate } from "#app/i18n";
import type { Language } from "#contract/i18n";

/** The owner layout's route id (app/routes/owner.tsx). */
const OWNER_LAYOUT = "routes/owner";

/** [{ title: "Anna · Contacts · Beckon" }]: the parts (empty ones dropped) in the admin language, then the product. */
export function ownerTitle(
  matches: readonly { id: string; data: unknown }[],
  parts: (t: Translate) => (string | null | undefined)[],
): { title: string }[] {
  const lang = (matches.find((m) => m.id === OWNER_LAYOUT)?.data as { lang?: Language } | undefined)?.lang ?? "en";
  return [{ title: [...parts(translator(lang)), "Beckon"].filter((p) => p && p.trim() !== "").join(" · ") }];
}
