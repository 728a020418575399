import type { RecentTrackerValues, Tracker, TrackerListWithGroups } from '@cairn/contracts/trackers';
import type { AppContext } from '../../lib/app-context';
import { formatDecimal } from '../../lib/decimal';
import { resolveTimeZone } from '../users/users.service';
import { addCalendarDays, getToday } from './chart-range';
import { listTrackers } from './definitions.service';
import { listGroups } from './groups.service';
import { refreshSystemTrackers } from './system-sources.service';
import * as repository from './tracker-overview.repository';

/**
 * What the trackers screen reads: the trackers with their newest values, and each one's recent days
 * for sparklines. Both first bring system trackers up to date with the data they follow, which is
 * why they live here rather than beside the tracker definitions (those are what system trackers use).
 */

type Zone = { userId: string; requestTimeZone: string | undefined };

const DEFAULT_RECENT_DAYS = 30;

export async function listCurrentTrackers(
  ctx: AppContext,
  options: Zone & { groupId?: string | undefined },
): Promise<Tracker[]> {
  const timeZone = await resolveTimeZone(ctx, options);
  await refreshSystemTrackers(ctx, { userId: options.userId, timeZone });
  return listTrackers(ctx, options);
}

/** The trackers as listCurrentTrackers answers them and, with `isGroupsIncluded`, the groups too. */
export async function listCurrentTrackersWithGroups(
  ctx: AppContext,
  options: Zone & { groupId?: string | undefined; isGroupsIncluded: boolean },
): Promise<TrackerListWithGroups> {
  const { isGroupsIncluded, ...listing } = options;
  const items = await listCurrentTrackers(ctx, listing);
  if (!isGroupsIncluded) return { items };
  return { items, groups: { items: await listGroups(ctx, { userId: options.userId }) } };
}

/** The last `days` calendar days (today included) of every tracker that has a value in them. */
export async function getRecentValues(
  ctx: AppContext,
  options: Zone & { days?: number | undefined },
): Promise<RecentTrackerValues> {
  const { userId } = options;
  const timeZone = await resolveTimeZone(ctx, options);
  await refreshSystemTrackers(ctx, { userId, timeZone });
  const to = getToday(ctx.clock.now(), timeZone);
  const from = addCalendarDays(to, 1 - (options.days ?? DEFAULT_RECENT_DAYS));
  const rows = await repository.findDailyLatestValues(ctx.db, { userId, timeZone, from, to });
  const byTracker = new Map<string, RecentTrackerValues['items'][number]>();
  for (const row of rows) {
    let item = byTracker.get(row.trackerId);
    if (!item) {
      item = { trackerId: row.trackerId, points: [] };
      byTracker.set(row.trackerId, item);
    }
    item.points.push({ date: row.day, value: formatDecimal(row.value) });
  }
  return { from, to, items: [...byTracker.values()] };
}
