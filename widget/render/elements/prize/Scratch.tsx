import { useEffect, useRef } from "#widget/render/kit";

/** Share of the card to scratch (in sampled points) before the rest clears on its own. */
const ENOUGH = 0.45;

/**
 * The scratch card's cover: a canvas over the prize that the pointer wipes
 * off; `onDone` runs once enough is gone. The Reveal button beside it (in
 * PrizeGameElement) does the same for keyboards and screen readers.
 */
export function ScratchCover({ label, onDone }: { label: string; onDone(): void }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current!;
    const pen = canvas.getContext("2d");
    if (!pen) return onDone();
    canvas.width = canvas.offsetWidth || 280;
    canvas.height = canvas.offsetHeight || 120;
    pen.fillStyle = "#9e9e9e";
    pen.fillRect(0, 0, canvas.width, canvas.height);
    pen.fillStyle = "#fff";
    pen.font = "16px sans-serif";
    pen.textAlign = "center";
    pen.fillText(label, canvas.width / 2, canvas.height / 2 + 5);
    pen.globalCompositeOperation = "destination-out";
    let down = false;
    let done = false;
    const wipe = (e: PointerEvent) => {
      if (!down || done) return;
      const box = canvas.getBoundingClientRect();
      pen.beginPath();
      pen.arc(e.clientX - box.left, e.clientY - box.top, 18, 0, 7);
      pen.fill();
      // Sampled every 8th pixel row and column: cheap enough to ask on every move.
      const data = pen.getImageData(0, 0, canvas.width, canvas.height).data;
      let clear = 0;
      let all = 0;
      for (let row = 0; row < canvas.height; row += 8)
        for (let col = 0; col < canvas.width; col += 8, all++) if (!data[(row * canvas.width + col) * 4 + 3]) clear++;
      if (clear / all >= ENOUGH) {
        done = true;
        onDone();
      }
    };
    const start = (e: PointerEvent) => {
      down = true;
      canvas.setPointerCapture?.(e.pointerId);
      wipe(e);
    };
    const stop = () => void (down = false);
    canvas.addEventListener("pointerdown", start);
    canvas.addEventListener("pointermove", wipe);
    canvas.addEventListener("pointerup", stop);
    canvas.addEventListener("pointercancel", stop);
    return () => {
      canvas.removeEventListener("pointerdown", start);
      canvas.removeEventListener("pointermove", wipe);
      canvas.removeEventListener("pointerup", stop);
      canvas.removeEventListener("pointercancel", stop);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- drawn once per card; onDone is stable for the card's life
  }, []);
  return <canvas ref={ref} className="bk-scratch-cover" aria-hidden="true" />;
}
