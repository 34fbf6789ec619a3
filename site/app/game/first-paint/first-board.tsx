// The board before the canvas: the room drawn as inline SVG (board-svg.tsx, from the art module), in
// the page's first HTML and until the Pixi canvas has drawn its first frame in the same box. It
// follows the view it is given (the server's spectator view, then the board's view as the socket
// updates it). Its clocks count from the server's render time until the page runs, so the first
// client render matches the HTML; then they tick each second.
import { memo } from 'react';
import type { RoomView } from '#game/protocol.ts';
import { useHydrated } from '../../components/account/use-hydrated';
import { BoardSvg } from '../board-svg';
import { useNow } from '../use-now';

/** The side the first HTML draws the board at: the phones' board. The box scales it to fit. */
export const FIRST_BOARD_SIZE = 280;

export interface FirstBoardProps {
  view: RoomView | null;
  /** The side to draw at (the box's measured side once the page runs). */
  size: number;
  /** When the server rendered the page (ms): the clocks' time until the page runs. */
  renderedAt: number;
  /** The viewer's uid: their turn reads "Your turn". */
  me?: string | null;
}

export const FirstBoard = memo(function FirstBoard({
  view,
  size,
  renderedAt,
  me = null,
}: FirstBoardProps) {
  const hydrated = useHydrated();
  const clockRuns = view?.status === 'active' || view?.status === 'countdown';
  const ticking = useNow(hydrated && clockRuns, 1000);
  return (
    <BoardSvg
      view={view}
      size={size}
      now={hydrated ? ticking : renderedAt}
      me={me}
      className="first-board"
    />
  );
});
