/**
 * Typed style controls for a CTA, a section or column, and an element: they
 * write the same option keys the renderer reads (widget/render/styles.ts and
 * box-style.ts), so owners never need the JSON boxes for a look. Colours pair
 * a native colour picker with a hex field; text / background and button text
 * / button pairs get a WCAG AA contrast warning (and the button against the
 * CTA's background its 3:1 for controls), counting the renderer's
 * default for whichever side is unset. Every level also gets the box look:
 * text size, border, corner radius, shadow and background image.
 * Collapsed by default: most edits are content.
 */
import { useId, useState, type ReactNode } from "react";
import { Banner, BlockStack, Box, Button, FormLayout, InlineStack, Select, TextField } from "@shopify/polaris";
import { AA_NON_TEXT, AA_NORMAL, checkContrast, isHexColor, normalizeHex } from "#app/view/contrast";
import { BORDER_STYLES, isSafeImageUrl, PIXEL_RANGES, SHADOW_PRESETS } from "#contract/schema/option-keys";
import type { ElementType } from "#contract/schema/cta";
import { useT } from "#app/i18n/useT";
import { textOr } from "#app/i18n";
import { brandColoursOf, brandSwatches, useBrandColours, type BrandColour } from "./brand-colours-context";
import { JsonOptionsEditor } from "./JsonOptionsEditor";

/** The colours the renderer falls back to (widget/render/styles.ts ctaCss) when a CTA and its brand leave them unset. */
export const RENDER_DEFAULTS = {
  background: "#ffffff",
  text: "#1d2530",
  button: "#1f4fd6",
  buttonText: "#ffffff",
} as const;

/** What the renderer draws where a CTA leaves a colour unset: the brand's colour of that role, else its own default. */
export function drawnDefaults(brand: BrandColour[]): Record<keyof typeof RENDER_DEFAULTS, string> {
  const of = (name: string, fallback: string) => brand.find((colour) => colour.name === name)?.hex ?? fallback;
  return {
    background: of("background", RENDER_DEFAULTS.background),
    text: of("text", RENDER_DEFAULTS.text),
    button: of("primary", RENDER_DEFAULTS.button),
    buttonText: of("on-primary", RENDER_DEFAULTS.buttonText),
  };
}

/** Font families offered; the first is "the website's brand font, else the system font". Others load from Google Fonts. */
const FONTS = [
  "Arial",
  "Helvetica",
  "Georgia",
  "Verdana",
  "Tahoma",
  "Trebuchet MS",
  "Times New Roman",
  "Courier New",
  "Open Sans",
  "Roboto",
  "Lato",
  "Montserrat",
  "Poppins",
];

type Options = Record<string, unknown>;

interface ColorFieldProps {
  label: string;
  value: unknown;
  /** What the renderer uses when the field is empty (shown as the placeholder and picker colour). */
  fallback: string;
  onChange(value: string | undefined): void;
  error?: string;
}

/** A labelled hex field with a native colour picker beside it, and the website's brand colours as swatches below. */
export function ColorField({ label, value, fallback, onChange, error }: ColorFieldProps) {
  const translate = useT();
  const text = typeof value == "string" ? value : "";
  const local = text && !isHexColor(text) ? translate("style.hexHelp") : undefined;
  const field = (
    <InlineStack gap="200" blockAlign="end" wrap={false}>
      <input
        type="color"
        aria-label={translate("style.picker", { label })}
        value={normalizeHex(text) ?? fallback}
        onChange={(e) => onChange(e.currentTarget.value)}
        style={{
          inlineSize: 44,
          blockSize: 36,
          padding: 2,
          border: "1px solid #8a8a8a",
          borderRadius: 8,
          background: "transparent",
          cursor: "pointer",
        }}
      />
      <div style={{ flex: 1 }}>
        <TextField
          label={label}
          value={text}
          placeholder={fallback}
          onChange={(v) => onChange(v.trim() === "" ? undefined : v.trim())}
          autoComplete="off"
          maxLength={7}
          error={error ?? local}
        />
      </div>
    </InlineStack>
  );
  return (
    <BlockStack gap="100">
      {field}
      <BrandSwatches label={label} value={normalizeHex(text)} onPick={onChange} />
    </BlockStack>
  );
}

