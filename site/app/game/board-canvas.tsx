// The board's canvas (Pixi through @pixi/react). Loaded lazily by the board route only, so no other
// page ships Pixi. It draws what it is given (the room view) and animates the way there: the dice
// tumbles onto the server's value, then each truck drives tile by tile to its new position.
//
// No frames while nothing moves: the application never starts its ticker by itself
// (`autoStart: false`); a change of props renders one frame, and the ticker runs only while the dice
// or a truck is moving, stopping itself on the frame where everything has arrived. Pixi's system
// ticker (the texture scheduler, which the board does not need while idle) follows the same rule,
// or it would ask for a frame forever.
//
// Little work per moving frame: the tiles, their labels and the title are one layer cached as a
// texture, redrawn only when the room's state or the size changes; the dice's faces are drawn once
// each and swapped, so a frame moves the trucks and turns the dice without rebuilding any geometry
// (a redrawn shape makes Pixi rebuild the whole scene's draw instructions).
import { Application, extend, useApplication, useTick } from '@pixi/react';
// Only what the board draws (decision 056): the renderer, graphics, text and sprites come with the
// classes below. Pixi's optional browser extensions (accessibility, DOM elements, pointer events,
// filters) are neither imported here nor fetched at init (`skipExtensionImports`): the board's taps
// are DOM events on the square around the canvas, and its words are in the page.
// Pixi compiles shader glue with `new Function` unless this polyfill is present; the site's
// Content-Security-Policy allows no eval.
import 'pixi.js/unsafe-eval';
import {
  Container,
  Graphics,
  GraphicsContext,
  Sprite,
  Text,
  Ticker,
  type Application as PixiApp,
  type TextStyleOptions,
} from 'pixi.js';
import { memo, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { BOARD, TRUCK_COST, type Box } from '../../../game/board';
import type { RoomView } from '../../../game/protocol';
import {
  advance,
  diceFrame,
  isMoving,
  motionPoint,
  parked,
  pips,
  retarget,
  type TruckMotion,
} from './animation';
import { countOf } from '../../shared/count';
import { formatGameAmount } from './format';
import { boardLayout, type BoardLayout } from './layout';
import { tileTitle } from './tile-legend';
import { inkOn, playerHex } from './palette';

extend({ Container, Graphics, Sprite, Text });

export interface BoardCanvasProps {
  view: RoomView;
  /** Side of the square board in CSS pixels. */
  size: number;
  /** Pixi is ready: the board stage lets the canvas take over from the first HTML's SVG. */
  onReady?: () => void;
}

export default memo(function BoardCanvas({ view, size, onReady }: BoardCanvasProps) {
  // Init options are read once; later size changes resize the renderer (see Scene).
  const resolution = typeof window === 'undefined' ? 1 : Math.min(window.devicePixelRatio || 1, 2);
  return (
    <Application
      width={size}
      height={size}
      autoStart={false}
      preference="webgl"
      antialias
      backgroundAlpha={0}
      resolution={resolution}
      autoDensity
      skipExtensionImports
      className="board-canvas"
      onInit={onReady}
    >
      <Scene view={view} size={size} />
    </Application>
  );
});

const INK = 0x1c1917;
const PAPER = 0xfffbeb;

/**
 * The same style object for the same ink, so that a new state redraws only the labels whose text
 * changed (Pixi re-renders a text whenever its style object is replaced). One cache per board size.
 */
function labelStylesFor(cell: number): (fill: number, wrapWidth: number) => TextStyleOptions {
  const styles = new Map<number, TextStyleOptions>();
  return (fill, wrapWidth) => {
    const key = fill * 1000 + Math.round(wrapWidth);
    let style = styles.get(key);
    if (!style) {
      style = {
        fontFamily: 'system-ui, sans-serif',
        // 11 px at the smallest board: the short titles fit a 47 px tile at that size.
        fontSize: Math.max(11, Math.round(cell * 0.14)),
        fontWeight: '600',
        fill,
        align: 'center',
        // Full names wrap between words only, never inside one.
        wordWrap: true,
        breakWords: false,
        wordWrapWidth: wrapWidth,
        lineHeight: Math.max(13, Math.round(cell * 0.17)),
      };
      styles.set(key, style);
    }
    return style;
  };
}

function Scene({ view, size }: BoardCanvasProps) {
  const { app } = useApplication();
  const layout = useMemo(() => boardLayout(size), [size]);
  const trucks = useRef(new Map<string, Container>());
  const motions = useRef(new Map<string, TruckMotion>());
  const dice = useRef<{ nonce: number; value: number; elapsed: number } | null>(null);
  const diceGraphics = useRef<Graphics | null>(null);
  const diceContainer = useRef<Container | null>(null);
  const tilesLayer = useRef<Container | null>(null);
  const cachedFor = useRef<{ view: RoomView; size: number } | null>(null);
  const dieFaces = useMemo(() => dieFacesOf(layout.cell * 0.9), [layout.cell]);
  useLayoutEffect(() => () => dieFaces.forEach((face) => face.destroy()), [dieFaces]);
  const seats = useMemo(() => new Map(view.joinedOrder.map((uid, i) => [uid, i])), [view]);
  const labelStyles = useMemo(() => labelStylesFor(layout.cell), [layout]);
  const titleStyle = useMemo<TextStyleOptions>(
    () => ({
      fontFamily: 'system-ui, sans-serif',
      fontSize: Math.max(11, Math.round(size * 0.04)),
      fontWeight: '800',
      fill: 0x14532d,
    }),
    [size],
  );

  const placeTrucks = useCallback(() => {
    for (const [uid, container] of trucks.current) {
      const motion = motions.current.get(uid);
      const seat = seats.get(uid);
      if (!motion || seat === undefined) continue;
      const point = motionPoint(motion, seat, size);
      container.position.set(point.x, point.y);
    }
  }, [seats, size]);

  const drawDice = useCallback(() => {
    const g = diceGraphics.current;
    const box = diceContainer.current;
    if (!g || !box) return;
    const state = dice.current;
    const frame = state ? diceFrame(state.elapsed, state.value) : null;
    const face = dieFaces[frame?.face ?? 0] as GraphicsContext;
    if (g.context !== face) g.context = face;
    box.rotation = frame?.angle ?? 0;
  }, [dieFaces]);

  const animating = useCallback((): boolean => {
    const d = dice.current;
    const diceRolling = d !== null && !diceFrame(d.elapsed, d.value).settled;
    if (diceRolling) return true;
    for (const motion of motions.current.values()) if (isMoving(motion)) return true;
    return false;
  }, []);

  // New state from the server: queue the trucks' paths and start the dice if a roll came in.
  useLayoutEffect(() => {
    const firstView = motions.current.size === 0;
    for (const uid of view.joinedOrder) {
      const position = view.participants[uid]?.position ?? -1;
      const motion = motions.current.get(uid);
      motions.current.set(uid, motion ? retarget(motion, position) : parked(position));
    }
    const roll = view.lastRoll;
    if (roll && roll.nonce !== dice.current?.nonce) {
      // The first state after connecting shows the last roll as it lies; later ones tumble.
      dice.current = { nonce: roll.nonce, value: roll.roll, elapsed: firstView ? Infinity : 0 };
    }
  }, [view]);

  const tick = useCallback(
    (ticker: Ticker) => {
      const elapsed = ticker.deltaMS;
      const d = dice.current;
      const diceRolling = d !== null && !diceFrame(d.elapsed, d.value).settled;
      if (d && diceRolling) {
        d.elapsed += elapsed;
        drawDice();
      } else {
        for (const [uid, motion] of motions.current) {
          if (isMoving(motion)) motions.current.set(uid, advance(motion, elapsed));
        }
        placeTrucks();
      }
      // This frame still renders (the render listener runs after this one); the next does not.
      if (!animating()) {
        ticker.stop();
        Ticker.system.stop();
      }
    },
    [animating, drawDice, placeTrucks],
  );
  useTick(tick);

  // After every commit: resize if needed, put everything in place, then one frame or the ticker.
  useLayoutEffect(() => {
    if (!app?.renderer) return;
    if (app.renderer.width !== size || app.renderer.height !== size) {
      app.renderer.resize(size, size);
    }
    const layer = tilesLayer.current;
    const cached = cachedFor.current;
    if (layer && (cached?.view !== view || cached.size !== size)) {
      if (!layer.isCachedAsTexture) layer.cacheAsTexture(true);
      else layer.updateCacheTexture();
      cachedFor.current = { view, size };
    }
    drawDice();
    placeTrucks();
    if (animating()) startTicking(app);
    else if (!app.ticker.started) {
      Ticker.system.stop();
      app.render();
    }
  });

  const drawTiles = useCallback((g: Graphics) => drawBoard(g, layout, view), [layout, view]);

  return (
    <pixiContainer>
      <pixiContainer ref={tilesLayer}>
        <pixiGraphics draw={drawTiles} />
        {layout.tiles.map((tile) => {
          const box = BOARD[tile.position] as Box;
          return (
            <pixiText
              key={box.id}
              text={tileLabel(box, view, layout.cell)}
              x={tile.center.x}
              y={tile.y + tile.height * 0.06}
              anchor={{ x: 0.5, y: 0 }}
              style={labelStyles(labelInk(box, view), tile.width - 4)}
            />
          );
        })}
        <pixiText
          text="Zed Truck Company"
          x={size / 2}
          y={layout.inner.y + layout.inner.size * 0.82}
          anchor={0.5}
          style={titleStyle}
        />
      </pixiContainer>
      <pixiContainer ref={diceContainer} x={size / 2} y={size / 2}>
        <pixiGraphics ref={diceGraphics} draw={noop} />
      </pixiContainer>
      {view.joinedOrder.map((uid) => {
        const participant = view.participants[uid];
        if (!participant) return null;
        return (
          <pixiContainer
            key={uid}
            ref={(container: Container | null) => {
              if (container) trucks.current.set(uid, container);
              else trucks.current.delete(uid);
            }}
          >
            <pixiGraphics
              draw={(g: Graphics) => drawTruck(g, playerHex(participant.color), layout.cell)}
            />
          </pixiContainer>
        );
      })}
    </pixiContainer>
  );
}

function noop() {}

function startTicking(app: PixiApp): void {
  Ticker.system.start();
  app.ticker.start();
}

function ownerOf(box: Box, view: RoomView) {
  const owner = view.boardState[box.id]?.owner;
  return owner ? (view.participants[owner] ?? null) : null;
}

/** Two short lines per tile; the legend (a tap on the tile) says the rest. */
function tileLabel(box: Box, view: RoomView, cell: number): string {
  if (box.kind === 'home') {
    const owner = ownerOf(box, view);
    if (!owner) return 'Home';
    const trucks = view.boardState[box.id]?.trucks ?? owner.trucks;
    return `${owner.name.split(' ')[0] ?? ''}\n${countOf(trucks, 'truck')}`;
  }
  if (box.kind === 'trucks') return `Trucks\n${formatGameAmount(TRUCK_COST)}`;
  const sign = box.kind === 'revenue' ? '+' : '−';
  return `${tileTitle(box, cell)}\n${sign}${box.amount}`;
}

function labelInk(box: Box, view: RoomView): number {
  if (box.kind !== 'home') return 0xffffff;
  const owner = ownerOf(box, view);
  return owner ? hex(inkOn(owner.color)) : INK;
}

function hex(color: string): number {
  return Number.parseInt(color.replace('#', ''), 16);
}

function drawBoard(g: Graphics, layout: BoardLayout, view: RoomView): void {
  g.clear();
  const { size, inner } = layout;
  g.roundRect(0, 0, size, size, 10).fill({ color: 0xe7e5e4 });
  g.rect(inner.x, inner.y, inner.size, inner.size).fill({ color: PAPER });
  for (const tile of layout.tiles) {
    const box = BOARD[tile.position] as Box;
    const owner = box.kind === 'home' ? ownerOf(box, view) : null;
    const fill = box.kind === 'home' ? (owner ? playerHex(owner.color) : '#d6d3d1') : box.color;
    g.rect(tile.x + 1, tile.y + 1, tile.width - 2, tile.height - 2)
      .fill({ color: hex(fill) })
      .stroke({ width: 1, color: 0xffffff, alpha: 0.7 });
  }
  // A road around the inner square: where the trucks drive.
  g.rect(inner.x + 2, inner.y + 2, inner.size - 4, inner.size - 4).stroke({
    width: 2,
    color: 0xa8a29e,
    alpha: 0.8,
  });
}

function drawTruck(g: Graphics, color: string, cell: number): void {
  const w = cell * 0.36;
  const h = cell * 0.22;
  g.clear();
  // A white badge first, so a truck stays visible on a tile of its own colour.
  g.roundRect(-w / 2 - 3, -h / 2 - 3, w + 6, h + 6 + h * 0.2, 4).fill({
    color: 0xffffff,
    alpha: 0.9,
  });
  // Cargo box, cab, wheels: centred on the container's position.
  g.roundRect(-w / 2, -h / 2, w * 0.68, h, 2)
    .fill({ color: hex(color) })
    .stroke({ width: 1.5, color: INK });
  g.roundRect(-w / 2 + w * 0.7, -h / 2 + h * 0.25, w * 0.3, h * 0.75, 2)
    .fill({ color: hex(color) })
    .stroke({ width: 1.5, color: INK });
  g.circle(-w / 2 + w * 0.2, h / 2, h * 0.22).fill({ color: INK });
  g.circle(-w / 2 + w * 0.8, h / 2, h * 0.22).fill({ color: INK });
}

/** The dice's blank side (index 0) and its six faces, each drawn once. */
function dieFacesOf(side: number): GraphicsContext[] {
  return [0, 1, 2, 3, 4, 5, 6].map((face) => drawDie(new GraphicsContext(), face || null, side));
}

function drawDie(g: GraphicsContext, face: number | null, side: number): GraphicsContext {
  g.roundRect(-side / 2, -side / 2, side, side, side * 0.18)
    .fill({ color: 0xffffff })
    .stroke({ width: 3, color: 0x14532d });
  if (face === null) return g;
  for (const pip of pips(face)) {
    g.circle(-side / 2 + pip.x * side, -side / 2 + pip.y * side, side * 0.085).fill({
      color: INK,
    });
  }
  return g;
}
