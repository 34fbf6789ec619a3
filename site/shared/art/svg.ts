// The SVG renderer: a scene (scene.ts) as SVG markup, for the board in the page's first HTML and for
// pictures. Every text and attribute value is escaped here, in one place: names and room ids are
// whatever players typed. Numbers are rounded to 0.01 px so the same scene always gives the same
// bytes.
import {
  LAYERS,
  type DataAttributes,
  type Group,
  type LinearGradient,
  type Paint,
  type Scene,
  type SceneNode,
  type Style,
  type Transform,
} from './scene';
import { FONT_FAMILY } from './type';

/** Characters XML forbids (controls, lone surrogates, U+FFFE/U+FFFF): replaced, never passed on. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` with every character XML forbids replaced by U+FFFD. */
export function xmlChars(text: string): string {
  return text.replace(NOT_XML, '\uFFFD');
}

/** Anything escaping would change (most texts and values have none: they go through as they are). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SPECIAL = /[&<>"'\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text content: `&`, `<` and `>` as entities. */
export function escapeText(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return xmlChars(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value (always written in double quotes): quotes too. */
export function escapeAttribute(value: string): string {
  if (!SPECIAL.test(value)) return value;
  return escapeText(value).replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

const ATTRIBUTE_NAME = /^[a-z][a-z0-9-]*$/;
const ID = /^[A-Za-z][A-Za-z0-9_-]*$/;

function checkId(id: string): string {
  if (!ID.test(id)) throw new Error(`Not a usable SVG id: ${JSON.stringify(id)}`);
  return id;
}

/** A coordinate or length: at most two decimals, no `-0`, never NaN or Infinity. */
export function num(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function attr(name: string, value: string | number | undefined): string {
  if (value === undefined) return '';
  const text = typeof value === 'number' ? num(value) : escapeAttribute(value);
  return ` ${name}="${text}"`;
}

export function transformText(t: Transform | undefined): string | undefined {
  if (!t) return undefined;
  const parts: string[] = [];
  if (t.x || t.y) parts.push(`translate(${num(t.x ?? 0)} ${num(t.y ?? 0)})`);
  if (t.rotate) parts.push(`rotate(${num(t.rotate)})`);
  if (t.scale !== undefined) {
    const { x, y } = typeof t.scale === 'number' ? { x: t.scale, y: t.scale } : t.scale;
    if (x !== 1 || y !== 1) parts.push(x === y ? `scale(${num(x)})` : `scale(${num(x)} ${num(y)})`);
  }
  return parts.length > 0 ? parts.join(' ') : undefined;
}

function paint(value: Paint | undefined): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : `url(#${checkId(value.gradient)})`;
}

function dataAttributes(data: DataAttributes | undefined): string {
  if (!data) return '';
  return Object.entries(data)
    .map(([name, value]) => {
      if (!ATTRIBUTE_NAME.test(name)) throw new Error(`Not a data attribute name: ${name}`);
      return attr(`data-${name}`, value);
    })
    .join('');
}

function styleAttributes(node: Style): string {
  const stroke = paint(node.stroke);
  return (
    attr('fill', paint(node.fill) ?? 'none') +
    (stroke
      ? attr('stroke', stroke) +
        attr('stroke-width', node.strokeWidth ?? 1) +
        (node.strokeJoin === 'miter'
          ? ''
          : attr('stroke-linejoin', 'round') + attr('stroke-linecap', 'round'))
      : '')
  );
}

function common(node: SceneNode): string {
  return dataAttributes(node.data) + attr('opacity', node.opacity === 1 ? undefined : node.opacity);
}

function element(name: string, attributes: string, node: SceneNode, inner = ''): string {
  const title = node.title === undefined ? '' : `<title>${escapeText(node.title)}</title>`;
  const content = title + inner;
  return content ? `<${name}${attributes}>${content}</${name}>` : `<${name}${attributes}/>`;
}

/** A painted shape: its own attributes (in order; undefined ones left out), then fill, stroke, data. */
function shape(
  name: string,
  node: SceneNode & Style,
  attributes: readonly [string, string | number | undefined][],
): string {
  const own = attributes.map(([key, value]) => attr(key, value)).join('');
  return element(name, own + styleAttributes(node) + common(node), node);
}

/** One node and its children as SVG markup. */
export function nodeToSvg(node: SceneNode): string {
  switch (node.type) {
    case 'group':
      return element(
        'g',
        attr('transform', transformText(node.transform)) + common(node),
        node,
        node.children.map(nodeToSvg).join(''),
      );
    case 'rect': {
      const radius = Math.min(node.radius ?? 0, node.width / 2, node.height / 2);
      return shape('rect', node, [
        ['x', node.x],
        ['y', node.y],
        ['width', node.width],
        ['height', node.height],
        ['rx', radius > 0 ? radius : undefined],
      ]);
    }
    case 'circle':
      return shape('circle', node, [
        ['cx', node.cx],
        ['cy', node.cy],
        ['r', node.r],
      ]);
    case 'ellipse':
      return shape('ellipse', node, [
        ['cx', node.cx],
        ['cy', node.cy],
        ['rx', node.rx],
        ['ry', node.ry],
      ]);
    case 'path':
      return shape('path', node, [['d', node.d]]);
    case 'text': {
      const halo = node.stroke
        ? attr('stroke', node.stroke) +
          attr('stroke-width', node.strokeWidth ?? 1) +
          attr('stroke-linejoin', 'round') +
          attr('paint-order', 'stroke')
        : '';
      return element(
        'text',
        attr('x', node.x) +
          attr('y', node.y) +
          attr('font-size', node.size) +
          attr('font-weight', String(node.weight)) +
          (node.anchor === 'start' ? '' : attr('text-anchor', node.anchor)) +
          attr('fill', node.fill) +
          halo +
          common(node),
        node,
        escapeText(node.text),
      );
    }
    case 'use':
      return element(
        'use',
        attr('href', `#${checkId(node.symbol)}`) +
          attr('transform', transformText(node.transform)) +
          common(node),
        node,
      );
  }
}

function gradientToSvg(g: LinearGradient): string {
  const stops = g.stops
    .map(
      (s) =>
        `<stop${attr('offset', s.offset)}${attr('stop-color', s.color)}${attr(
          'stop-opacity',
          s.opacity === undefined || s.opacity === 1 ? undefined : s.opacity,
        )}/>`,
    )
    .join('');
  return `<linearGradient${attr('id', checkId(g.id))}${attr('x1', g.x1)}${attr('y1', g.y1)}${attr(
    'x2',
    g.x2,
  )}${attr('y2', g.y2)}>${stops}</linearGradient>`;
}

/** The scene's gradients and symbols: the content of its `<defs>`. */
export function defsMarkup(scene: Pick<Scene, 'gradients' | 'symbols'>): string {
  const symbols = Object.entries(scene.symbols)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, node]) => `<g${attr('id', checkId(id))}>${nodeToSvg(node)}</g>`);
  return scene.gradients.map(gradientToSvg).join('') + symbols.join('');
}

