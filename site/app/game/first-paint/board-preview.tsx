// The board on the page a signed-out visitor gets (sign in, or watch as a guest): the room as it
// stands, drawn in the first HTML, so the link shows the game before anyone signs in.
import type { RoomView } from '#game/protocol.ts';
import { FIRST_BOARD_SIZE, FirstBoard } from './first-board';

export function BoardPreview({ view, renderedAt }: { view: RoomView | null; renderedAt: number }) {
  return (
    <div className="board-stage board-preview">
      <div className="board-stage__canvas" data-testid="board" data-renderer="svg">
        <FirstBoard view={view} size={FIRST_BOARD_SIZE} renderedAt={renderedAt} />
      </div>
    </div>
  );
}
