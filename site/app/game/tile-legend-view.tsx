// The tiles in words: the line for a tapped tile, shown over the middle of the board, and the
// whole legend as a list beside the log. Text in the page, so it grows with the reader's text size.
import type { RoomView } from '#game/protocol.ts';
import { BOARD } from '#game/board.ts';
import { tileInfo, type TileInfo } from './tile-legend';

export function TappedTile({ info, onClose }: { info: TileInfo; onClose(): void }) {
  return (
    <div className="tile-info" role="status" data-testid="tile-info">
      <p>
        <strong>{info.name}</strong> {info.effect}
      </p>
      <button type="button" className="button button--small button--ghost" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

export function TileLegend({ view }: { view: RoomView }) {
  return (
    <details className="tile-legend">
      <summary>What the tiles do</summary>
      <ol>
        {BOARD.map((box, position) => {
          const info = tileInfo(position, view);
          return info ? (
            <li key={box.id}>
              <strong>{info.name}</strong> {info.effect}
            </li>
          ) : null;
        })}
      </ol>
    </details>
  );
}
