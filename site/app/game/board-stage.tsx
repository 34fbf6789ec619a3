// The board's place on the page: measures the room it has (and keeps measuring as the screen
// changes), lazy-loads the Pixi canvas into it, and describes the board in words for people who
// cannot see the canvas.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { RoomView } from '../../../game/protocol';
import { Progress } from '../components/account/banner';
import { positionName } from './format';
import { fitBoardSize } from './layout';

const BoardCanvas = lazy(() => import('./board-canvas'));

/** Room left above and below the board for the header and the dice bar. */
const VERTICAL_ROOM = 150;

export function BoardStage({ view }: { view: RoomView }) {
  const frame = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<number | null>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () =>
      setSize(fitBoardSize(element.clientWidth, window.innerHeight - VERTICAL_ROOM));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  const description = view.joinedOrder
    .map((uid) => {
      const p = view.participants[uid];
      return p ? `${p.name} on ${positionName(p.position)}, ${p.trucks} trucks` : null;
    })
    .filter(Boolean)
    .join('; ');

  return (
    <div className="board-stage" ref={frame}>
      <div
        className="board-stage__canvas"
        role="img"
        aria-label={`Game board. ${description}.`}
        style={size ? { width: size, height: size } : undefined}
        data-testid="board"
      >
        {size ? (
          <Suspense fallback={<Progress>Loading the board…</Progress>}>
            <BoardCanvas view={view} size={size} />
          </Suspense>
        ) : (
          <Progress>Loading the board…</Progress>
        )}
      </div>
    </div>
  );
}
