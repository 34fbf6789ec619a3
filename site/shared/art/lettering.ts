// Placed text (labels.ts) as scene nodes, and the plates it sits on: shared by the tiles and the hud.
import type { Box } from './geometry';
import { OUTLINE } from './palette';
import type { PlacedText } from './labels';
import type { SceneNode } from './scene';

export function textNodes(
  placed: PlacedText,
  fill: string,
  halo?: { color: string; width: number },
): SceneNode[] {
  return placed.lines.map((line, i): SceneNode => ({
    type: 'text',
    x: placed.x,
    y: placed.baselines[i] as number,
    text: line,
    size: placed.size,
    weight: placed.weight,
    anchor: 'middle',
    fill,
    ...(halo ? { stroke: halo.color, strokeWidth: halo.width } : {}),
  }));
}

export function plate(
  box: Box,
  fill: string,
  radius: number,
  stroke = OUTLINE,
  width = 1,
): SceneNode {
  return { type: 'rect', ...box, radius, fill, stroke, strokeWidth: width };
}
