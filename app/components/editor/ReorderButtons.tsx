/** The ↑, ↓ and Remove buttons of one item in an ordered list of the editor (a form's fields, an element's action groups). */
import { Button } from "@shopify/polaris";
import { useT } from "~/i18n/useT";

/** Moves the item named `label` up or down among `count` items, or removes it. */
export function ReorderButtons(props: {
  label: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const { label } = props;
  return (
    <>
      <Button
        onClick={() => props.onMove(-1)}
        disabled={props.index === 0}
        accessibilityLabel={t("editorUi.moveUp", { label })}
      >
        ↑
      </Button>
      <Button
        onClick={() => props.onMove(1)}
        disabled={props.index === props.count - 1}
        accessibilityLabel={t("editorUi.moveDown", { label })}
      >
        ↓
      </Button>
      <Button
        tone="critical"
        variant="plain"
        onClick={props.onRemove}
        accessibilityLabel={t("productPicker.removeNamed", { name: label })}
      >
        {t("productPicker.remove")}
      </Button>
    </>
  );
}
