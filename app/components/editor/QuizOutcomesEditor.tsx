/**
 * A quiz's outcomes (contract/schema/quiz-outcomes.ts) without JSON: the
 * outcomes with their titles and result steps ("Add outcome" also adds the
 * step that shows it: its title, a line of text, and products on a store or
 * a link elsewhere), a table of answers against outcomes (points per cell,
 * tags per answer), and how the outcome is chosen (most points, or rules
 * first). The schema's messages show at the field they are about.
 */
import { BlockStack, Button, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import type { CtaElement } from "#contract/schema/cta";
import {
  MAX_OUTCOME_RULES,
  MAX_OUTCOME_TITLE,
  MAX_OUTCOMES,
  type OutcomeMode,
  type OutcomeRule,
  type QuizOutcome,
} from "#contract/schema/quiz-outcomes";
import { useT } from "#app/i18n/useT";
import { CommitTextField } from "./CommitTextField";
import type { Path } from "./document";
import {
  addQuizOutcome,
  hasChoices,
  removeQuizOutcome,
  renameQuizOutcome,
  ruleList,
  setAnswerPoints,
  setAnswerTags,
  updateQuizOutcome,
  withRules,
} from "./quiz-outcome-edits";
import { choiceName, fieldTitle } from "./FieldsEditor";
import { useStoreProducts } from "./store-products-context";
import { useVariantEdit } from "./variant-edit-context";

export interface QuizOutcomesEditorProps {
  element: CtaElement;
  onChange(el: CtaElement): void;
  /** The element's path in the document (["variants", v, "steps", s, …]). */
  path: Path;
  steps: { position: number; name: string }[];
  /** The validation message at a path under the element, if any. */
  errorFor(path: Path): string | undefined;
}

const NO_STEP = "";

export function QuizOutcomesEditor({ element, onChange, path, steps, errorFor }: QuizOutcomesEditorProps) {
  const translate = useT();
  const editVariant = useVariantEdit();
  const products = useStoreProducts();
  const isStore = !!products && (products.surface === "shopify" || !!products.searchUrl);
  const outcomes = (Array.isArray(element.options.outcomes) ? element.options.outcomes : []) as QuizOutcome[];
  const mode: OutcomeMode = element.options["outcome-mode"] === "rules" ? "rules" : "highest";
  const rules = ruleList(element);
  const questions = element.fields
    .map((field, index) => ({ field, index }))
    .filter(({ field }) => hasChoices(field) && field.field_options.length > 0);

  const stepNameOf = (title: string) => translate("quizOutcomes.stepName", { title });
  const add = () => {
    const title = translate("quizOutcomes.newTitle", { n: outcomes.length + 1 });
    editVariant?.(
      (variant) =>
        addQuizOutcome(
          variant,
          path.slice(2),
          {
            title,
            stepName: stepNameOf(title),
            body: translate(isStore ? "quizOutcomes.stepBodyStore" : "quizOutcomes.stepBodyLinks"),
            linkText: translate("quizOutcomes.stepLink"),
          },
          isStore,
        ).variant,
    );
  };
  const setMode = (next: string) => {
    const options: Record<string, unknown> = { ...element.options, "outcome-mode": next };
    if (next === "highest") delete options["outcome-mode"];
    onChange({ ...element, options });
  };
  const setRule = (index: number, change: Partial<OutcomeRule>) =>
    onChange(
      withRules(
        element,
        rules.map((r, i) => (i === index ? { ...r, ...change } : r)),
      ),
    );
  const stepChoices = [
    { label: translate("quizOutcomes.noStep"), value: NO_STEP },
    ...steps.map((s) => ({ label: s.name, value: String(s.position) })),
  ];
  const outcomeChoices = outcomes.map((o) => ({ label: o.title || o.id, value: o.id }));

  return (
    <BlockStack gap="300">
      <Text as="h4" variant="headingSm">
        {translate("quizOutcomes.heading")}
      </Text>
      <Text as="p" tone="subdued">
        {translate("quizOutcomes.help")}
      </Text>
      {outcomes.map((outcome, index) => (
        <InlineStack key={outcome.id} gap="200" blockAlign="end" wrap>
          <div style={{ flex: "1 1 200px" }}>
            <TextField
              label={translate("quizOutcomes.title", { n: index + 1 })}
              value={outcome.title ?? ""}
              maxLength={MAX_OUTCOME_TITLE}
              onChange={(title) =>
                editVariant
                  ? editVariant((variant) => renameQuizOutcome(variant, path.slice(2), outcome.id, title, stepNameOf))
                  : onChange(updateQuizOutcome(element, outcome.id, { title }))
              }
              error={errorFor(["options", "outcomes", index, "title"])}
              autoComplete="off"
            />
          </div>
          <div style={{ flex: "1 1 200px" }}>
            <Select
              label={translate("quizOutcomes.resultStep", { title: outcome.title || outcome.id })}
              options={stepChoices}
              value={outcome.step == null ? NO_STEP : String(outcome.step)}
              onChange={(v) =>
                onChange(updateQuizOutcome(element, outcome.id, { step: v === NO_STEP ? null : Number(v) }))
              }
              error={errorFor(["options", "outcomes", index, "step"])}
            />
          </div>
          <Button
            variant="plain"
            tone="critical"
            onClick={() => onChange(removeQuizOutcome(element, outcome.id))}
            accessibilityLabel={translate("quizOutcomes.removeNamed", { name: outcome.title || outcome.id })}
          >
            {translate("quizOutcomes.remove")}
          </Button>
        </InlineStack>
      ))}
      {errorFor(["options", "outcomes"]) ? (
        <Text as="p" tone="critical">
          {errorFor(["options", "outcomes"])}
        </Text>
      ) : null}
      <InlineStack>
        <Button onClick={add} disabled={!editVariant || outcomes.length >= MAX_OUTCOMES}>
          {translate("quizOutcomes.add")}
        </Button>
      </InlineStack>
      {outcomes.length > 0 && questions.length > 0 ? (
        <div style={{ overflowX: "auto" }}>
          <table style={{ borderSpacing: "4px", minWidth: "100%" }} data-outcome-table>
            <caption style={{ textAlign: "left" }}>
              <Text as="span" variant="bodySm" tone="subdued">
                {translate("quizOutcomes.tableCaption")}
              </Text>
            </caption>
            <thead>
              <tr>
                <th scope="col" style={{ textAlign: "left" }}>
                  {translate("quizOutcomes.answer")}
                </th>
                {outcomes.map((o) => (
                  <th key={o.id} scope="col" style={{ textAlign: "left", minWidth: "80px" }}>
                    {o.title || o.id}
                  </th>
                ))}
                <th scope="col" style={{ textAlign: "left", minWidth: "140px" }}>
                  {translate("quizOutcomes.tags")}
                </th>
              </tr>
            </thead>
            {questions.map(({ field, index: fi }) => (
              <tbody key={field.id ?? field.slug}>
                <tr>
                  <th colSpan={outcomes.length + 2} scope="colgroup" style={{ textAlign: "left", paddingTop: "8px" }}>
                    {fieldTitle(field)}
                  </th>
                </tr>
                {field.field_options.map((option, oi) => {
                  const answer = choiceName(option, oi, translate);
                  return (
                    <tr key={`${option.value}-${oi}`}>
                      <th scope="row" style={{ textAlign: "left", fontWeight: "normal" }}>
                        {answer}
                      </th>
                      {outcomes.map((o) => (
                        <td key={o.id}>
                          <CommitTextField
                            label={translate("quizOutcomes.pointsFor", {
                              outcome: o.title || o.id,
                              answer,
                              question: fieldTitle(field),
                            })}
                            labelHidden
                            inputMode="numeric"
                            placeholder="0"
                            text={option.outcomes?.[o.id] ? String(option.outcomes[o.id]) : ""}
                            onCommit={(v) =>
                              onChange(setAnswerPoints(element, fi, oi, o.id, v.trim() === "" ? undefined : Number(v)))
                            }
                            error={errorFor(["fields", fi, "field_options", oi, "outcomes", o.id])}
                          />
                        </td>
                      ))}
                      <td>
                        <CommitTextField
                          label={translate("quizOutcomes.tagsFor", { answer, question: fieldTitle(field) })}
                          labelHidden
                          placeholder={translate("quizOutcomes.tagsPlaceholder")}
                          text={(option.tags ?? []).join(", ")}
                          onCommit={(v) => onChange(setAnswerTags(element, fi, oi, v))}
                          error={errorFor(["fields", fi, "field_options", oi, "tags"])}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            ))}
          </table>
        </div>
      ) : null}
      {outcomes.length > 0 ? (
        <BlockStack gap="200">
          <Select
            label={translate("quizOutcomes.mode")}
            options={[
              { label: translate("quizOutcomes.mode.highest"), value: "highest" },
              { label: translate("quizOutcomes.mode.rules"), value: "rules" },
            ]}
            value={mode}
            onChange={setMode}
            helpText={translate(mode === "rules" ? "quizOutcomes.mode.rulesHelp" : "quizOutcomes.mode.highestHelp")}
          />
          {mode === "rules" ? (
            <BlockStack gap="200">
              {rules.map((rule, index) => {
                const field = element.fields.find((f) => f.slug === rule.field);
                const at = ["options", "outcome-rules", index];
                const number = index + 1;
                return (
                  <InlineStack key={index} gap="200" blockAlign="end" wrap>
                    <Select
                      label={translate("quizOutcomes.rule.question", { n: number })}
                      options={questions.map(({ field: q }) => ({ label: fieldTitle(q), value: q.slug }))}
                      value={rule.field}
                      onChange={(slug) => {
                        const first = element.fields.find((f) => f.slug === slug)?.field_options[0]?.value ?? "";
                        setRule(index, { field: slug, value: first });
                      }}
                      error={errorFor([...at, "field"])}
                    />
                    <Select
                      label={translate("quizOutcomes.rule.answer", { n: number })}
                      options={(field?.field_options ?? []).map((o, oi) => ({
                        label: choiceName(o, oi, translate),
                        value: o.value,
                      }))}
                      value={rule.value}
                      onChange={(value) => setRule(index, { value })}
                      error={errorFor([...at, "value"])}
                    />
                    <Select
                      label={translate("quizOutcomes.rule.outcome", { n: number })}
                      options={outcomeChoices}
                      value={rule.outcome}
                      onChange={(outcome) => setRule(index, { outcome })}
                      error={errorFor([...at, "outcome"])}
                    />
                    <Button
                      variant="plain"
                      tone="critical"
                      onClick={() =>
                        onChange(
                          withRules(
                            element,
                            rules.filter((_, i) => i !== index),
                          ),
                        )
                      }
                      accessibilityLabel={translate("quizOutcomes.rule.removeNamed", { n: number })}
                    >
                      {translate("quizOutcomes.remove")}
                    </Button>
                  </InlineStack>
                );
              })}
              <InlineStack>
                <Button
                  disabled={questions.length === 0 || rules.length >= MAX_OUTCOME_RULES}
                  onClick={() => {
                    const first = questions[0].field;
                    const rule = { field: first.slug, value: first.field_options[0].value, outcome: outcomes[0].id };
                    onChange(withRules(element, [...rules, rule]));
                  }}
                >
                  {translate("quizOutcomes.rule.add")}
                </Button>
              </InlineStack>
            </BlockStack>
          ) : null}
        </BlockStack>
      ) : null}
    </BlockStack>
  );
}
