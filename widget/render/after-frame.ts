/**
 * Calls `then` in a task after the next frame has rendered (a timeout where
 * frames do not run, as in background tabs); returns a cancel.
 *
 * What the browser must lay out anyway is then laid out in that frame's
 * rendering, not forced inside the widget's script: a CTA shown this way,
 * and a dialog focused this way, cost no synchronous style and layout.
 */
export function afterNextFrame(win: Window | null, then: () => void): () => void {
  const cancel = () => {
    clearTimeout(timer);
    if (frame) win!.cancelAnimationFrame(frame);
  };
  const run = () => {
    cancel();
    timer = setTimeout(then);
  };
  let timer = setTimeout(run, 100);
  const frame = win?.requestAnimationFrame?.(run);
  return cancel;
}
