// The board's place on the page: a box whose size the style sheet sets from the first HTML (the
// script never resizes it, so nothing moves), the board drawn in it as SVG from the first HTML on
// (first-paint/), the Pixi canvas lazy-loaded into it at the box's measured side, taking over after
// its first frame with the motion's DOM over it (board-overlay.tsx); and the board described in
// words for people who cannot see it.
import { fitBoardSize, tileAt } from '#site/shared/art/geometry.ts';
import { countOf } from '#site/shared/count.ts';
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type MouseEvent,
} from 'react';
import type { RoomView } from '#game/protocol.ts';
import type { Drive } from './animation';
import { BoardOverlay, type OverlayProps } from './board-overlay';
import { FIRST_BOARD_SIZE, FirstBoard } from './first-paint/first-board';
import { homesOf, positionName } from './format';
import { tileInfo } from './tile-legend';
import { TappedTile } from './tile-legend-view';

const loadBoardCanvas = () => import('./board-canvas');
const BoardCanvas = lazy(loadBoardCanvas);
// Start fetching the canvas code (Pixi) as soon as the board route loads, alongside the ticket call
// and the socket, instead of after the first state: on a slow connection that is seconds earlier.
if (typeof window !== 'undefined') void loadBoardCanvas().catch(() => undefined);

/**
 * Memoised: the page around it re-renders for its count-downs every 250 ms, and the board must not
 * (each render would redraw the canvas). It changes only when the room's state does.
 */
export const BoardStage = memo(function BoardStage({
  view,
  renderedAt,
  drive,
  playing,
  die,
  line,
  me,
}: {
  /** The room as the board shows it (shown-view.ts). */
  view: RoomView;
  /** When the server rendered the page (ms): the first HTML's clocks. */
  renderedAt: number;
  drive: Drive | null;
} & Omit<OverlayProps, 'view' | 'size'>) {
  const box = useRef<HTMLDivElement>(null);
  // The box's side as measured (null until the page runs: the SVG is drawn at the phones' size and
  // scaled to the box).
  const [size, setSize] = useState<number | null>(null);
  const [canvasDrawn, setCanvasDrawn] = useState(false);
  const [tapped, setTapped] = useState<number | null>(null);
  const takeOver = useCallback(() => setCanvasDrawn(true), []);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setSize(fitBoardSize(element.clientWidth, element.clientWidth));
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
    <div className="board-stage">
      <div className="board-stage__square" onClick={tap}>
        <div
          className="board-stage__canvas"
          role="img"
          aria-label={`Game board. ${description}.`}
          ref={box}
          data-testid="board"
          data-renderer={canvasDrawn ? 'canvas' : 'svg'}
        >
          {canvasDrawn ? null : (
            <FirstBoard
              view={view}
              size={size ?? FIRST_BOARD_SIZE}
              renderedAt={renderedAt}
              me={me}
            />
          )}
          {size ? (
            <Suspense fallback={null}>
              <BoardCanvas view={view} size={size} drive={drive} onDrawn={takeOver} />
            </Suspense>
          ) : null}
          {size && canvasDrawn ? (
            <BoardOverlay view={view} size={size} playing={playing} die={die} line={line} me={me} />
          ) : null}
        </div>
        {info ? <TappedTile info={info} onClose={() => setTapped(null)} /> : null}
      </div>
    </div>
  );
});
