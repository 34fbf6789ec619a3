// Each tile drawn: a stop's card (gradient in its tone, icon, label, price tag) and a yard's fenced
// lot (the owner's colours and fleet, or an empty lot "For rent").
import type { PlayerColor } from '#game/board.ts';
import { yardSpots, type Box } from './geometry';
import { iconAt } from './icons';
import { haloWidth, type PlacedText, type TileLayout } from './labels';
import { plate, textNodes } from './lettering';
import { CREAM, GROUND, INK, OUTLINE, TONES, WHITE, playerShades, type Tone } from './palette';
import { group, type LinearGradient, type SceneNode } from './scene';
import type { StopArt, TileArt, YardArt } from './tiles';
import { truckAt } from './truck';

/** The stops' card fills, one per tone (`zt-tone-<tone>`). */
export const TONE_GRADIENTS: LinearGradient[] = (Object.keys(TONES) as Tone[]).map((tone) => ({
  id: `zt-tone-${tone}`,
  x1: 0,
  y1: 0,
  x2: 0,
  y2: 1,
  stops: [
    { offset: 0, color: TONES[tone].base },
    { offset: 0.45, color: TONES[tone].base },
    { offset: 1, color: TONES[tone].light },
  ],
}));

/** The price tag: a cream tag with a punched hole, the amount in the tone's ink. */
function priceTag(tag: PlacedText, ink: string, cell: number): SceneNode[] {
  const hole = tag.size * 0.12;
  const nodes = [
    plate(
      tag.box,
      CREAM,
      Math.min(tag.box.height / 2, cell * 0.08),
      OUTLINE,
      Math.max(1, cell * 0.018),
    ),
    ...textNodes(tag, ink),
  ];
  if (hole >= 1.2) {
    nodes.splice(1, 0, {
      type: 'circle',
      cx: tag.box.x + tag.size * 0.16,
      cy: tag.box.y + tag.box.height / 2,
      r: hole,
      fill: OUTLINE,
      opacity: 0.55,
    });
  }
  return nodes;
}

/** A soft shadow under a plot, so the tiles stand on the grass. */
function cardShadow(card: Box, cell: number): SceneNode {
  return {
    type: 'rect',
    ...card,
    y: card.y + Math.max(1, cell * 0.025),
    radius: cell * 0.1,
    fill: '#000000',
    opacity: 0.22,
  };
}

function stopTile(art: StopArt, layout: TileLayout, cell: number): SceneNode {
  const tone = TONES[art.tone];
  const iconSide = Math.min(layout.art.width, layout.art.height);
  const halo = { color: OUTLINE, width: haloWidth(layout.label.size) };
  return group(
    [
      cardShadow(layout.card, cell),
      {
        type: 'rect',
        ...layout.card,
        radius: cell * 0.1,
        fill: { gradient: `zt-tone-${art.tone}` },
        stroke: OUTLINE,
        strokeWidth: Math.max(1, cell * 0.02),
      },
      iconAt(
        art.icon,
        layout.art.x + (layout.art.width - iconSide) / 2,
        layout.art.y + (layout.art.height - iconSide) / 2,
        iconSide,
      ),
      ...textNodes(layout.label, WHITE, halo),
      ...(layout.tag ? priceTag(layout.tag, tone.tagInk, cell) : []),
    ],
    { data: { tile: art.box.id, tone: art.tone } },
  );
}

/** A fenced lot: posts at the corners and along the sides, rails between them. */
function fence(card: Box, rail: string, post: string, cell: number): SceneNode[] {
  const width = Math.max(1.5, cell * 0.035);
  const postSide = Math.max(2.5, cell * 0.06);
  const inset = width / 2 + 0.5;
  const box = {
    x: card.x + inset,
    y: card.y + inset,
    width: card.width - 2 * inset,
    height: card.height - 2 * inset,
  };
  const posts: SceneNode[] = [];
  for (const fx of [0, 0.5, 1]) {
    for (const fy of [0, 0.5, 1]) {
      if (fx === 0.5 && fy === 0.5) continue;
      posts.push({
        type: 'rect',
        x: box.x + box.width * fx - postSide / 2,
        y: box.y + box.height * fy - postSide / 2,
        width: postSide,
        height: postSide,
        radius: postSide * 0.25,
        fill: post,
      });
    }
  }
  return [
    { type: 'rect', ...box, radius: cell * 0.08, stroke: rail, strokeWidth: width },
    ...posts,
  ];
}

