// What the game has to say besides the board for as long as the page stands (that the room closed
// and the page is leaving, a practice game's note, who is watching), in one cell of the board's
// layout:
// above the players on a phone held upright, at the top of the column beside the board on a
// landscape screen. So none of it ever pushes the board down off a short screen.
import { Children, type ReactNode } from 'react';

export function BoardNotes({ children }: { children: ReactNode }) {
  return Children.toArray(children).length > 0 ? (
    <div className="board-notes" data-testid="board-notes">
      {children}
    </div>
  ) : null;
}
