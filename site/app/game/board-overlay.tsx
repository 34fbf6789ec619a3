// What changes over the canvas, as DOM positioned from the layout maths: whose turn, the clock and
// the rings (board-hud.tsx, the art's hud layer), the die in the centre (it tumbles on the motion's
// clock and lands on the rolled face), the caption and the line of each reveal, "Six! Roll again",
// the price tag at the landing tile, a bought truck driving from the dealer into its yard, and the
// amounts that float from the board to the players' chips. All of it changes in the same render as
// the panels beside the board. The markers `data-motion-phase` (the playing step, or idle, with
// `data-step-ends`, when it ends on the page's clock), `data-die-face` (the face shown) and
// `data-hud-turn` (whose turn the hud names) let tests and other readers wait on what the board
// shows.
import { boardLayout, type BoardLayout, type Point } from '#site/shared/art/geometry.ts';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { RoomView } from '#game/protocol.ts';
import { pipsOf } from '#site/shared/art/die.ts';
import { purchaseDrive } from '#site/shared/art/purchase-drive.ts';
import { boardModel } from '#site/shared/art/model.ts';
import { TRUCK_UNITS } from '#site/shared/art/truck.ts';
import { BoardHud, readTextScale } from './board-hud';
import { tumbleFace, type Float, type MotionStep, type Reveal, type Spot } from './motion-plan';
import { playerHex } from './palette';
import type { PlayingStep } from './reveal-queue';

export interface OverlayProps {
  /** The room as the board shows it. */
  view: RoomView;
  size: number;
  /** The playing reveal and its step, or null. */
  playing: { reveal: Reveal; step: PlayingStep } | null;
  die: {
    face: number | null;
    nonce: number | null;
    tumble: { startedAt: number; ms: number } | null;
  };
  /** The last reveal's line, or null. */
  line: { id: string; text: string } | null;
  /** The player looking at the board (their own rolls are "You"). */
  me: string | null;
}

export function BoardOverlay({ view, size, playing, die, line, me }: OverlayProps) {
  const layout = useMemo(() => boardLayout(size), [size]);
  const step = playing ? playing.reveal.steps[playing.step.index] : undefined;
  const phase = step?.kind ?? 'idle';
  const tones =
    step && (step.kind === 'effect' || step.kind === 'buy') ? step.floats.map((f) => f.tone) : [];
  const { inner } = layout;
  const caption = playing && phase === 'die' ? captionOf(playing.reveal, view, me) : null;
  const words = caption ?? (playing ? null : line?.text) ?? null;
  return (
    <div
      className="board-overlay"
      data-motion-phase={phase}
      data-reveal={playing?.reveal.id ?? ''}
      data-step-ends={playing ? playing.step.startedAt + playing.step.ms : ''}
      data-effect={tones.join(' ')}
      style={{ ['--board' as string]: `${size}px` }}
      aria-hidden="true"
    >
      <BoardHud view={view} size={size} me={me} />
      <div
        className="board-centre"
        style={{ left: inner.x, top: inner.y, width: inner.size, height: inner.size }}
      >
        {words ? (
          <p
            key={caption ? `caption:${playing?.reveal.id}` : `line:${line?.id}`}
            className={caption ? 'board-centre__caption' : 'board-centre__line roll-effect'}
            data-line-for={caption ? undefined : line?.id}
          >
            {words}
          </p>
        ) : null}
        <Die
          face={die.face}
          nonce={die.nonce}
          tumble={die.tumble}
          six={phase === 'six'}
          side={Math.round(layout.cell * 0.9)}
        />
        {phase === 'six' && playing ? (
          <p
            key={playing.reveal.id}
            className="board-centre__six"
            style={duration(playing.step.ms)}
          >
            Six! Roll again
          </p>
        ) : null}
      </div>
      {step && playing ? (
        <StepAtTiles step={step} playing={playing.step} layout={layout} view={view} />
      ) : null}
    </div>
  );
}

function captionOf(reveal: Reveal, view: RoomView, me: string | null): string {
  if (reveal.caption) return reveal.caption;
  if (reveal.player === me) return 'You are rolling\u2026';
  const name = view.participants[reveal.player]?.name ?? 'A player';
  return `${name} is rolling\u2026`;
}

