/**
 * Every cache key of the trackers area, defined once, all under ['trackers']. A log changes calculated
 * trackers, sparklines and charts alike, so each trackers mutation refreshes the whole area by
 * invalidating `trackerKeys.all`.
 */
export const trackerKeys = {
  all: ['trackers'] as const,
  groups: () => [...trackerKeys.all, 'groups'] as const,
  trackers: () => [...trackerKeys.all, 'list'] as const,
  recentValues: (days: number) => [...trackerKeys.all, 'recent-values', days] as const,
  systemSources: () => [...trackerKeys.all, 'system-sources'] as const,
  /** Every log listing, whatever its filters. */
  logLists: () => [...trackerKeys.all, 'logs'] as const,
  logList: (filters: { trackerId?: string; from?: string; to?: string }) =>
    [...trackerKeys.logLists(), filters] as const,
  charts: () => [...trackerKeys.all, 'charts'] as const,
  chartData: (chartId: string) => [...trackerKeys.all, 'chart-data', chartId] as const,
};
