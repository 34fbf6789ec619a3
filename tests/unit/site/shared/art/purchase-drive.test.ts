import { describe, expect, it } from 'vitest';
import { boardLayer } from '#site/shared/art/layers.ts';
import { purchaseDrive } from '#site/shared/art/purchase-drive.ts';
import { boardLayout } from '#site/shared/art/geometry.ts';
import { layoutCentre } from '#site/shared/art/labels.ts';
import { boardModel, type SeatModel } from '#site/shared/art/model.ts';
import { findData, type SceneNode } from '#site/shared/art/scene.ts';
import { TRUCK_UNITS } from '#site/shared/art/truck.ts';
import { sixLate } from '#tests/support/art-rooms.ts';

/** The trucks the static layer parks in `uid`'s yard (their groups carry the truck's transform). */
function parkedIn(seats: readonly SeatModel[], size: number, textScale: number, uid: string) {
  const layer = boardLayer(seats, size, textScale, layoutCentre(size, textScale));
  const [yard] = findData(layer, 'seat').filter((node) => node.data?.seat === uid);
  if (!yard || yard.type !== 'group') return [];
  return yard.children.flatMap((node: SceneNode) =>
    node.type === 'group' && node.transform ? [node.transform] : [],
  );
}

describe('a bought truck’s drive (the overlay’s, over the canvas and the SVG board)', () => {
  const { seats } = boardModel(sixLate);

  it.each([
    [360, 1],
    [280, 1],
    [560, 2],
  ])('ends where the yard parks the new truck at %i px, text ×%i', (size, textScale) => {
    for (const seat of seats.filter((s) => s.trucks < 6)) {
      const trucks = seat.trucks + 1;
      const drive = purchaseDrive(seats, size, textScale, seat.uid, trucks);
      const after = seats.map((s) => (s.uid === seat.uid ? { ...s, trucks } : s));
      const parked = parkedIn(after, size, textScale, seat.uid);
      expect(parked).toHaveLength(trucks);
      const last = parked.at(-1)!;
      expect(drive?.to, seat.name).toMatchObject({ x: last.x, y: last.y });
      expect(last.scale).toBeCloseTo(drive!.to.length / TRUCK_UNITS.length, 6);
    }
  });

  it('starts in the dealer’s showroom, at the size it parks', () => {
    const size = 360;
    const dealer = boardLayout(size).tiles[19]!;
    const drive = purchaseDrive(seats, size, 1, 'u-bupe', 3)!;
    expect(drive.from.x).toBeGreaterThan(dealer.x);
    expect(drive.from.x).toBeLessThan(dealer.x + dealer.width);
    expect(drive.from.y).toBeGreaterThan(dealer.y);
    expect(drive.from.y).toBeLessThan(dealer.y + dealer.height);
    expect(drive.from.length).toBe(drive.to.length);
  });

  it('is none for a player with no yard on the board', () => {
    expect(purchaseDrive(seats, 360, 1, 'nobody', 1)).toBeNull();
  });
});
