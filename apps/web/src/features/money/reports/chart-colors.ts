/**
 * Chart colours from the theme's tokens, so they follow light and dark. The category palette turns
 * the primary colour round the hue circle, keeping its lightness, which each theme sets for contrast
 * against its own background.
 */
export const chartColors = {
  income: 'var(--primary)',
  expense: 'var(--destructive)',
  balance: 'var(--primary)',
  grid: 'var(--border)',
  axis: 'var(--muted-foreground)',
  cursor: 'var(--muted)',
} as const;

const HUE_TURNS = [0, 150, 60, 270, 210, 330, 105, 30];

export function getCategoryColor(index: number): string {
  const turn = HUE_TURNS[index % HUE_TURNS.length] ?? 0;
  // Later rounds of the palette get lighter, so a long list keeps telling slices apart.
  const lighten = Math.floor(index / HUE_TURNS.length) * 0.08;
  return turn === 0 && lighten === 0
    ? 'var(--primary)'
    : `oklch(from var(--primary) calc(l + ${lighten}) calc(c + 0.05) calc(h + ${turn}))`;
}