/** One button per brand colour: a click sets the field to it; the one in use is pressed. Nothing without brand colours. */
function BrandSwatches({ label, value, onPick }: { label: string; value: string | null; onPick(hex: string): void }) {
  const translate = useT();
  const colours = brandSwatches(useBrandColours());
  if (!colours.length) return null;
  return (
    <div role="group" aria-label={`${translate("style.brandColours")}: ${label}`}>
      {colours.map(({ name, hex }) => {
        const shown = textOr(translate, `style.brandName.${name}`, name);
        return (
          <button
            key={hex}
            type="button"
            aria-pressed={value === hex}
            aria-label={translate("style.useBrand", { name: shown, hex, label })}
            title={`${shown} ${hex}`}
            onClick={() => onPick(hex)}
            style={{
              display: "inline-flex",
              alignItems: "center",
              gap: 6,
              minBlockSize: 28,
              padding: "2px 8px 2px 4px",
              marginInlineEnd: 6,
              marginBlockEnd: 4,
              border: value === hex ? "2px solid #303030" : "1px solid #c9cccf",
              borderRadius: 14,
              background: "#ffffff",
              color: "#303030",
              font: "inherit",
              fontSize: 12,
              cursor: "pointer",
            }}
          >
            <span
              aria-hidden="true"
              style={{
                inlineSize: 18,
                blockSize: 18,
                borderRadius: "50%",
                background: hex,
                boxShadow: "inset 0 0 0 1px rgba(0,0,0,.25)",
              }}
            />
            {shown}
          </button>
        );
      })}
    </div>
  );
}

/** A Polaris warning when a text / background pair (or, `control`, a button against its surroundings) is below WCAG AA. */
export function ContrastWarning({
  foreground,
  background,
  what,
  control = false,
}: {
  foreground: string;
  background: string;
  what: string;
  control?: boolean;
}) {
  const translate = useT();
  const min = control ? AA_NON_TEXT : AA_NORMAL;
  const check = checkContrast(foreground, background, min);
  if (!check || check.passes) return null;
  const values = { what, ratio: check.shown, min: String(min) };
  return (
    <Banner tone="warning">
      <p>{translate(control ? "style.controlContrastLow" : "style.contrastLow", values)}</p>
    </Banner>
  );
}

/**
 * Contrast of the website's brand colours (settings: brand_colors primary,
 * on-primary, background, text), which the renderer uses wherever a CTA
 * leaves a colour unset.
 */
export function BrandContrast({ colors }: { colors: Record<string, string> }) {
  const translate = useT();
  const drawn = drawnDefaults(brandColoursOf(colors));
  return (
    <>
      <ContrastWarning
        foreground={drawn.text}
        background={drawn.background}
        what={translate("style.textOnBackground")}
      />
      <ContrastWarning
        foreground={drawn.buttonText}
        background={drawn.button}
        what={translate("style.buttonTextOnButton")}
      />
    </>
  );
}

/** The colour used: the option when it is a hex colour, else the fallback. */
const colorOf = (o: Options, key: string, fallback: string) => normalizeHex(o[key]) ?? fallback;

export type StyleLevel =
  | { kind: "cta"; ctaType: string; subtype?: string | null }
  | { kind: "section" }
  | { kind: "column" }
  | { kind: "element"; type: ElementType };

export interface StyleControlsProps {
  level: StyleLevel;
  options: Options;
  onChange(options: Options): void;
  /** The server error of one option key, if any. */
  errorFor(key: string): string | undefined;
  /** Names the card, so several "Style" buttons on a page stay distinct for screen readers. */
  owner: string;
}

const BORDER_LABELS = {
  solid: "style.borderSolid",
  dashed: "style.borderDashed",
  dotted: "style.borderDotted",
  double: "style.borderDouble",
} as const;
const SHADOW_LABELS = { small: "style.shadowSmall", medium: "style.shadowMedium", large: "style.shadowLarge" } as const;

