// The board's canvas (Pixi through @pixi/react). Loaded lazily by the board route only, so no other
// page ships Pixi. It draws the art module's scene (site/shared/art, the same one `BoardSvg` draws)
// for the room as the board shows it (the view rolled back by what is still to be revealed:
// shown-view.ts), and the one truck that drives during the motion's hops step, stop by stop along
// its lane on the motion's clock. The die, whose turn and the clock (the hud), the floats and the
// words of each reveal are DOM over the canvas (board-overlay.tsx), positioned from the same layout
// maths, so they change in the same render as the panels beside the board (decision 123).
//
// Drawn the way the art's measurements recommend (site/shared/art/README.md, decision 109): the
// browser rasterises the static layer's SVG (tiles, icons, labels, yards and parked fleets) into a
// texture, so the pixels are those of the page's SVG board and swapping one for the other shows no
// jump; each piece is a sprite of its colour's picture, rasterised once. The layer is re-rasterised
// only when its markup changes, never while a truck drives (canvas-art.ts says what it is drawn
// from).
//
// No frames while nothing moves: the application never starts its ticker by itself
// (`autoStart: false`); a change of props or a texture arriving renders one frame, and the ticker
// runs only while a truck drives, stopping itself on the frame where it has arrived. Pixi's system
// ticker (the texture scheduler, which the board does not need while idle) follows the same rule,
// or it would ask for a frame forever.
import { Application, extend, useApplication, useTick } from '@pixi/react';
// Only what the board draws (decision 056): the renderer, containers and sprites. Pixi's optional
// browser extensions (accessibility, DOM elements, pointer events, filters) are neither imported
// here nor fetched at init (`skipExtensionImports`): the board's taps are DOM events on the square
// around the canvas, and its words are in the page.
// Pixi compiles shader glue with `new Function` unless this polyfill is present; the site's
// Content-Security-Policy allows no eval.
import 'pixi.js/unsafe-eval';
import { Container, Sprite, Texture, Ticker, type Application as PixiApp } from 'pixi.js';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { PlayerColor } from '#game/board.ts';
import type { RoomView } from '#game/protocol.ts';
import { boardLayer } from '#site/shared/art/layers.ts';
import { layoutCentre } from '#site/shared/art/labels.ts';
import { boardModel } from '#site/shared/art/model.ts';
import { layerMarkup } from '#site/shared/art/svg.ts';
import { isDriving, type Drive } from './animation';
import { readTextScale } from './board-hud';
import { boardKey, pieceArt, piecePlacements, poseOf, svgDocument } from './canvas-art';

extend({ Container });

export interface BoardCanvasProps {
  /** The room as the board shows it. */
  view: RoomView;
  /** Side of the square board in CSS pixels. */
  size: number;
  /** The truck driving now (the motion's hops step), on the `Date.now()` clock; or null. */
  drive?: Drive | null;
  /**
   * Called once, after the first frame with the tiles and every piece drawn: the canvas
   * then takes over from the first HTML's SVG (decision 103) showing the same picture.
   */
  onDrawn?: () => void;
}

function pixelRatio(): number {
  return typeof window === 'undefined' ? 1 : Math.min(window.devicePixelRatio || 1, 2);
}

export default memo(function BoardCanvas({ view, size, drive = null, onDrawn }: BoardCanvasProps) {
  // Init options are read once; later size changes resize the renderer (see Scene).
  return (
    <Application
      width={size}
      height={size}
      autoStart={false}
      preference="webgl"
      antialias
      backgroundAlpha={0}
      resolution={pixelRatio()}
      autoDensity
      skipExtensionImports
      className="board-canvas"
    >
      <Scene view={view} size={size} drive={drive} onDrawn={onDrawn} />
    </Application>
  );
});

/** The browser decodes `svg` (a standalone SVG document) into a texture of its own pixels. */
async function rasterise(svg: string): Promise<Texture> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return Texture.from(image);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Calls `onDrawn` once, on the first frame that has everything in it. */
class FirstFrame {
  private done = false;
  private onDrawn: (() => void) | undefined;
  private complete: () => boolean = () => false;

