/**
 * The admin language in React: the layouts provide it, pages call useT().
 * Without a provider (a page rendered alone in a test) the admin speaks English.
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { translator, type Translate } from "./index";
import type { Language } from "#contract/i18n";

const I18nContext = createContext<{ lang: Language; t: Translate }>({ lang: "en", t: translator("en") });

/** Provides the admin language to the pages below. */
export function I18nProvider({ lang, children }: { lang: Language; children: ReactNode }) {
  const value = useMemo(() => ({ lang, t: translator(lang) }), [lang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The translator of the admin language, and the language. */
export function useT(): Translate & { lang: Language } {
  const { lang, t: translate } = useContext(I18nContext);
  // One function per language, not per render, so that hooks can list it among their dependencies.
  return useMemo(
    () =>
      Object.assign((key: Parameters<Translate>[0], values?: Parameters<Translate>[1]) => translate(key, values), {
        lang,
      }),
    [lang, translate],
  );
}
