// The board's place on the page: measures the room it has (and keeps measuring as the screen
// changes), lazy-loads the Pixi canvas into it, lays the motion's DOM over it (board-overlay.tsx),
// and describes the board in words for people who cannot see the canvas.
import { countOf } from '../../shared/count';
import { lazy, memo, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import type { RoomView } from '../../../game/protocol';
import { Progress } from '../components/account/banner';
import type { Drive } from './animation';
import { BoardOverlay, type OverlayProps } from './board-overlay';
import { homesOf, positionName } from './format';
import { fitBoardSize, tileAt } from './layout';
import { tileInfo } from './tile-legend';
import { TappedTile } from './tile-legend-view';

const loadBoardCanvas = () => import('./board-canvas');
const BoardCanvas = lazy(loadBoardCanvas);
// Start fetching the canvas code (Pixi) as soon as the board route loads, alongside the ticket call
// and the socket, instead of after the first state: on a slow connection that is seconds earlier.
if (typeof window !== 'undefined') void loadBoardCanvas().catch(() => undefined);

/** A little air below the board (and the dice bar under it). */
const MARGIN = 12;

/**
 * The height the board may take so that the players, the board and Roll share one screen: the
 * window less what sits above the board (header, players bar) and, when the dice bar sits under the
 * board (portrait), less the dice bar. Beside the board (landscape, desktop) the dice bar costs no
 * height.
 */
function roomForBoard(element: HTMLElement): number {
  const box = element.getBoundingClientRect();
  const above = box.top + window.scrollY;
  const dice = element.parentElement?.querySelector<HTMLElement>('.dice-bar');
  const diceBox = dice?.getBoundingClientRect();
  const below = diceBox && diceBox.left < box.right - 1 ? diceBox.height + MARGIN : 0;
  return window.innerHeight - above - below - MARGIN;
}

/**
 * Memoised: the page around it re-renders for its count-downs every 250 ms, and the board must not
 * (each render would redraw the canvas). It changes only when the room's state does.
 */
export const BoardStage = memo(function BoardStage({
  view,
  drive,
  playing,
  die,
  line,
  me,
}: {
  /** The room as the board shows it (shown-view.ts). */
  view: RoomView;
  drive: Drive | null;
} & Omit<OverlayProps, 'view' | 'size'>) {
  const frame = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<number | null>(null);
  const [tapped, setTapped] = useState<number | null>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setSize(fitBoardSize(element.clientWidth, roomForBoard(element)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  const homes = homesOf(view.participants);
  const description = view.joinedOrder
    .map((uid) => {
      const p = view.participants[uid];
      return p
        ? `${p.name} on ${positionName(p.position, homes)}, ${countOf(p.trucks, 'truck')}`
        : null;
    })
    .filter(Boolean)
    .join('; ');

  // A tap on a tile says what it is (the legend beside the log lists them all, for every reader).
  const tap = (event: MouseEvent<HTMLDivElement>) => {
    if (!size || (event.target as HTMLElement).closest('.tile-info')) return;
    const canvas = event.currentTarget.querySelector('.board-stage__canvas');
    if (!canvas) return;
    // The square may be wider than the board, which sits in its middle.
    const box = canvas.getBoundingClientRect();
    setTapped(tileAt(size, { x: event.clientX - box.left, y: event.clientY - box.top }));
  };
  const info = tapped === null ? null : tileInfo(tapped, view);

  return (
    <div className="board-stage" ref={frame}>
      <div className="board-stage__square" onClick={tap}>
        <div
          className="board-stage__canvas"
          role="img"
          aria-label={`Game board. ${description}.`}
          style={size ? { width: size, height: size } : undefined}
          data-testid="board"
        >
          {size ? (
            <>
              <Suspense fallback={<Progress>Loading the board…</Progress>}>
                <BoardCanvas view={view} size={size} drive={drive} />
              </Suspense>
              <BoardOverlay
                view={view}
                size={size}
                playing={playing}
                die={die}
                line={line}
                me={me}
              />
            </>
          ) : (
            <Progress>Loading the board…</Progress>
          )}
        </div>
        {info ? <TappedTile info={info} onClose={() => setTapped(null)} /> : null}
      </div>
    </div>
  );
});