const duration = (ms: number): CSSProperties => ({ ['--step-ms' as string]: `${ms}ms` });

/** The die: its face, tumbling on the motion's clock while its step plays. */
function Die({
  face,
  nonce,
  tumble,
  six,
  side,
}: {
  face: number | null;
  nonce: number | null;
  tumble: OverlayProps['die']['tumble'];
  six: boolean;
  side: number;
}) {
  const shown = useTumble(face, tumble);
  return (
    <div
      className={`die${tumble ? ' die--rolling' : ''}${six ? ' die--six' : ''}`}
      data-die=""
      data-die-face={shown ?? ''}
      data-die-nonce={nonce ?? ''}
      data-die-rolling={tumble ? 'true' : undefined}
      style={{ width: side, height: side, ...(tumble ? duration(tumble.ms) : {}) }}
    >
      <svg viewBox="0 0 1 1" width={side} height={side} aria-hidden="true" focusable="false">
        <rect x="0.06" y="0.1" width="0.92" height="0.88" rx="0.18" className="die__shadow" />
        <rect x="0.04" y="0.04" width="0.9" height="0.9" rx="0.18" className="die__body" />
        {shown
          ? pipsOf(shown).map((pip, i) => (
              <circle
                key={i}
                cx={0.04 + pip.x * 0.9}
                cy={0.04 + pip.y * 0.9}
                r="0.08"
                className="die__pip"
              />
            ))
          : null}
      </svg>
    </div>
  );
}

/** The face to draw: while tumbling, the tumble's face at this frame; then the landed face. */
function useTumble(face: number | null, tumble: OverlayProps['die']['tumble']): number | null {
  const [frame, setFrame] = useState<{ of: NonNullable<typeof tumble>; face: number } | null>(null);
  useEffect(() => {
    if (!tumble || face === null) return;
    let id = 0;
    const draw = () => {
      const elapsed = Date.now() - tumble.startedAt;
      setFrame({ of: tumble, face: tumbleFace(elapsed, tumble.ms, face) });
      if (elapsed < tumble.ms) id = requestAnimationFrame(draw);
    };
    id = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(id);
  }, [face, tumble]);
  if (!tumble || face === null) return face;
  return frame?.of === tumble ? frame.face : tumbleFace(0, tumble.ms, face);
}

/** The playing step's marks on the board: the price tag, the bought truck, the floats. */
function StepAtTiles({
  step,
  playing,
  layout,
  view,
}: {
  step: MotionStep;
  playing: PlayingStep;
  layout: BoardLayout;
  view: RoomView;
}) {
  if (step.kind === 'effect') {
    const tile = layout.tiles[step.tile];
    if (!tile) return null;
    return (
      <>
        <span
          key={playing.id}
          className={`tag-pop tag-pop--${step.tone ?? 'offer'}`}
          style={{ left: tile.center.x, top: tile.y + tile.height * 0.2, ...duration(playing.ms) }}
        >
          {step.tag}
        </span>
        <Floats key={`f:${playing.id}`} floats={step.floats} layout={layout} ms={playing.ms} />
      </>
    );
  }
  if (step.kind === 'buy') {
    return (
      <>
        <BoughtTruck
          key={playing.id}
          step={step}
          playing={playing}
          size={layout.size}
          view={view}
        />
        <Floats key={`f:${playing.id}`} floats={step.floats} layout={layout} ms={playing.ms} />
      </>
    );
  }
  return null;
}

/**
 * The bought truck driving from the dealer's showroom to the spot where its yard parks it once the
 * step ends (the art module's `purchaseDrive`, the static layer's own layout), at the parked size.
 */
function BoughtTruck({
  step,
  playing,
  size,
  view,
}: {
  step: Extract<MotionStep, { kind: 'buy' }>;
  playing: PlayingStep;
  size: number;
  view: RoomView;
}) {
  const [textScale] = useState(readTextScale);
  const way = useMemo(
    () => purchaseDrive(boardModel(view).seats, size, textScale, step.player, step.trucks),
    [view, size, textScale, step.player, step.trucks],
  );
  if (!way) return null;
  const { from, to } = way;
  const color = view.participants[step.player]?.color;
  return (
    <span
      className="drive-in"
      style={
        {
          left: from.x,
          top: from.y,
          '--dx': `${to.x - from.x}px`,
          '--dy': `${to.y - from.y}px`,
          ...duration(playing.ms),
        } as CSSProperties
      }
    >
      <TruckIcon
        color={color ? playerHex(color) : '#78716c'}
        size={(to.length * TRUCK_ICON_WIDTH) / TRUCK_UNITS.length}
      />
    </span>
  );
}

