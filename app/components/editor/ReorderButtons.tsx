/** The ↑, ↓ and Remove buttons of one item in an ordered list of the editor (a form's fields, an element's action groups). */
import { Button } from "@shopify/polaris";
import { useT } from "#app/i18n/useT";

/** Moves the item named `label` up or down among `count` items, or removes it. */
export function ReorderButtons(props: {
  label: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const translate = useT();
  const { label } = props;
  return (
    <>
      <Button
        onClick={() => props.onMove(-1)}
        disabled={props.index === 0}
        accessibilityLabel={translate("editorUi.moveUp", { label })}
      >
        ↑
      </Button>
      <Button
        onClick={() => props.onMove(1)}
        disabled={props.index === props.count - 1}
        accessibilityLabel={translate("editorUi.moveDown", { label })}
      >
        ↓
      </Button>
      <Button
        tone="critical"
        variant="plain"
        onClick={props.onRemove}
        accessibilityLabel={translate("productPicker.removeNamed", { name: label })}
      >
        {translate("productPicker.remove")}
      </Button>
    </>
  );
}
