/**
 * The language of an admin document as a whole (its <html lang> and the root
 * error pages, which render outside every layout and loader): the request's
 * admin language on the server; in the browser it is read back from the
 * <html lang> the server wrote, so hydration renders the same words.
 */
import { createContext, useContext } from "react";
import { isLanguage, type Language } from "#contract/i18n";

/** Provided by entry.server.tsx while the document renders. */
export const DocumentLanguageContext = createContext<Language | undefined>(undefined);

/** This document's language. */
export function useDocumentLanguage(): Language {
  const rendered = useContext(DocumentLanguageContext);
  if (rendered !== undefined) return rendered;
  const lang = typeof document === "undefined" ? undefined : document.documentElement.lang;
  return isLanguage(lang) ? lang : "en";
}