function yardTile(art: YardArt, layout: TileLayout, cell: number): SceneNode {
  const { card } = layout;
  if (!art.owner) {
    // An empty lot: bare earth with a few tufts, fence posts without rails, and a "For rent"
    // board on two short legs.
    const leg = Math.max(1.5, cell * 0.035);
    const label = layout.label.box;
    const legTop = label.y + label.height - 0.5;
    const legLength = Math.max(2, layout.art.height * 0.35);
    const a = layout.art;
    const tuft = (x: number, y: number): SceneNode => ({
      type: 'path',
      d: `M${x - cell * 0.05} ${y} L${x - cell * 0.02} ${y - cell * 0.07} L${x} ${y} L${x + cell * 0.025} ${y - cell * 0.08} L${x + cell * 0.05} ${y} Z`,
      fill: GROUND.grassDark,
    });
    return group(
      [
        cardShadow(card, cell),
        {
          type: 'rect',
          ...card,
          radius: cell * 0.1,
          fill: GROUND.sandShade,
          stroke: OUTLINE,
          strokeWidth: Math.max(1, cell * 0.02),
        },
        {
          type: 'ellipse',
          cx: a.x + a.width * 0.3,
          cy: a.y + a.height * 0.72,
          rx: a.width * 0.24,
          ry: a.height * 0.14,
          fill: GROUND.earth,
          opacity: 0.25,
        },
        {
          type: 'ellipse',
          cx: a.x + a.width * 0.75,
          cy: a.y + a.height * 0.8,
          rx: a.width * 0.15,
          ry: a.height * 0.1,
          fill: GROUND.earth,
          opacity: 0.2,
        },
        tuft(a.x + a.width * 0.62, a.y + a.height * 0.98),
        tuft(a.x + a.width * 0.14, a.y + a.height * 0.95),
        ...fence(card, GROUND.sand, GROUND.earthDark, cell).slice(1),
        ...[0.3, 0.7].map((f): SceneNode => ({
          type: 'rect',
          x: label.x + label.width * f - leg / 2,
          y: legTop,
          width: leg,
          height: legLength,
          fill: GROUND.earthDark,
        })),
        plate(label, WHITE, cell * 0.05, OUTLINE, Math.max(1, cell * 0.02)),
        ...textNodes(layout.label, '#B42318'),
      ],
      { data: { tile: art.box.id, yard: 'empty' } },
    );
  }
  const shades = playerShades(art.owner.color);
  const fleet = yardSpots(layout.art, art.owner.trucks).map((spot) =>
    truckAt(art.owner?.color as PlayerColor, spot),
  );
  return group(
    [
      cardShadow(card, cell),
      {
        type: 'rect',
        ...card,
        radius: cell * 0.1,
        fill: shades.tint,
        stroke: OUTLINE,
        strokeWidth: Math.max(1, cell * 0.02),
      },
      ...fence(card, shades.fill, shades.dark, cell),
      group(
        [
          plate(layout.label.box, shades.dark, cell * 0.06, OUTLINE, Math.max(1, cell * 0.02)),
          ...textNodes(layout.label, WHITE),
          ...fleet,
          ...(layout.tag ? priceTag(layout.tag, INK, cell) : []),
        ],
        { data: { seat: art.owner.uid }, title: art.owner.name },
      ),
    ],
    { data: { tile: art.box.id, yard: art.owner.color } },
  );
}

/** A tile drawn in the layout `labels.ts` gives it, on a board whose cells are `cell` px. */
export function tileCard(art: TileArt, layout: TileLayout, cell: number): SceneNode {
  return art.kind === 'stop' ? stopTile(art, layout, cell) : yardTile(art, layout, cell);
}
