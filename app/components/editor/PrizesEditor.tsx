/**
 * The prizes of a prize wheel or scratch card (contract/schema/prize-game.ts)
 * as a table: label, kind, code, weight (with the chance it gives), limit,
 * and a remove button per row; "Add prize" below. The owner never writes
 * JSON; the schema's messages show at the field they are about.
 */
import { BlockStack, Button, Checkbox, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import type { CtaElement } from "#contract/schema/cta";
import {
  MAX_PRIZES,
  PRIZE_KINDS,
  isPrizeGame,
  prizeHasCode,
  type Prize,
  type PrizeKind,
} from "#contract/schema/prize-game";
import { useT } from "#app/i18n/useT";

/** A new prize's id: the first p{n} the element does not use yet (wins are counted per id). */
export function newPrizeId(prizes: { id?: unknown }[]): string {
  const taken = new Set(prizes.map((p) => p.id));
  let number = prizes.length + 1;
  while (taken.has(`p${number}`)) number++;
  return `p${number}`;
}

export function PrizesEditor({
  element,
  onChange,
  errorFor,
}: {
  element: CtaElement;
  onChange(el: CtaElement): void;
  /** The validation message at a path under options.prizes ([2, "weight"]), if any. */
  errorFor(path: (string | number)[]): string | undefined;
}) {
  const translate = useT();
  if (!isPrizeGame(element.element_type)) return null;
  const options = element.options as Record<string, unknown>;
  const prizes = (Array.isArray(options.prizes) ? options.prizes : []) as Prize[];
  const write = (next: Prize[]) => onChange({ ...element, options: { ...options, prizes: next } });
  const setPrize = (index: number, change: Partial<Prize>) =>
    write(prizes.map((p, i) => (i === index ? dropEmpty({ ...p, ...change }) : p)));
  const total = prizes.reduce((sum, p) => sum + (Number.isInteger(p.weight) && p.weight > 0 ? p.weight : 0), 0);
  const whole = (value: string) => (value.trim() === "" ? undefined : Number(value));
  const check = (key: string, label: string) => (
    <Checkbox
      label={label}
      checked={options[key] === true}
      onChange={(v) => onChange({ ...element, options: { ...options, [key]: v } })}
    />
  );
  return (
    <BlockStack gap="300">
      <Text as="h4" variant="headingSm">
        {translate("prizes.heading")}
      </Text>
      <FormLayout>
        <TextField
          label={translate("editorUi.buttonText")}
          value={typeof options["button-text"] == "string" ? options["button-text"] : ""}
          placeholder={translate(element.element_type === "prize_wheel" ? "prizes.spin" : "prizes.reveal")}
          onChange={(v) => {
            const next: Record<string, unknown> = { ...options, "button-text": v };
            if (v === "") delete next["button-text"];
            onChange({ ...element, options: next });
          }}
          autoComplete="off"
        />
        {check("show-privacy-consent", translate("editorUi.privacyConsent"))}
        {check("show-marketing-consent", translate("editorUi.marketingConsent"))}
      </FormLayout>
      <Text as="p" tone="subdued">
        {translate("prizes.help")}
      </Text>
      <table style={{ width: "100%", borderSpacing: "4px" }}>
        <caption>
          <Text as="span" visuallyHidden>
            {translate("prizes.heading")}
          </Text>
        </caption>
        <thead>
          <tr>
            {(["label", "kind", "code", "weight", "chance", "limit"] as const).map((key) => (
              <th key={key} scope="col" style={{ textAlign: "left" }}>
                {translate(`prizes.${key}`)}
              </th>
            ))}
            <th scope="col">
              <Text as="span" visuallyHidden>
                {translate("prizes.remove")}
              </Text>
            </th>
          </tr>
        </thead>
        <tbody>
          {prizes.map((prize, index) => {
            const row = translate("prizes.row", { n: index + 1 });
            return (
              <tr key={prize.id ?? index}>
                <td>
                  <TextField
                    label={`${translate("prizes.label")} (${row})`}
                    labelHidden
                    value={prize.label ?? ""}
                    maxLength={60}
                    onChange={(label) => setPrize(index, { label })}
                    error={errorFor([index, "label"])}
                    autoComplete="off"
                  />
                </td>
                <td>
                  <Select
                    label={`${translate("prizes.kind")} (${row})`}
                    labelHidden
                    options={PRIZE_KINDS.map((kind) => ({ label: translate(`prizes.kind.${kind}`), value: kind }))}
                    value={prize.kind}
                    onChange={(kind) => setPrize(index, { kind: kind as PrizeKind })}
                    error={errorFor([index, "kind"])}
                  />
                </td>
                <td>
                  {prizeHasCode(prize.kind) ? (
                    <TextField
                      label={`${translate("prizes.code")} (${row})`}
                      labelHidden
                      value={prize.code ?? ""}
                      onChange={(code) => setPrize(index, { code })}
                      error={errorFor([index, "code"])}
                      autoComplete="off"
                      monospaced
                    />
                  ) : null}
                </td>
                <td>
                  <TextField
                    label={`${translate("prizes.weight")} (${row})`}
                    labelHidden
                    type="number"
                    min={1}
                    value={prize.weight === undefined ? "" : String(prize.weight)}
                    onChange={(v) => setPrize(index, { weight: whole(v) as number })}
                    error={errorFor([index, "weight"])}
                    autoComplete="off"
                  />
                </td>
                <td>{total && prize.weight > 0 ? `${Math.round((prize.weight / total) * 1000) / 10} %` : "–"}</td>
                <td>
                  <TextField
                    label={`${translate("prizes.limit")} (${row})`}
                    labelHidden
                    type="number"
                    min={1}
                    placeholder={translate("prizes.noLimit")}
                    value={prize.limit == null ? "" : String(prize.limit)}
                    onChange={(v) => setPrize(index, { limit: whole(v) ?? null })}
                    error={errorFor([index, "limit"])}
                    autoComplete="off"
                  />
                </td>
                <td>
                  <Button
                    variant="plain"
                    tone="critical"
                    onClick={() => write(prizes.filter((_, i) => i !== index))}
                    accessibilityLabel={translate("prizes.removeNamed", { name: prize.label || row })}
                  >
                    {translate("prizes.remove")}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {errorFor([]) ? (
        <Text as="p" tone="critical">
          {errorFor([])}
        </Text>
      ) : null}
      <div>
        <Button
          disabled={prizes.length >= MAX_PRIZES}
          onClick={() =>
            write([
              ...prizes,
              { id: newPrizeId(prizes), label: translate("prizes.newLabel"), kind: "no_luck", weight: 1 },
            ])
          }
        >
          {translate("prizes.add")}
        </Button>
      </div>
    </BlockStack>
  );
}

/** A prize without empty code or limit keys (the schema takes absent, not "", for "none"). */
function dropEmpty(prize: Prize): Prize {
  const next = { ...prize };
  if (!next.code) delete next.code;
  if (next.limit == null) delete next.limit;
  if (!prizeHasCode(next.kind)) delete next.code;
  return next;
}
