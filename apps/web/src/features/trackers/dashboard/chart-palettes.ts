import type { ChartColorScheme } from '@cairn/contracts/trackers';

/**
 * A palette per colour scheme, one colour per tracker (a chart has at most ten). The hues sit at a
 * middle lightness that reads on both the light and the dark background; grayscale mixes the theme's
 * own text colour into its background, so its greys follow the theme.
 */
const palettes: Record<ChartColorScheme, readonly string[]> = {
  default: [
    'var(--primary)',
    'oklch(0.62 0.16 250)',
    'oklch(0.7 0.15 60)',
    'oklch(0.6 0.2 330)',
    'oklch(0.65 0.15 145)',
    'oklch(0.6 0.18 25)',
    'oklch(0.6 0.15 290)',
    'oklch(0.72 0.13 95)',
    'oklch(0.6 0.1 210)',
    'oklch(0.55 0.08 40)',
  ],
  ocean: [
    'oklch(0.55 0.15 255)',
    'oklch(0.76 0.12 190)',
    'oklch(0.62 0.13 295)',
    'oklch(0.66 0.11 220)',
    'oklch(0.7 0.1 165)',
    'oklch(0.5 0.1 235)',
    'oklch(0.8 0.08 210)',
    'oklch(0.58 0.09 275)',
    'oklch(0.64 0.08 185)',
    'oklch(0.72 0.07 245)',
  ],
  forest: [
    'oklch(0.6 0.14 145)',
    'oklch(0.7 0.15 125)',
    'oklch(0.55 0.09 165)',
    'oklch(0.72 0.13 100)',
    'oklch(0.52 0.1 135)',
    'oklch(0.66 0.08 75)',
    'oklch(0.62 0.1 175)',
    'oklch(0.76 0.12 115)',
    'oklch(0.5 0.06 110)',
    'oklch(0.7 0.08 155)',
  ],
  sunset: [
    'oklch(0.65 0.19 35)',
    'oklch(0.74 0.16 65)',
    'oklch(0.6 0.2 10)',
    'oklch(0.58 0.18 340)',
    'oklch(0.8 0.14 85)',
    'oklch(0.55 0.17 310)',
    'oklch(0.68 0.15 50)',
    'oklch(0.63 0.17 355)',
    'oklch(0.72 0.12 20)',
    'oklch(0.6 0.12 290)',
  ],
  grayscale: [
    'color-mix(in oklch, var(--foreground) 85%, var(--background))',
    'color-mix(in oklch, var(--foreground) 55%, var(--background))',
    'color-mix(in oklch, var(--foreground) 70%, var(--background))',
    'color-mix(in oklch, var(--foreground) 40%, var(--background))',
    'color-mix(in oklch, var(--foreground) 95%, var(--background))',
    'color-mix(in oklch, var(--foreground) 62%, var(--background))',
    'color-mix(in oklch, var(--foreground) 48%, var(--background))',
    'color-mix(in oklch, var(--foreground) 78%, var(--background))',
    'color-mix(in oklch, var(--foreground) 35%, var(--background))',
    'color-mix(in oklch, var(--foreground) 90%, var(--background))',
  ],
};

export const colorSchemeLabels: Record<ChartColorScheme, string> = {
  default: 'Default',
  ocean: 'Ocean',
  forest: 'Forest',
  sunset: 'Sunset',
  grayscale: 'Grayscale',
};

export function getChartPalette(scheme: ChartColorScheme): readonly string[] {
  return palettes[scheme] ?? palettes.default;
}

/** The colour of the chart's n-th tracker; past the palette's end it starts again. */
export function getChartColor(scheme: ChartColorScheme, index: number): string {
  const palette = getChartPalette(scheme);
  return palette[index % palette.length] ?? 'var(--primary)';
}
