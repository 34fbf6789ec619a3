// The board as inline SVG, drawn from the art module's scene (site/shared/art): the same markup as
// `sceneToSvg`, so it renders on the server with no effect and no script, and carries the markers
// outside readers use (contract section 8: `data-board`, `data-tile`, `data-seat`, `data-die`,
// `data-die-face`). Each layer is its own `<g>` whose markup React leaves alone while it is the same
// string: a new clock or turn redraws only the small layers, never the tiles.
import { memo, useMemo } from 'react';
import type { RoomView } from '#game/protocol.ts';
import { boardDefs } from '#site/shared/art/board.ts';
import { boardLayer, dieLayer, hudLayer, piecesLayer } from '#site/shared/art/layers.ts';
import { describeBoard } from '#site/shared/art/hud.ts';
import { layoutCentre, type CentreLayout } from '#site/shared/art/labels.ts';
import { boardModel, type BoardModel, type SeatModel } from '#site/shared/art/model.ts';
import { LAYERS, type LayerName } from '#site/shared/art/scene.ts';
import { defsMarkup, layerMarkup, svgRootAttributes, TEXT_STYLE } from '#site/shared/art/svg.ts';

export interface BoardSvgProps {
  /** The room as the socket (or the server render) has it; null draws the empty board. */
  view: RoomView | null;
  /** Side of the square board in CSS px. */
  size: number;
  /** The reader's text size: 1 = 100 %, 2 = 200 %. */
  textScale?: number;
  /** The time the clocks count from; without it they show the game's length. */
  now?: number | null;
  /** The viewer's uid: their turn reads "Your turn". */
  me?: string | null;
  className?: string;
}

/** `font-variant-numeric:tabular-nums` as React's style object. */
export const SVG_STYLE = Object.fromEntries(
  TEXT_STYLE.split(';').map((rule) => {
    const [name = '', value = ''] = rule.split(':');
    return [name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), value];
  }),
);

const DEFS = defsMarkup(boardDefs());

/**
 * The static layer's markup, kept for the last inputs it was drawn for: the tiles and yards change
 * only when a player sits down or buys a truck, not with every state of the room.
 */
let lastBoard: { key: string; markup: string } | null = null;

function boardMarkup(
  seats: readonly SeatModel[],
  size: number,
  textScale: number,
  centre: CentreLayout,
): string {
  const key = JSON.stringify([
    size,
    textScale,
    seats.map((s) => [s.uid, s.name, s.color, s.homeBox, s.trucks]),
  ]);
  if (lastBoard?.key !== key) {
    lastBoard = { key, markup: layerMarkup(boardLayer(seats, size, textScale, centre)) };
  }
  return lastBoard.markup;
}

/** The hud layer's markup (whose turn, the clock, the rings): redrawn when this string changes. */
export function hudMarkup(
  model: BoardModel,
  size: number,
  centre: CentreLayout,
  me: string | null,
  now: number | null,
): string {
  return layerMarkup(hudLayer(model, size, centre, { me, now }));
}

export const BoardSvg = memo(function BoardSvg({
  view,
  size,
  textScale = 1,
  now = null,
  me = null,
  className,
}: BoardSvgProps) {
  const model = useMemo(() => boardModel(view), [view]);
  const centre = useMemo(() => layoutCentre(size, textScale), [size, textScale]);
  const hud = useMemo(
    () => hudMarkup(model, size, centre, me, now),
    [model, size, centre, me, now],
  );
  const die = useMemo(() => layerMarkup(dieLayer(model, centre)), [model, centre]);
  const pieces = useMemo(() => layerMarkup(piecesLayer(model, size)), [model, size]);
  const layers: Record<LayerName, string> = {
    board: boardMarkup(model.seats, size, textScale, centre),
    hud,
    die,
    pieces,
  };
  const root = Object.fromEntries(
    svgRootAttributes({ size, label: describeBoard(model, me, now) }),
  );
  return (
    <svg
      xmlns={root.xmlns}
      viewBox={root.viewBox}
      width={root.width}
      height={root.height}
      role={root.role}
      aria-label={root['aria-label']}
      data-board=""
      fontFamily={root['font-family']}
      style={SVG_STYLE}
      className={className}
    >
      <defs dangerouslySetInnerHTML={{ __html: DEFS }} />
      {LAYERS.map((name) => (
        <g key={name} data-layer={name} dangerouslySetInnerHTML={{ __html: layers[name] }} />
      ))}
    </svg>
  );
});