  expect(onDrawn: (() => void) | undefined, complete: () => boolean): void {
    this.onDrawn = onDrawn;
    this.complete = complete;
  }

  check(): void {
    if (this.done || !this.complete()) return;
    this.done = true;
    this.onDrawn?.();
  }
}

/** A sprite whose texture is replaced by the newest finished rasterisation of changing markup. */
class RasterLayer {
  readonly sprite = new Sprite();
  private wanted: string | null = null;
  private shown: string | null = null;

  constructor(private readonly onShown: (side: number) => void) {
    this.sprite.visible = false;
  }

  /** Rasterises `svg` (known by `key`) unless it is what is shown or already on its way. */
  want(key: string, svg: () => string, side: number): void {
    if (key === this.wanted) return;
    this.wanted = key;
    // Until the new picture arrives the old one stands in, stretched to the board's new side.
    if (this.shown !== null) this.sprite.setSize(side, side);
    if (key === this.shown) return;
    void rasterise(svg()).then(
      (texture) => {
        if (this.sprite.destroyed || key !== this.wanted) {
          texture.destroy(true);
          return;
        }
        const old = this.sprite.texture;
        this.sprite.texture = texture;
        this.sprite.setSize(side, side);
        this.sprite.visible = true;
        this.shown = key;
        if (old !== Texture.EMPTY) old.destroy(true);
        this.onShown(side);
      },
      () => undefined,
    );
  }

  get ready(): boolean {
    return this.shown !== null;
  }

  /** Stretches what is shown to a new side (until its own picture at that side arrives). */
  stretch(side: number): void {
    if (this.shown !== null) this.sprite.setSize(side, side);
  }

  destroy(): void {
    const texture = this.sprite.texture;
    this.sprite.destroy();
    if (texture !== Texture.EMPTY) texture.destroy(true);
  }
}

