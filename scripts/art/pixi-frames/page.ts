// Runs in the browser (bundled by ../measure-pixi.ts): draws the art module's board with Pixi in
// two ways and times them. `graphics`: every scene node becomes Pixi Graphics and Text (symbols as
// shared GraphicsContexts), the static layer cached as a texture. `raster`: the browser rasterises
// the static layer's SVG into one texture at device resolution, and each truck and die face into
// its own; everything that moves is a sprite. Then six trucks drive round the road, frame by frame.
import 'pixi.js/unsafe-eval';
import {
  Application,
  Container,
  FillGradient,
  Graphics,
  GraphicsContext,
  GraphicsPath,
  Sprite,
  Text,
  Texture,
  type FillInput,
} from 'pixi.js';
import { boardDefs, boardScene } from '#site/shared/art/board.ts';
import { parkingSpot, truckPose } from '#site/shared/art/geometry.ts';
import { boardModel } from '#site/shared/art/model.ts';
import type { LinearGradient, Paint, SceneNode, Transform } from '#site/shared/art/scene.ts';
import { sceneToSvg } from '#site/shared/art/svg.ts';
import { truckAt } from '#site/shared/art/truck.ts';
import { FONT_FAMILY, ASCENT } from '#site/shared/art/type.ts';
import { sixLate } from '#tests/support/art-rooms.ts';

declare global {
  interface Window {
    measure: (way: 'graphics' | 'raster', size: number, frames: number) => Promise<Result>;
  }
}

interface Result {
  way: string;
  buildMs: number;
  rebuildMs: number;
  frames: number;
  frameMs: { median: number; p95: number; mean: number };
}

const gradients = new Map<string, LinearGradient>(boardDefs().gradients.map((g) => [g.id, g]));

function paintOf(paint: Paint | undefined): FillInput | null {
  if (paint === undefined) return null;
  if (typeof paint === 'string') return { color: paint };
  const g = gradients.get(paint.gradient);
  if (!g) return null;
  return new FillGradient({
    type: 'linear',
    start: { x: g.x1, y: g.y1 },
    end: { x: g.x2, y: g.y2 },
    colorStops: g.stops.map((s) => ({ offset: s.offset, color: s.color })),
    textureSpace: 'local',
  });
}

function applyTransform(target: Container, t: Transform | undefined): void {
  if (!t) return;
  target.position.set(t.x ?? 0, t.y ?? 0);
  target.rotation = ((t.rotate ?? 0) * Math.PI) / 180;
  const s = t.scale ?? 1;
  if (typeof s === 'number') target.scale.set(s, s);
  else target.scale.set(s.x, s.y);
}

/** Draws one shape into a GraphicsContext (a symbol's shapes share one context). */
function drawShape(ctx: GraphicsContext, node: SceneNode): void {
  if (node.type === 'group') {
    for (const child of node.children) drawShape(ctx, child);
    return;
  }
  if (node.type === 'text' || node.type === 'use') return;
  if (node.type === 'rect') {
    const r = Math.min(node.radius ?? 0, node.width / 2, node.height / 2);
    if (r > 0) ctx.roundRect(node.x, node.y, node.width, node.height, r);
    else ctx.rect(node.x, node.y, node.width, node.height);
  } else if (node.type === 'circle') ctx.circle(node.cx, node.cy, node.r);
  else if (node.type === 'ellipse') ctx.ellipse(node.cx, node.cy, node.rx, node.ry);
  else ctx.path(new GraphicsPath(node.d));
  const fill = paintOf(node.fill);
  const alpha = node.opacity ?? 1;
  if (fill) ctx.fill(typeof fill === 'object' && 'color' in fill ? { ...fill, alpha } : fill);
  const stroke = paintOf(node.stroke);
  if (stroke && typeof stroke === 'object' && 'color' in stroke) {
    ctx.stroke({
      ...stroke,
      width: node.strokeWidth ?? 1,
      alpha,
      join: node.strokeJoin === 'miter' ? 'miter' : 'round',
      cap: node.strokeJoin === 'miter' ? 'butt' : 'round',
    });
  }
}

const symbolContexts = new Map<string, GraphicsContext>();
function symbolContext(id: string): GraphicsContext {
  let ctx = symbolContexts.get(id);
  if (!ctx) {
    ctx = new GraphicsContext();
    const node = boardDefs().symbols[id];
    if (node) drawShape(ctx, node);
    symbolContexts.set(id, ctx);
  }
  return ctx;
}

/** A scene node as Pixi display objects. */
function build(node: SceneNode): Container {
  switch (node.type) {
    case 'group': {
      const c = new Container();
      applyTransform(c, node.transform);
      if (node.opacity !== undefined) c.alpha = node.opacity;
      for (const child of node.children) c.addChild(build(child));
      return c;
    }
    case 'use': {
      const g = new Graphics(symbolContext(node.symbol));
      applyTransform(g, node.transform);
      return g;
    }
    case 'text': {
      const t = new Text({
        text: node.text,
        style: {
          fontFamily: FONT_FAMILY,
          fontSize: node.size,
          fontWeight: String(node.weight) as '400',
          fill: node.fill,
          ...(node.stroke ? { stroke: { color: node.stroke, width: node.strokeWidth ?? 1 } } : {}),
        },
      });
      t.anchor.set(node.anchor === 'start' ? 0 : node.anchor === 'end' ? 1 : 0.5, 0);
      t.position.set(node.x, node.y - node.size * ASCENT);
      return t;
    }
    default: {
      const g = new Graphics();
      drawShape(g.context, node);
      return g;
    }
  }
}