/** The "Style" disclosure of a card. */
export function StyleControls({ level, options: options, onChange, errorFor, owner }: StyleControlsProps) {
  const translate = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const drawn = drawnDefaults(useBrandColours());
  const set = (key: string, value: unknown) => {
    const next = { ...options, [key]: value };
    if (value === undefined || value === "") delete next[key];
    onChange(next);
  };
  const color = (key: string, label: string, fallback: string) => (
    <ColorField
      label={label}
      value={options[key]}
      fallback={fallback}
      onChange={(v) => set(key, v)}
      error={errorFor(key)}
    />
  );
  const number = (
    key: string,
    label: string,
    more: { suffix?: string; min?: number; max?: number; placeholder?: string; helpText?: string } = {},
  ) => (
    <TextField
      label={label}
      type="number"
      min={PIXEL_RANGES[key]?.[0] ?? 0}
      max={PIXEL_RANGES[key]?.[1]}
      value={typeof options[key] == "number" ? String(options[key]) : ""}
      onChange={(v) => set(key, v === "" ? undefined : Number(v))}
      autoComplete="off"
      error={errorFor(key)}
      {...more}
    />
  );
  // A button element's colours are the button's own: unset, it shows the CTA's button colours.
  const isButton = level.kind === "element" && level.type === "button";
  const defaults = isButton ? { background: drawn.button, text: drawn.buttonText } : drawn;
  const bg = colorOf(options, "background-color", defaults.background);
  const fg = colorOf(options, "text-color", defaults.text);
  const borderStyle = typeof options["border-style"] == "string" ? options["border-style"] : "";
  const image = typeof options["background-image"] == "string" ? options["background-image"] : "";
  // Picking a style draws a 1 px border at once; "no border" removes the whole border.
  const setBorderStyle = (value: string) => {
    const next = { ...options };
    if (value)
      Object.assign(next, {
        "border-style": value,
        "border-width":
          typeof options["border-width"] == "number" && options["border-width"] > 0 ? options["border-width"] : 1,
      });
    else for (const key of ["border-style", "border-width", "border-color"]) delete next[key];
    onChange(next);
  };
  return (
    <BlockStack gap="200">
      <InlineStack>
        <Button
          disclosure={open ? "up" : "down"}
          onClick={() => setOpen(!open)}
          ariaExpanded={open}
          ariaControls={id}
          accessibilityLabel={translate("style.toggle", { owner })}
        >
          {translate("style.title")}
        </Button>
      </InlineStack>
      {open ? (
        <Box id={id} padding="300" borderWidth="025" borderColor="border" borderRadius="200">
          <BlockStack gap="300">
            <FormLayout>
              <FormLayout.Group>
                {color(
                  "background-color",
                  isButton ? translate("style.button") : translate("style.background"),
                  defaults.background,
                )}
                {color("text-color", isButton ? translate("style.buttonText") : translate("style.text"), defaults.text)}
              </FormLayout.Group>
              <ContrastWarning
                foreground={fg}
                background={bg}
                what={isButton ? translate("style.buttonTextOnButton") : translate("style.textOnBackground")}
              />
            </FormLayout>
            {level.kind === "cta" ? (
              <FormLayout>
                <FormLayout.Group>
                  {color("button-color", translate("style.button"), drawn.button)}
                  {color("button-text-color", translate("style.buttonText"), drawn.buttonText)}
                </FormLayout.Group>
                <ContrastWarning
                  foreground={colorOf(options, "button-text-color", drawn.buttonText)}
                  background={colorOf(options, "button-color", drawn.button)}
                  what={translate("style.buttonTextOnButton")}
                />
                {/* A button the colour of its bar or box is not seen as a button, whatever its text. */}
                <ContrastWarning
                  foreground={colorOf(options, "button-color", drawn.button)}
                  background={bg}
                  what={translate("style.buttonOnBackground")}
                  control
                />
                <Select
                  label={translate("style.font")}
                  helpText={translate("style.fontHelp")}
                  options={[
                    { label: translate("style.fontDefault"), value: "" },
                    ...FONTS.map((f) => ({ label: f, value: f })),
                  ]}
                  value={typeof options.font == "string" ? options.font : ""}
                  onChange={(v) => set("font", v)}
                  error={errorFor("font")}
                />
                {level.ctaType === "overlay" && level.subtype !== "splash"
                  ? number("width", translate("style.boxWidth"), { suffix: "px", placeholder: "600" })
                  : null}
                {level.ctaType === "hook" ? (
                  <Select
                    label={translate("style.hookPosition")}
                    options={[
                      { label: translate("style.right"), value: "right" },
                      { label: translate("style.left"), value: "left" },
                    ]}
                    value={options["hook-position"] === "left" ? "left" : "right"}
                    onChange={(v) => set("hook-position", v === "right" ? undefined : v)}
                  />
                ) : null}
              </FormLayout>
            ) : null}
            {level.kind === "section" || level.kind === "column" ? (
              <FormLayout>
                <FormLayout.Group>
                  {number("padding", translate("style.padding"), { suffix: "px", max: 200 })}
                  <Select
                    label={translate("style.align")}
                    options={[
                      { label: translate("style.alignDefault"), value: "" },
                      { label: translate("style.left"), value: "left" },
                      { label: translate("style.center"), value: "center" },
                      { label: translate("style.right"), value: "right" },
                    ]}
                    value={typeof options["text-align"] == "string" ? options["text-align"] : ""}
                    onChange={(v) => set("text-align", v)}
                    error={errorFor("text-align")}
                  />
                  {level.kind === "column"
                    ? number("width", translate("style.columnWidth"), { suffix: "%", max: 100 })
                    : null}
                </FormLayout.Group>
              </FormLayout>
            ) : null}
            {level.kind === "element" ? (
              <FormLayout>
                <FormLayout.Group>
                  {number("padding", translate("style.padding"), { suffix: "px" })}
                  {level.type === "image" || level.type === "logo"
                    ? number(level.type === "logo" ? "logo-width" : "width", translate("style.imageWidth"), {
                        suffix: "px",
                      })
                    : null}
                </FormLayout.Group>
              </FormLayout>
            ) : null}
            <FormLayout>
              <FormLayout.Group>
                {number("font-size", translate("style.fontSize"), {
                  suffix: "px",
                  placeholder: level.kind === "cta" ? "16" : undefined,
                })}
                {number("border-radius", translate("style.radius"), { suffix: "px" })}
                <Select
                  label={translate("style.shadow")}
                  options={[
                    { label: translate("style.shadowNone"), value: "" },
                    ...SHADOW_PRESETS.map((v) => ({ label: translate(SHADOW_LABELS[v]), value: v })),
                  ]}
                  value={typeof options.shadow == "string" ? options.shadow : ""}
                  onChange={(v) => set("shadow", v)}
                  error={errorFor("shadow")}
                />
              </FormLayout.Group>
              <FormLayout.Group>
                <Select
                  label={translate("style.borderStyle")}
                  options={[
                    { label: translate("style.borderNone"), value: "" },
                    ...BORDER_STYLES.map((v) => ({ label: translate(BORDER_LABELS[v]), value: v })),
                  ]}
                  value={borderStyle}
                  onChange={setBorderStyle}
                  error={errorFor("border-style")}
                />
                {borderStyle ? number("border-width", translate("style.borderWidth"), { suffix: "px" }) : null}
              </FormLayout.Group>
              {borderStyle ? color("border-color", translate("style.borderColor"), fg) : null}
              <TextField
                label={translate("style.backgroundImage")}
                helpText={translate("style.backgroundImageHelp")}
                type="url"
                value={image}
                placeholder="https://"
                onChange={(v) => set("background-image", v.trim() === "" ? undefined : v.trim())}
                autoComplete="off"
                error={
                  errorFor("background-image") ??
                  (image && !isSafeImageUrl(image) ? translate("style.backgroundImageInvalid") : undefined)
                }
              />
            </FormLayout>
          </BlockStack>
        </Box>
      ) : null}
    </BlockStack>
  );
}

