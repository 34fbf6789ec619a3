// The board's canvas (Pixi through @pixi/react). Loaded lazily by the board route only, so no other
// page ships Pixi. It draws the room as the board shows it (the view rolled back by what is still
// to be revealed: shown-view.ts) and the one truck that drives during the motion's hops step, tile
// by tile on the motion's clock. The die, the floats and the words of each reveal are DOM over the
// canvas (board-overlay.tsx), positioned from the same layout maths.
//
// No frames while nothing moves: the application never starts its ticker by itself
// (`autoStart: false`); a change of props renders one frame, and the ticker runs only while a truck
// drives, stopping itself on the frame where it has arrived. Pixi's system ticker (the texture
// scheduler, which the board does not need while idle) follows the same rule, or it would ask for
// a frame forever.
//
// Little work per moving frame: the tiles, their labels and the title are one layer cached as a
// texture, redrawn only when the room's state or the size changes, so a frame moves a truck without
// rebuilding any geometry (a redrawn shape makes Pixi rebuild the whole scene's draw instructions).
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
  Sprite,
  Text,
  Ticker,
  type Application as PixiApp,
  type TextStyleOptions,
} from 'pixi.js';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { BOARD, TRUCK_COST, type Box } from '../../../game/board';
import type { RoomView } from '../../../game/protocol';
import { drivePoint, isDriving, type Drive } from './animation';
import { countOf } from '../../shared/count';
import { formatGameAmount } from './format';
import { boardLayout, truckSpot, type BoardLayout } from './layout';
import { tileTitle } from './tile-legend';
import { inkOn, playerHex } from './palette';

extend({ Container, Graphics, Sprite, Text });

export interface BoardCanvasProps {
  /** The room as the board shows it. */
  view: RoomView;
  /** Side of the square board in CSS pixels. */
  size: number;
  /** The truck driving now (the motion's hops step), on the `Date.now()` clock; or null. */
  drive?: Drive | null;
  /** Called once, after the canvas's first frame: it takes over from the first HTML's SVG. */
  onDrawn?: () => void;
}

export default memo(function BoardCanvas({ view, size, drive = null, onDrawn }: BoardCanvasProps) {
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
    >
      <Scene view={view} size={size} drive={drive} onDrawn={onDrawn} />
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

function Scene({ view, size, drive = null, onDrawn }: BoardCanvasProps) {
  const { app } = useApplication();
  const drawnOnce = useRef(false);
  const layout = useMemo(() => boardLayout(size), [size]);
  const trucks = useRef(new Map<string, Container>());
  const driving = useRef<Drive | null>(drive);
  const tilesLayer = useRef<Container | null>(null);
  const cachedFor = useRef<{ tiles: TilesFacts; size: number } | null>(null);
  // What the tiles show (each home's owner and trucks) changes far less often than the view (every
  // step of a reveal is a new view object): the cached layer and its drawing follow this instead,
  // and the trucks' shapes their colours.
  const tilesKey = tilesKeyOf(view);
  const [tiles, setTiles] = useState<TilesFacts>(() => ({ key: tilesKey, view }));
  if (tiles.key !== tilesKey) setTiles({ key: tilesKey, view });
  const drawersKey = `${colorsOf(view)}@${layout.cell}`;
  const [truckDrawers, setTruckDrawers] = useState(() => ({
    key: drawersKey,
    map: truckDrawersOf(view, layout.cell),
  }));
  if (truckDrawers.key !== drawersKey) {
    setTruckDrawers({ key: drawersKey, map: truckDrawersOf(view, layout.cell) });
  }
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

  /** Every truck where the view puts it; the driving one where its drive is at `now`. */
  const placeTrucks = useCallback(
    (now: number) => {
      const d = driving.current;
      for (const [uid, container] of trucks.current) {
        const seat = seats.get(uid);
        const position = view.participants[uid]?.position;
        if (seat === undefined || position === undefined) continue;
        const point =
          d && d.player === uid && d.path.length > 0
            ? drivePoint(d, seat, size, now)
            : truckSpot(position, seat, size);
        container.position.set(point.x, point.y);
      }
    },
    [seats, size, view],
  );

  const tick = useCallback(() => {
    const now = Date.now();
    placeTrucks(now);
    // This frame still renders (the render listener runs after this one); the next does not.
    if (!isDriving(driving.current, now)) {
      app.ticker.stop();
      Ticker.system.stop();
    }
  }, [app, placeTrucks]);
  useTick(tick);

  // After every commit: resize if needed, put everything in place, then one frame or the ticker.
  useLayoutEffect(() => {
    driving.current = drive;
    if (!app?.renderer) return;
    const resized = app.renderer.width !== size || app.renderer.height !== size;
    if (resized) app.renderer.resize(size, size);
    const layer = tilesLayer.current;
    const cached = cachedFor.current;
    if (layer && (cached?.tiles !== tiles || cached.size !== size)) {
      if (!layer.isCachedAsTexture) layer.cacheAsTexture(true);
      else layer.updateCacheTexture();
      cachedFor.current = { tiles, size };
    }
    const now = Date.now();
    placeTrucks(now);
    if (isDriving(drive, now)) {
      // A resized canvas is blank until drawn: draw it now rather than at the next tick.
      if (resized) app.render();
      startTicking(app);
    } else if (!app.ticker.started || resized) {
      if (!app.ticker.started) Ticker.system.stop();
      app.render();
    }
    if (!drawnOnce.current) {
      drawnOnce.current = true;
      onDrawn?.();
    }
  });

  const drawTiles = useCallback((g: Graphics) => drawBoard(g, layout, tiles.view), [layout, tiles]);

  return (
    <pixiContainer>
      <pixiContainer ref={tilesLayer}>
        <pixiGraphics draw={drawTiles} />
        {layout.tiles.map((tile) => {
          const box = BOARD[tile.position] as Box;
          return (
            <pixiText
              key={box.id}
              text={tileLabel(box, tiles.view, layout.cell)}
              x={tile.center.x}
              y={tile.y + tile.height * 0.06}
              anchor={{ x: 0.5, y: 0 }}
              style={labelStyles(labelInk(box, tiles.view), tile.width - 4)}
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
            <pixiGraphics draw={truckDrawers.map.get(uid) ?? noDraw} />
          </pixiContainer>
        );
      })}
    </pixiContainer>
  );
}

/** The view as far as the tiles are concerned, and the key it is known by. */
interface TilesFacts {
  key: string;
  view: RoomView;
}

/** What the tiles draw from the view: each home box's owner (name, colour) and trucks. */
function tilesKeyOf(view: RoomView): string {
  return BOARD.filter((box) => box.kind === 'home')
    .map((box) => {
      const state = view.boardState[box.id];
      const owner = state?.owner ? view.participants[state.owner] : undefined;
      return owner ? `${box.id}:${owner.name}:${owner.color}:${state?.trucks ?? 0}` : box.id;
    })
    .join('|');
}

function colorsOf(view: RoomView): string {
  return view.joinedOrder.map((uid) => `${uid}:${view.participants[uid]?.color ?? ''}`).join(' ');
}

/** One drawing per truck (the same function while its colour and the board's size stay). */
function truckDrawersOf(view: RoomView, cell: number): Map<string, (g: Graphics) => void> {
  const drawers = new Map<string, (g: Graphics) => void>();
  for (const uid of view.joinedOrder) {
    const color = view.participants[uid]?.color;
    if (color) drawers.set(uid, (g: Graphics) => drawTruck(g, playerHex(color), cell));
  }
  return drawers;
}

function noDraw(): void {}

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