async function rasterise(svg: string, width: number, height: number): Promise<Texture> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  const image = new Image(width, height);
  image.src = url;
  await image.decode();
  URL.revokeObjectURL(url);
  return Texture.from(image);
}

function stats(list: number[]): Result['frameMs'] {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), mean: list.reduce((a, b) => a + b, 0) / list.length };
}

window.measure = async (way, size, frames) => {
  const resolution = 2;
  const app = new Application();
  await app.init({
    width: size,
    height: size,
    resolution,
    autoDensity: true,
    preference: 'webgl',
    autoStart: false,
    antialias: true,
  });
  document.body.replaceChildren(app.canvas);
  const model = boardModel(sixLate);
  const scene = boardScene(model, { size });
  const pieces: Container[] = [];
  const started = performance.now();
  let rebuild: () => Promise<void>;
  if (way === 'graphics') {
    const layer = new Container();
    const fill = (from: typeof scene) => {
      layer.removeChildren().forEach((c) => c.destroy({ children: true }));
      for (const name of ['board', 'hud', 'die'] as const) layer.addChild(build(from.layers[name]));
      if (layer.isCachedAsTexture) layer.updateCacheTexture();
      else layer.cacheAsTexture(true);
    };
    fill(scene);
    app.stage.addChild(layer);
    for (const seat of model.seats) {
      const piece = build(
        truckAt(seat.color, { x: 0, y: 0, heading: 0, length: (size / 6) * 0.28 }, { piece: true }),
      );
      pieces.push(piece);
      app.stage.addChild(piece);
    }
    // As after a purchase: the scene drawn again from the room, the layer rebuilt and re-cached.
    rebuild = async () => fill(boardScene(model, { size }));
  } else {
    const staticScene = {
      ...scene,
      layers: { ...scene.layers, pieces: { type: 'group' as const, children: [] } },
    };
    const texture = await rasterise(sceneToSvg(staticScene), size * resolution, size * resolution);
    const background = new Sprite(texture);
    background.setSize(size, size);
    app.stage.addChild(background);
    const length = (size / 6) * 0.28;
    for (const seat of model.seats) {
      const piece = truckAt(
        seat.color,
        { x: length * 0.6, y: length * 0.4, heading: 0, length },
        { piece: true },
      );
      const svg = sceneToSvg({
        ...scene,
        size: length * 1.2,
        layers: {
          board: { type: 'group', children: [piece] },
          hud: { type: 'group', children: [] },
          die: { type: 'group', children: [] },
          pieces: { type: 'group', children: [] },
        },
      });
      const sprite = new Sprite(
        await rasterise(
          svg,
          Math.ceil(length * 1.2 * resolution),
          Math.ceil(length * 1.2 * resolution),
        ),
      );
      sprite.anchor.set(0.5, 1 / 3);
      sprite.setSize(length * 1.2, length * 1.2);
      const holder = new Container();
      holder.addChild(sprite);
      pieces.push(holder);
      app.stage.addChild(holder);
    }
    rebuild = async () => {
      const fresh = boardScene(model, { size });
      const svg = sceneToSvg({
        ...fresh,
        layers: { ...fresh.layers, pieces: staticScene.layers.pieces },
      });
      background.texture = await rasterise(svg, size * resolution, size * resolution);
    };
  }
  app.render();
  const buildMs = performance.now() - started;
  const r0 = performance.now();
  await rebuild();
  app.render();
  const rebuildMs = performance.now() - r0;

  const times: number[] = [];
  await new Promise<void>((done) => {
    let frame = 0;
    const step = () => {
      const t0 = performance.now();
      for (const [i, seat] of model.seats.entries()) {
        const progress = frame / 12;
        const from = (i * 3 + Math.floor(progress)) % 20;
        const a = parkingSpot(from, seat.seat, size, model.seats.length);
        const b = parkingSpot((from + 1) % 20, seat.seat, size, model.seats.length);
        const t = progress % 1;
        const piece = pieces[i] as Container;
        piece.position.set(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
        const pose = truckPose(a.heading);
        piece.rotation = (pose.rotate * Math.PI) / 180;
        piece.scale.x = pose.mirror ? -Math.abs(piece.scale.x) : Math.abs(piece.scale.x);
      }
      app.render();
      times.push(performance.now() - t0);
      frame += 1;
      if (frame < frames) requestAnimationFrame(step);
      else done();
    };
    requestAnimationFrame(step);
  });
  app.destroy(true, { children: true, texture: true });
  return { way, buildMs, rebuildMs, frames, frameMs: stats(times) };
};
