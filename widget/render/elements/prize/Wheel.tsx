import type { PublicPrize } from "#contract/schema/prize-game";

/** Slice colours, alternating so neighbours differ; the owner's primary colour leads. */
const FILLS = ["var(--bk-primary,#1f4fd6)", "#f4b400", "#0f9d58", "#db4437"];

/** The angle (degrees, clockwise) that brings slice `index` of `count` under the pointer at the top, after whole turns. */
export function wheelAngle(index: number, count: number, turns = 5): number {
  const slice = 360 / count;
  return turns * 360 + 360 - (index + 0.5) * slice;
}

/**
 * The wheel (SVG, equal slices: the weights are the server's business and
 * are not drawn). It turns to `angle` by a CSS transition, or jumps there
 * when the visitor prefers reduced motion; `onStop` runs when it stands.
 */
export function Wheel({
  prizes,
  angle,
  still,
  onStop,
}: {
  prizes: PublicPrize[];
  angle: number;
  still: boolean;
  onStop(): void;
}) {
  const count = prizes.length;
  const radius = 100;
  const point = (deg: number) => {
    const rad = ((deg - 90) * Math.PI) / 180;
    return `${(radius + radius * Math.cos(rad)).toFixed(2)} ${(radius + radius * Math.sin(rad)).toFixed(2)}`;
  };
  const slice = 360 / count;
  // What fits between the hub and the rim (74 of 100 units) at the font size below.
  const max = count > 6 ? 16 : 13;
  return (
    <div className="bk-wheel" aria-hidden="true">
      <svg viewBox="0 0 200 200" role="presentation">
        <g
          className="bk-wheel-disc"
          style={{ transform: `rotate(${angle}deg)`, transition: still ? "none" : undefined }}
          onTransitionEnd={onStop}
        >
          {prizes.map((p, i) => {
            const mid = (i + 0.5) * slice;
            // The last slice never takes the first one's colour when they meet.
            const fill = FILLS[(count > 1 && i === count - 1 && i % FILLS.length === 0 ? 1 : i) % FILLS.length];
            return (
              <g key={p.id}>
                {count === 1 ? (
                  <circle cx={radius} cy={radius} r={radius} fill={fill} />
                ) : (
                  <path
                    d={`M${radius} ${radius}L${point(i * slice)}A${radius} ${radius} 0 ${slice > 180 ? 1 : 0} 1 ${point((i + 1) * slice)}Z`}
                    fill={fill}
                  />
                )}
                {/* Along the slice's middle, from the rim inwards, so a label has the slice's length, not its width.
                    SVG's own attribute names: the renderer is plain Preact, which passes camelCase names through. */}
                <text
                  x={radius + 88}
                  y={radius}
                  transform={`rotate(${mid - 90} ${radius} ${radius})`}
                  text-anchor="end"
                  dominant-baseline="central"
                  font-size={count > 6 ? 8 : 10}
                  fill="#fff"
                >
                  {p.label.length > max ? p.label.slice(0, max - 1) + "…" : p.label}
                </text>
              </g>
            );
          })}
        </g>
        <circle cx={radius} cy={radius} r={12} fill="#fff" stroke="#111" />
        <path d="M92 0h16l-8 18z" fill="#111" />
      </svg>
    </div>
  );
}
