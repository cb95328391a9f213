/**
 * The website's brand colours (Settings: brand_colors), offered as swatches
 * beside every colour field of the editor, so an owner picks "primary"
 * rather than typing its hex code. Provided by the CTA editor from the
 * preview's config.
 */
import { createContext, useContext } from "react";
import { normalizeHex } from "#app/view/contrast";

/** A named brand colour, its hex code normalised (#rrggbb). */
export interface BrandColour {
  name: string;
  hex: string;
}

/** The website's named brand colours, in the order the owner set them: valid hex codes only, names trimmed. */
export function brandColoursOf(colors: Record<string, unknown> | null | undefined): BrandColour[] {
  const list: BrandColour[] = [];
  for (const [name, value] of Object.entries(colors ?? {})) {
    const hex = normalizeHex(value);
    if (hex && name.trim()) list.push({ name: name.trim().slice(0, 50), hex });
  }
  return list;
}

/** At most this many swatches: a settings page may hold more rows than a field has room for. */
export const MAX_BRAND_SWATCHES = 8;

/** The swatches a colour field offers: each colour once (by its first name), at most MAX_BRAND_SWATCHES. */
export function brandSwatches(colours: BrandColour[]): BrandColour[] {
  const seen = new Set<string>();
  return colours.filter(({ hex }) => !seen.has(hex) && seen.add(hex)).slice(0, MAX_BRAND_SWATCHES);
}

const BrandColoursContext = createContext<BrandColour[]>([]);

export const BrandColoursProvider = BrandColoursContext.Provider;

/** The brand colours to offer; none outside an editor that provides them. */
export function useBrandColours(): BrandColour[] {
  return useContext(BrandColoursContext);
}
