/**
 * A list the owner reorders by drag and drop (dnd-kit): sections of a step,
 * columns of a section, elements of a column. Each item gets a drag handle,
 * a button named "Move <item>" that works with a pointer and with the keyboard
 * (Space or Enter picks it up, the arrow keys move it, Space or Enter drops it,
 * Escape puts it back), and a screen reader hears each step in the admin's
 * language. The list only reports the move; the caller changes the document
 * (document.ts moveTo), so a move is one undo step like any other edit.
 */
import { useId, useRef, type CSSProperties, type ReactNode } from "react";
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useT } from "#app/i18n/useT";

export interface SortableListProps<T> {
  items: T[];
  /** An id per item that stays the same while it moves (the saved id; the index for unsaved items). */
  itemKey(item: T, index: number): string;
  /** The item in words, for its handle and the announcements ("element 2 (Button · Buy)"). */
  itemName(item: T, index: number): string;
  /** Called once per drop that changes the order. */
  onMove(from: number, to: number): void;
  /** "vertical" for a column of cards, "grid" for items side by side. */
  layout: "vertical" | "grid";
  /** Renders an item; `handle` is its drag handle, to put where the item's own buttons are. */
  children(item: T, index: number, handle: ReactNode): ReactNode;
}

/** The items in a drag and drop context of their own (lists nest: elements inside columns inside sections). */
export function SortableList<T>({ items, itemKey, itemName, onMove, layout, children }: SortableListProps<T>) {
  const translate = useT();
  // A stable id for SSR: dnd-kit's own counter differs between server and browser and breaks hydration.
  const id = useId();
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = items.map((item, i) => itemKey(item, i));
  const indexOf = (key: UniqueIdentifier | undefined) => (key === undefined ? -1 : keys.indexOf(String(key)));
  const nameOf = (key: UniqueIdentifier) => {
    const index = indexOf(key);
    return index < 0 ? "" : itemName(items[index], index);
  };
  const where = (key: UniqueIdentifier | undefined) => ({ position: indexOf(key) + 1, count: items.length });

  // dnd-kit reports "over" at once on pick-up (the item is over its own place):
  // announcing that would replace "Picked up" before it is read. Only a change of place is news.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return translate("editor.dnd.pickedUp", { name: nameOf(active.id), ...where(active.id) });
    },
    onDragOver: ({ active, over }) => {
      const overId = over?.id ?? null;
      if (overId === lastOver.current) return undefined;
      lastOver.current = overId;
      return overId !== null
        ? translate("editor.dnd.movedTo", { name: nameOf(active.id), ...where(overId) })
        : translate("editor.dnd.notOver", { name: nameOf(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      translate("editor.dnd.dropped", { name: nameOf(active.id), ...where(over?.id ?? active.id) }),
    onDragCancel: ({ active }) => translate("editor.dnd.cancelled", { name: nameOf(active.id), ...where(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = indexOf(active.id);
    const to = indexOf(over?.id);
    if (from >= 0 && to >= 0 && from !== to) onMove(from, to);
  };

  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: translate("editor.dnd.instructions") } }}
    >
      <SortableContext items={keys} strategy={layout === "grid" ? rectSortingStrategy : verticalListSortingStrategy}>
        {items.map((item, index) => (
          <SortableItem key={keys[index]} id={keys[index]} name={itemName(item, index)}>
            {(handle) => children(item, index, handle)}
          </SortableItem>
        ))}
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, name, children }: { id: string; name: string; children(handle: ReactNode): ReactNode }) {
  const translate = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: translate("editor.dnd.roleDescription") },
  });
  const style: CSSProperties = {
    // Translate only: scaling a card to its neighbour's height would squash its text while it moves.
    transform: CSS.Translate.toString(transform),
    transition,
    position: "relative",
    zIndex: isDragging ? 2 : undefined,
    opacity: isDragging ? 0.85 : undefined,
  };
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="bk-drag-handle"
      aria-label={translate("editor.dnd.move", { name })}
      {...attributes}
      {...listeners}
      style={HANDLE_STYLE}
    >
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
        {[5, 10, 15].flatMap((y) =>
          [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" fill="currentColor" />),
        )}
      </svg>
    </button>
  );
  return (
    <div ref={setNodeRef} style={style} data-sortable-item={id}>
      {children(handle)}
    </div>
  );
}

// Sized like Polaris' small icon buttons; the focus ring comes from the browser's :focus-visible outline.
const HANDLE_STYLE: CSSProperties = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: 28,
  minHeight: 28,
  padding: 4,
  border: "1px solid #8a8a8a",
  borderRadius: 8,
  background: "#fff",
  color: "#303030",
  cursor: "grab",
  touchAction: "none",
};
