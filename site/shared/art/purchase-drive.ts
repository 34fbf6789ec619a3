// Where a bought truck drives: from the dealer's showroom to the spot its yard parks it at.
import { yardSpots, type Parking } from './geometry';
import { layoutTiles, type TileLayout } from './labels';
import type { SeatModel } from './model';
import { tileArts, tileBoxes } from './tile-arts';

/**
 * A bought truck's way, as the static layer draws its ends: from the dealer's showroom (the middle of
 * its icon) to the spot where the owner's yard parks its `trucks`-th truck once the fleet counts it
 * (the layout of every tile with that fleet, as `boardLayer` lays them out). The landing's length is
 * the parked truck's. Null for a player with no yard on the board.
 */
export function purchaseDrive(
  seats: readonly SeatModel[],
  size: number,
  textScale: number,
  uid: string,
  trucks: number,
): { from: Parking; to: Parking } | null {
  const after = seats.map((s) => (s.uid === uid ? { ...s, trucks } : s));
  const arts = tileArts(after);
  const tiles = layoutTiles(arts, tileBoxes(size), size, textScale);
  const yard = arts.findIndex((art) => art.kind === 'yard' && art.owner?.uid === uid);
  const dealer = arts.findIndex((art) => art.kind === 'stop' && art.icon === 'showroom');
  const to = yard < 0 ? undefined : yardSpots((tiles[yard] as TileLayout).art, trucks).at(-1);
  const showroom = dealer < 0 ? undefined : tiles[dealer]?.art;
  if (!to || !showroom) return null;
  return {
    from: {
      x: showroom.x + showroom.width / 2,
      y: showroom.y + showroom.height / 2,
      heading: 0,
      length: to.length,
    },
    to,
  };
}
