/**
 * Colour contrast per WCAG 2.x (relative luminance, contrast ratio), used by
 * the editor to warn an owner before a CTA ships text nobody can read. Pure:
 * no DOM, so the same numbers come out in tests, on the server and in the
 * browser.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** WCAG AA for normal-size text. */
export const AA_NORMAL = 4.5;

/** WCAG AA for a control against what is around it (1.4.11 non-text contrast): a button against its bar or box. */
export const AA_NON_TEXT = 3;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Whether a value is a #rgb or #rrggbb colour (the only form the style controls write). */
export const isHexColor = (value: unknown): value is string => typeof value == "string" && HEX.test(value.trim());

/** Parses #rgb / #rrggbb; null for anything else (named colours, rgb(), garbage). */
export function parseHex(value: unknown): Rgb | null {
  if (!isHexColor(value)) return null;
  let hex = value.trim().slice(1);
  if (hex.length === 3) hex = hex.replace(/./g, (c) => c + c);
  const packed = parseInt(hex, 16);
  return { r: (packed >> 16) & 255, g: (packed >> 8) & 255, b: packed & 255 };
}

/** Normalises #ABC to #aabbcc (what `<input type="color">` needs); null when not a hex colour. */
export function normalizeHex(value: unknown): string | null {
  const rgb = parseHex(value);
  if (!rgb) return null;
  return "#" + [rgb.r, rgb.g, rgb.b].map((c) => c.toString(16).padStart(2, "0")).join("");
}

const channel = (c: number) => {
  const scaled = c / 255;
  return scaled <= 0.04045 ? scaled / 12.92 : ((scaled + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance (WCAG 2.x definition), 0 for black to 1 for white. */
export const luminance = ({ r, g, b }: Rgb): number => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** Contrast ratio of two colours, 1 to 21; null when either is not a hex colour. */
export function contrastRatio(first: unknown, second: unknown): number | null {
  const firstRgb = parseHex(first);
  const secondRgb = parseHex(second);
  if (!firstRgb || !secondRgb) return null;
  const [hi, lo] = [luminance(firstRgb), luminance(secondRgb)].sort((p, q) => q - p);
  return (hi + 0.05) / (lo + 0.05);
}

/** Rounds down to one decimal, so 4.49 shows as 4.4 and never as a passing "4.5". */
export const formatRatio = (ratio: number): string => (Math.floor(ratio * 10) / 10).toFixed(1);

export interface ContrastCheck {
  ratio: number;
  /** The ratio as shown, e.g. "2.1". */
  shown: string;
  passes: boolean;
}

/** Checks a foreground / background pair against AA; null when a colour is unknown. */
export function checkContrast(foreground: unknown, background: unknown, minimum = AA_NORMAL): ContrastCheck | null {
  const ratio = contrastRatio(foreground, background);
  if (ratio === null) return null;
  return { ratio, shown: formatRatio(ratio), passes: ratio >= minimum };
}
