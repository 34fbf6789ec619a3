// The scene model: the board as plain vector data that both renderers draw, the server-rendered SVG
// (svg.ts) and the Pixi canvas. Only what both can draw exactly: groups with a translate / rotate /
// scale transform, rectangles (rounded), circles, ellipses, paths (absolute M L H V C Q A Z), one
// line of text, a shared symbol placed again (`use`), solid colours and two-stop-or-more linear
// gradients across a shape's bounding box. No dashes, filters, masks or clip paths: Pixi draws none
// of them the way a browser does.

/** A colour as `#rrggbb`, or a gradient of the scene by id. */
export type Paint = string | { gradient: string };

export interface GradientStop {
  /** 0 … 1 along the gradient. */
  offset: number;
  color: string;
  opacity?: number;
}

/** A linear gradient across the painted shape's bounding box: (0, 0) its top left, (1, 1) its bottom right. */
export interface LinearGradient {
  id: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  stops: readonly GradientStop[];
}

/** Applied in this order: translate, then rotate (degrees, clockwise), then scale. */
export interface Transform {
  x?: number;
  y?: number;
  rotate?: number;
  scale?: number | { x: number; y: number };
}

/** `data-*` attributes: the markers outside readers use (contract section 8). */
export type DataAttributes = Readonly<Record<string, string>>;

interface NodeBase {
  data?: DataAttributes;
  opacity?: number;
  /** A tooltip and accessible name (SVG `<title>`). */
  title?: string;
}

export interface Style {
  fill?: Paint;
  stroke?: Paint;
  strokeWidth?: number;
  /** Round joins and caps (the art's default is round: chunky, friendly shapes). */
  strokeJoin?: 'round' | 'miter';
}

export interface Group extends NodeBase {
  type: 'group';
  transform?: Transform;
  children: readonly SceneNode[];
}

export interface Rect extends NodeBase, Style {
  type: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
  radius?: number;
}

export interface Circle extends NodeBase, Style {
  type: 'circle';
  cx: number;
  cy: number;
  r: number;
}

export interface Ellipse extends NodeBase, Style {
  type: 'ellipse';
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

export interface Path extends NodeBase, Style {
  type: 'path';
  /** Absolute commands only (M L H V C Q A Z): both SVG and Pixi's GraphicsPath read them. */
  d: string;
}

export type TextAnchor = 'start' | 'middle' | 'end';

export interface Text extends NodeBase {
  type: 'text';
  x: number;
  /** The alphabetic baseline. */
  y: number;
  text: string;
  size: number;
  weight: 400 | 700 | 800;
  anchor: TextAnchor;
  fill: string;
  /** A halo behind the letters (painted under the fill, as Pixi's text stroke is). */
  stroke?: string;
  strokeWidth?: number;
}

export interface Use extends NodeBase {
  type: 'use';
  /** A key of `Scene.symbols`. */
  symbol: string;
  transform?: Transform;
}

export type SceneNode = Group | Rect | Circle | Ellipse | Path | Text | Use;

/** The board's layers, bottom to top; each is redrawn on its own (static vs moving, see README). */
export const LAYERS = ['board', 'hud', 'die', 'pieces'] as const;
export type LayerName = (typeof LAYERS)[number];

export interface Scene {
  /** Side of the square board in CSS px (the scene's coordinates run 0 … size). */
  size: number;
  /** What the board shows, in words (the SVG's accessible name). */
  label: string;
  gradients: readonly LinearGradient[];
  /** Shapes drawn once and placed many times (a truck per colour, a wheel, the die's faces). */
  symbols: Readonly<Record<string, SceneNode>>;
  layers: Readonly<Record<LayerName, Group>>;
}

export function group(
  children: readonly SceneNode[],
  options: Omit<Group, 'type' | 'children'> = {},
): Group {
  return { type: 'group', children, ...options };
}

/** Moves `children` by (x, y), and optionally scales them (an icon drawn in a 24-unit box). */
export function placed(
  children: readonly SceneNode[],
  x: number,
  y: number,
  scale?: number,
  extra: Omit<Group, 'type' | 'children' | 'transform'> = {},
): Group {
  return group(children, { ...extra, transform: scale === undefined ? { x, y } : { x, y, scale } });
}

/** Every node of a tree, depth first (a group before its children). */
export function* walk(node: SceneNode): Generator<SceneNode> {
  yield node;
  if (node.type === 'group') for (const child of node.children) yield* walk(child);
}

/** The nodes carrying a `data-<name>` attribute. */
export function findData(node: SceneNode, name: string): SceneNode[] {
  return [...walk(node)].filter((n) => n.data?.[name] !== undefined);
}