/** What the board's text is set in: the page's own sans, numbers tabular (equal widths). */
export const TEXT_STYLE = 'font-variant-numeric:tabular-nums';

/**
 * The root `<svg>` element's attributes, in order; the React component (board-svg.tsx) renders the
 * same ones, so the page's first HTML and a picture of the board are the same markup.
 */
export function svgRootAttributes(scene: Pick<Scene, 'size' | 'label'>): [string, string][] {
  const side = num(scene.size);
  return [
    ['xmlns', 'http://www.w3.org/2000/svg'],
    ['viewBox', `0 0 ${side} ${side}`],
    ['width', side],
    ['height', side],
    ['role', 'img'],
    ['aria-label', scene.label],
    ['data-board', ''],
    ['font-family', FONT_FAMILY],
    ['style', TEXT_STYLE],
  ];
}

/** A layer's content (its `<g data-layer>` wraps it, so each can be redrawn on its own). */
export function layerMarkup(layer: Group): string {
  return layer.children.map(nodeToSvg).join('');
}

/** The whole scene as one standalone SVG document (no XML declaration: it also goes inline). */
export function sceneToSvg(scene: Scene): string {
  const root = svgRootAttributes(scene)
    .map(([name, value]) => attr(name, value))
    .join('');
  const layers = LAYERS.map(
    (name) => `<g data-layer="${name}">${layerMarkup(scene.layers[name])}</g>`,
  );
  return `<svg${root}><defs>${defsMarkup(scene)}</defs>${layers.join('')}</svg>`;
}