/** The icon's viewBox width: its truck, nose to tail, is about as long as the art's truck units. */
const TRUCK_ICON_WIDTH = 36;

/** A small side-view lorry in a player's colour (the canvas draws the same shape). */
export function TruckIcon({ color, size }: { color: string; size: number }) {
  return (
    <svg
      viewBox={`0 0 ${TRUCK_ICON_WIDTH} 22`}
      width={size}
      height={(size * 22) / TRUCK_ICON_WIDTH}
      aria-hidden="true"
      focusable="false"
    >
      <rect
        x="1"
        y="2"
        width="22"
        height="14"
        rx="2"
        fill={color}
        stroke="#1f2937"
        strokeWidth="2"
      />
      <path
        d="M24 7h6l4 5v4H24z"
        fill={color}
        stroke="#1f2937"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <rect x="26" y="8.5" width="4" height="3.5" rx="0.8" fill="#fff" />
      <circle cx="8" cy="18" r="3" fill="#1f2937" />
      <circle cx="28" cy="18" r="3" fill="#1f2937" />
    </svg>
  );
}

/**
 * Amounts that float from a tile or a chip to a chip: fixed to the screen, since the chips sit
 * outside the board. Measured once as the step begins; the browser animates them (Web Animations).
 */
function Floats({
  floats,
  layout,
  ms,
}: {
  floats: readonly Float[];
  layout: BoardLayout;
  ms: number;
}) {
  const layer = useRef<HTMLDivElement>(null);
  const [placed, setPlaced] = useState<{ float: Float; from: Point; to: Point }[]>([]);

  useLayoutEffect(() => {
    const board = layer.current?.closest('.board-stage__canvas');
    if (!board) return;
    const box = board.getBoundingClientRect();
    const at = (spot: Spot): Point | null => {
      if ('tile' in spot) {
        const tile = layout.tiles[spot.tile];
        return tile ? { x: box.left + tile.center.x, y: box.top + tile.center.y } : null;
      }
      const chip = document.querySelector(`[data-chip="${CSS.escape(spot.chip)}"]`);
      const rect = chip?.getBoundingClientRect();
      return rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : null;
    };
    setPlaced(
      floats.flatMap((float) => {
        const from = at(float.from);
        const to = at(float.to);
        return from && to ? [{ float, from, to }] : [];
      }),
    );
  }, [floats, layout]);

  useEffect(() => {
    const nodes = layer.current?.querySelectorAll<HTMLElement>('.float');
    if (!nodes) return;
    const animations = [...nodes].map((node, i) => {
      const item = placed[i];
      if (!item || typeof node.animate !== 'function') return null;
      const dx = item.to.x - item.from.x;
      const dy = item.to.y - item.from.y;
      return node.animate(
        [
          { transform: 'translate(-50%, -50%) scale(0.6)', opacity: 0 },
          { transform: 'translate(-50%, -50%) scale(1.15)', opacity: 1, offset: 0.3 },
          {
            transform: `translate(calc(-50% + ${dx}px), calc(-50% + ${dy}px)) scale(0.9)`,
            opacity: 1,
            offset: 0.9,
          },
          {
            transform: `translate(calc(-50% + ${dx}px), calc(-50% + ${dy}px)) scale(0.8)`,
            opacity: 0,
          },
        ],
        { duration: ms, easing: 'ease-in-out', fill: 'forwards' },
      );
    });
    return () => animations.forEach((a) => a?.cancel());
  }, [placed, ms]);

  return (
    <div ref={layer} className="float-layer">
      {placed.map(({ float, from }, i) => (
        <span
          key={i}
          className={`float float--${float.tone}`}
          style={{ left: from.x, top: from.y }}
        >
          {float.text}
        </span>
      ))}
    </div>
  );
}
