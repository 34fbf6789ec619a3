// Reference: a bare React + @pixi/react board. 20 coloured rectangles in a ring (the product's 6 × 6
// grid) and one sprite that drives round the ring while `window.__benchMove(ms)` says so. The ticker
// runs the way Pixi runs by default (autoStart): a frame on every animation frame, moving or not.
import { Application, extend, useTick } from '@pixi/react';
import { Container, Graphics, Sprite, Texture, type Ticker } from 'pixi.js';
import { useCallback, useRef } from 'react';
import { createRoot } from 'react-dom/client';

extend({ Container, Graphics, Sprite });

declare global {
  interface Window {
    __benchMove?: (ms: number) => void;
  }
}

const GRID = 6;
const COLOURS = [0x14532d, 0xfacc15, 0xb91c1c, 0x1d4ed8, 0x7c3aed];
let movingUntil = 0;
window.__benchMove = (ms: number) => {
  movingUntil = performance.now() + ms;
};

/** The grid cell of ring position 0–19, clockwise from the top-left corner. */
function cellOf(position: number): { col: number; row: number } {
  const last = GRID - 1;
  if (position <= last) return { col: position, row: 0 };
  if (position <= 2 * last) return { col: last, row: position - last };
  if (position <= 3 * last) return { col: 3 * last - position, row: last };
  return { col: 0, row: 4 * last - position };
}

function Scene({ size }: { size: number }) {
  const cell = size / GRID;
  const sprite = useRef<Sprite | null>(null);
  const travelled = useRef(0);

  const drawRing = useCallback(
    (g: Graphics) => {
      g.clear();
      for (let position = 0; position < 20; position += 1) {
        const { col, row } = cellOf(position);
        g.rect(col * cell + 1, row * cell + 1, cell - 2, cell - 2).fill({
          color: COLOURS[position % COLOURS.length] as number,
        });
      }
    },
    [cell],
  );

  const tick = useCallback(
    (ticker: Ticker) => {
      const truck = sprite.current;
      if (!truck || performance.now() > movingUntil) return;
      travelled.current = (travelled.current + ticker.deltaMS / 180) % 20;
      const from = cellOf(Math.floor(travelled.current));
      const to = cellOf((Math.floor(travelled.current) + 1) % 20);
      const t = travelled.current % 1;
      truck.x = (from.col + (to.col - from.col) * t + 0.5) * cell;
      truck.y = (from.row + (to.row - from.row) * t + 0.5) * cell;
    },
    [cell],
  );
  useTick(tick);

  return (
    <pixiContainer>
      <pixiGraphics draw={drawRing} />
      <pixiSprite
        ref={sprite}
        texture={Texture.WHITE}
        tint={0xea580c}
        width={cell * 0.36}
        height={cell * 0.22}
        anchor={0.5}
        x={cell * 0.5}
        y={cell * 0.5}
      />
    </pixiContainer>
  );
}

function Page() {
  const size = Math.max(280, Math.min(window.innerWidth - 32, window.innerHeight - 150, 720));
  const resolution = Math.min(window.devicePixelRatio || 1, 2);
  return (
    <main>
      <h1>A bare React + Pixi board</h1>
      <div className="board" style={{ width: size, height: size }}>
        <Application
          width={size}
          height={size}
          antialias
          backgroundAlpha={0}
          resolution={resolution}
          autoDensity
        >
          <Scene size={size} />
        </Application>
      </div>
    </main>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Page />);
