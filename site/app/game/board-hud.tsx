// Whose turn, the game clock, and the rings round the current player's yard and an open offer: the
// art module's hud layer as inline SVG over the canvas (inside the motion's overlay). It is drawn in
// the same render as the dice bar and the players bar, from the same view, so the town square never
// names another turn than the panel beside it (decision 123); the canvas, whose textures arrive a
// decode later, draws only what a turn does not change.
import { memo, useMemo, useState } from 'react';
import type { RoomView } from '#game/protocol.ts';
import { layoutCentre } from '#site/shared/art/labels.ts';
import { boardModel, type BoardModel } from '#site/shared/art/model.ts';
import { FONT_FAMILY } from '#site/shared/art/type.ts';
import { hudMarkup, SVG_STYLE } from './board-svg';
import { useNow } from './use-now';

/** The reader's text size (the root font size against 16 px), as `BoardSvg`'s `textScale`. */
export function readTextScale(): number {
  if (typeof document === 'undefined') return 1;
  const px = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(px) && px > 0 ? px / 16 : 1;
}

/** A running clock on the board (the game's, or the count-down to its start). */
function clockRuns(model: BoardModel): boolean {
  return (
    (model.status === 'active' && model.gameEndTime !== null) ||
    (model.status === 'countdown' && model.countdownEndsAt !== null)
  );
}

/** The player whose turn the hud names ('' for nobody's): `data-hud-turn`, for readers and tests. */
export function hudTurn(model: BoardModel): string {
  return model.status === 'active' ? (model.currentPlayer ?? '') : '';
}

export const BoardHud = memo(function BoardHud({
  view,
  size,
  me,
}: {
  /** The room as the board shows it. */
  view: RoomView;
  size: number;
  me: string | null;
}) {
  const model = useMemo(() => boardModel(view), [view]);
  const [textScale] = useState(readTextScale);
  const centre = useMemo(() => layoutCentre(size, textScale), [size, textScale]);
  // Once a second while a clock runs; the markup (and so the DOM) changes only with its second.
  const now = useNow(clockRuns(model), 1_000);
  const markup = useMemo(
    () => hudMarkup(model, size, centre, me, now),
    [model, size, centre, me, now],
  );
  return (
    <svg
      className="board-hud"
      viewBox={`0 0 ${size} ${size}`}
      width={size}
      height={size}
      fontFamily={FONT_FAMILY}
      style={SVG_STYLE}
      aria-hidden="true"
      focusable="false"
      data-hud-turn={hudTurn(model)}
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
});
