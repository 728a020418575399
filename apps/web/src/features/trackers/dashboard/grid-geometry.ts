/** Narrower than this, the charts stand in one column and are neither dragged nor resized. */
export const PHONE_WIDTH = 640;
export const ROW_HEIGHT = 64;
export const GRID_GAP: readonly [number, number] = [16, 16];