export interface AdvancedOptionsProps {
  label: string;
  /** What the toggle says and its accessible name (default: options as JSON). */
  toggleText?: string;
  toggleLabel?: string;
  /** Raw inputs shown above the JSON box (a text element's HTML). */
  children?: ReactNode;
  helpText?: string;
  value: Options;
  onChange(next: Options): void;
  /** Server errors of the bag and of its keys (unknown keys are refused by name). */
  errors: string[];
  owner: string;
}

/** The raw JSON of an option bag (and any raw inputs given), behind an "Advanced" toggle; opens by itself when the server refused a key. */
export function AdvancedOptions({
  label,
  toggleText,
  toggleLabel,
  children,
  helpText,
  value,
  onChange,
  errors,
  owner,
}: AdvancedOptionsProps) {
  const translate = useT();
  const id = useId();
  const [open, setOpen] = useState(errors.length > 0);
  const shown = open || errors.length > 0;
  return (
    <BlockStack gap="200">
      <InlineStack>
        <Button
          variant="plain"
          disclosure={shown ? "up" : "down"}
          onClick={() => setOpen(!shown)}
          ariaExpanded={shown}
          ariaControls={id}
          accessibilityLabel={toggleLabel ?? translate("style.advancedToggle", { owner })}
        >
          {toggleText ?? translate("style.advanced")}
        </Button>
      </InlineStack>
      {shown ? (
        <div id={id}>
          {children ? <div style={{ marginBottom: 12 }}>{children}</div> : null}
          <JsonOptionsEditor
            label={label}
            helpText={helpText}
            value={value}
            onChange={onChange}
            error={errors.length ? errors.join(" · ") : undefined}
          />
        </div>
      ) : null}
    </BlockStack>
  );
}
