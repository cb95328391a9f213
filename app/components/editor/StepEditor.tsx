/** One step of a variant (SPEC 3 Step): its name, sections, what happens after it converts, and its script. */
import { BlockStack, Button, Card, Divider, FormLayout, InlineStack, Text, TextField } from "@shopify/polaris";
import type { CtaStep } from "#contract/schema/cta";
import { ActionGroupsEditor } from "./ActionGroupsEditor";
import { moveTo, newSection, newElement, removeAt, renumber, type Path } from "./document";
import { useError } from "./errors";
import { SectionEditor } from "./SectionEditor";
import { SortableList } from "./SortableList";
import { useT } from "#app/i18n/useT";

export interface StepEditorProps {
  step: CtaStep;
  onChange(step: CtaStep): void;
  path: Path;
  /** Every step of the variant, for "go to step" confirmations. */
  steps: { position: number; name: string }[];
  ctaOptions: { id: number; name: string }[];
}

/** The step's editor card. */
export function StepEditor({ step, onChange, path, steps, ctaOptions }: StepEditorProps) {
  const translate = useT();
  const nameError = useError([...path, "options", "name"]);
  const scriptError = useError([...path, "options", "script"]);
  const sections = step.sections;
  const stepName = step.options.name || translate("editorUi.stepN", { n: step.position + 1 });
  return (
    <Card>
      <BlockStack gap="400">
        <FormLayout>
          <FormLayout.Group>
            <TextField
              label={translate("editorUi.stepName")}
              value={step.options.name ?? ""}
              onChange={(name) => onChange({ ...step, options: { ...step.options, name } })}
              autoComplete="off"
              error={nameError}
            />
          </FormLayout.Group>
        </FormLayout>
        <BlockStack gap="300">
          {sections.length === 0 ? (
            <Text as="p" tone="subdued">
              {translate("editorUi.stepEmpty")}
            </Text>
          ) : null}
          <SortableList
            items={sections}
            layout="vertical"
            itemKey={(s, i) => (s.id != null ? `section-${s.id}` : `new-section-${i}`)}
            itemName={(_, i) => translate("editor.dnd.sectionName", { n: i + 1 })}
            onMove={(from, to) => onChange({ ...step, sections: moveTo(sections, from, to) })}
          >
            {(stepItem, index, handle) => (
              <SectionEditor
                section={stepItem}
                index={index}
                handle={handle}
                path={[...path, "sections", index]}
                steps={steps}
                ctaOptions={ctaOptions}
                onChange={(next) => onChange({ ...step, sections: sections.map((x, j) => (j === index ? next : x)) })}
                onRemove={() => onChange({ ...step, sections: removeAt(sections, index) })}
              />
            )}
          </SortableList>
          <InlineStack>
            <Button
              onClick={() =>
                onChange({
                  ...step,
                  sections: renumber([...sections, newSection(sections.length, [newElement("text")])]),
                })
              }
            >
              {translate("editorUi.addSection")}
            </Button>
          </InlineStack>
        </BlockStack>
        <Divider />
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            {translate("editorUi.afterConverts", { step: stepName })}
          </Text>
          <Text as="p" tone="subdued">
            {translate("editorUi.afterConvertsHelp")}
          </Text>
          <ActionGroupsEditor
            groups={step.action_groups}
            onChange={(action_groups) => onChange({ ...step, action_groups })}
            path={[...path, "action_groups"]}
            owner={stepName}
            steps={steps}
            ctaOptions={ctaOptions}
          />
        </BlockStack>
        <TextField
          label={translate("editorUi.stepScript")}
          value={step.options.script ?? ""}
          onChange={(script) =>
            onChange({ ...step, options: { ...step.options, script: script === "" ? undefined : script } })
          }
          multiline={2}
          monospaced
          autoComplete="off"
          error={scriptError}
        />
      </BlockStack>
    </Card>
  );
}
