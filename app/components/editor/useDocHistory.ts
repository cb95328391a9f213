/** The editor's document with undo and redo (history.ts) and their keyboard shortcuts. */
import { useCallback, useEffect, useState } from "react";
import { record, redo, replacePresent, startHistory, undo, type History } from "./history";

type Update<T> = T | ((current: T) => T);

/** A document state whose edits can be undone and redone. */
export function useDocHistory<T>(initial: T) {
  const [history, setHistory] = useState<History<T>>(() => startHistory(initial));
  const setDoc = useCallback(
    (update: Update<T>) =>
      setHistory((h) =>
        record(h, typeof update === "function" ? (update as (c: T) => T)(h.present) : update, Date.now()),
      ),
    [],
  );
  const replace = useCallback((doc: T) => setHistory((h) => replacePresent(h, doc)), []);
  const onUndo = useCallback(() => setHistory(undo), []);
  const onRedo = useCallback(() => setHistory(redo), []);
  const canUndo = history.past.length > 0;
  const canRedo = history.future.length > 0;

  // Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z and Ctrl+Y undo the document even inside a
  // text field: the fields are controlled, so the browser's own undo stack
  // there does not match the document and would fight ours. With nothing to
  // undo the key is left to the browser.
  useEffect(() => {
    const onKey = (keyEvent: KeyboardEvent) => {
      if (!(keyEvent.ctrlKey || keyEvent.metaKey) || keyEvent.altKey) return;
      const key = keyEvent.key.toLowerCase();
      const wantsRedo = (key === "z" && keyEvent.shiftKey) || (key === "y" && keyEvent.ctrlKey && !keyEvent.shiftKey);
      const wantsUndo = key === "z" && !keyEvent.shiftKey;
      if (wantsUndo && canUndo) {
        keyEvent.preventDefault();
        onUndo();
      } else if (wantsRedo && canRedo) {
        keyEvent.preventDefault();
        onRedo();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [canUndo, canRedo, onUndo, onRedo]);

  return { doc: history.present, setDoc, replace, undo: onUndo, redo: onRedo, canUndo, canRedo };
}