function Scene({ view, size, drive = null, onDrawn }: BoardCanvasProps) {
  const { app } = useApplication();
  const model = useMemo(() => boardModel(view), [view]);
  const [textScale] = useState(readTextScale);
  const resolution = pixelRatio();
  const centre = useMemo(() => layoutCentre(size, textScale), [size, textScale]);
  const driving = useRef<Drive | null>(drive);
  const placeLatest = useRef<(now: number) => void>(() => undefined);
  const root = useRef<Container | null>(null);

  // The static layer and the pieces' pictures, made once per canvas, and one frame on demand.
  const art = useMemo(() => {
    const first = new FirstFrame();
    /**
     * One frame now, for a picture that has just arrived (rare: even while the ticker runs, whose
     * next frame may be a while off on a busy or held page); the first complete one is announced.
     */
    const renderOnce = () => {
      if (!app?.renderer) return;
      if (!app.ticker.started) Ticker.system.stop();
      app.render();
      first.check();
    };
    // The canvas says which side its tiles were last drawn at (`data-drawn`): a reader can wait for
    // the board's own pixels after a resize instead of the stand-in stretched from the old size.
    const board = new RasterLayer((side) => {
      markDrawn(app, side);
      renderOnce();
    });
    return {
      board,
      pieces: new Container(),
      sprites: new Map<string, Sprite>(),
      pictures: new Map<string, { texture: Texture | null; length: number }>(),
      first,
      renderOnce,
    };
  }, [app]);

  useEffect(() => {
    const container = root.current;
    if (!container) return;
    container.addChild(art.board.sprite, art.pieces);
    return () => {
      art.board.destroy();
      art.pieces.destroy({ children: true });
      for (const picture of art.pictures.values()) picture.texture?.destroy(true);
      art.pictures.clear();
    };
  }, [art]);

  /** The picture of a piece, rasterised the first time it is asked for at this size. */
  const picture = useCallback(
    (color: PlayerColor, current: boolean) => {
      const key = `${color}:${current}:${size}:${resolution}`;
      let entry = art.pictures.get(key);
      if (!entry) {
        const drawn = pieceArt(color, current, size, resolution);
        const made: { texture: Texture | null; length: number } = {
          texture: null,
          length: drawn.length,
        };
        entry = made;
        art.pictures.set(key, made);
        void rasterise(drawn.svg).then(
          (texture) => {
            made.texture = texture;
            placeLatest.current(Date.now());
            art.renderOnce();
          },
          () => undefined,
        );
      }
      return entry;
    },
    [art, size, resolution],
  );

  /** Every piece where the room puts it; the driving one where its drive is at `now`. */
  const placePieces = useCallback(
    (now: number) => {
      const placements = piecePlacements(model, size, driving.current, now);
      const seen = new Set<string>();
      placements.forEach((p, order) => {
        seen.add(p.uid);
        let sprite = art.sprites.get(p.uid);
        if (!sprite) {
          sprite = new Sprite();
          sprite.anchor.set(0.5);
          art.sprites.set(p.uid, sprite);
          art.pieces.addChild(sprite);
        }
        const drawn = picture(p.color, p.current);
        if (drawn.texture && sprite.texture !== drawn.texture) sprite.texture = drawn.texture;
        sprite.visible = drawn.texture !== null;
        // The picture's pixels are `resolution` to its CSS px: its truck is that many times longer.
        const pose = poseOf(p.at, drawn.length * resolution);
        sprite.position.set(pose.x, pose.y);
        sprite.rotation = pose.rotation;
        sprite.scale.set(pose.scaleX, pose.scaleY);
        if (art.pieces.getChildIndex(sprite) !== order) art.pieces.setChildIndex(sprite, order);
      });
      for (const [uid, sprite] of art.sprites) {
        if (seen.has(uid)) continue;
        sprite.destroy();
        art.sprites.delete(uid);
      }
    },
    [art, model, size, picture, resolution],
  );

  /** The static layer, re-rasterised when its markup changes, but not while a truck drives. */
  const refreshLayers = useCallback(() => {
    const key = boardKey(model.seats, size, textScale, resolution);
    art.board.want(
      key,
      () =>
        svgDocument(
          layerMarkup(boardLayer(model.seats, size, textScale, centre)),
          size,
          resolution,
        ),
      size,
    );
  }, [art, model, size, textScale, resolution, centre]);

  const tick = useCallback(() => {
    const now = Date.now();
    placePieces(now);
    // This frame still renders (the render listener runs after this one); the next does not.
    if (!isDriving(driving.current, now)) {
      app.ticker.stop();
      Ticker.system.stop();
      refreshLayers();
    }
  }, [app, placePieces, refreshLayers]);
  useTick(tick);

  // After every commit: resize if needed, put everything in place, then one frame or the ticker.
  const drawnFor = useRef<{ view: RoomView; size: number; drive: Drive | null } | null>(null);
  useLayoutEffect(() => {
    const same =
      drawnFor.current?.view === view &&
      drawnFor.current.size === size &&
      drawnFor.current.drive === drive;
    driving.current = drive;
    placeLatest.current = placePieces;
    art.first.expect(
      onDrawn,
      () => art.board.ready && [...art.sprites.values()].every((s) => s.visible),
    );
    if (!app?.renderer) return;
    drawnFor.current = { view, size, drive };
    const resized = app.renderer.width !== size || app.renderer.height !== size;
    if (resized) {
      app.renderer.resize(size, size);
      // Even while a truck drives (when nothing is rasterised) the tiles fill the new side.
      art.board.stretch(size);
    }
    const now = Date.now();
    // A new side is drawn again at once, even while a truck drives: the stretched stand-in is blurred
    // and a resize is rare; every other change waits for the truck to arrive.
    if (!isDriving(drive, now) || resized) refreshLayers();
    placePieces(now);
    if (isDriving(drive, now)) {
      // A resized canvas is blank until drawn: draw it now rather than at the next tick.
      if (resized) app.render();
      startTicking(app);
    } else if ((!app.ticker.started && !same) || resized) {
      if (!app.ticker.started) Ticker.system.stop();
      app.render();
    }
    art.first.check();
  });

  return <pixiContainer ref={root} />;
}

function markDrawn(app: PixiApp | null, side: number): void {
  // A picture can arrive after the page put the canvas away: a destroyed app has no renderer, and
  // its `canvas` getter would throw.
  if (app?.renderer) app.canvas.dataset.drawn = String(side);
}

function startTicking(app: PixiApp): void {
  Ticker.system.start();
  app.ticker.start();
}
