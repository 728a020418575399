import { formatStorage, type PlanUsageItem } from '@cairn/contracts/plans';

export interface UsageDisplay {
  /** What the bar says, e.g. "12 of 20 lists" or "3.5 MB of 100 MB". */
  text: string;
  /** Share of the limit used, 0 to 100; null when the plan sets no limit. */
  percent: number | null;
  /** Past the limit (after a downgrade): what exists stays, new items are refused. */
  isOverLimit: boolean;
  /** At or past the limit: the next new item is refused. */
  isAtLimit: boolean;
}

function amountOf(item: PlanUsageItem, value: number): string {
  return item.key === 'attachmentStorageBytes' ? formatStorage(value) : String(value);
}

/** How one limit of the plan reads on the profile. */
export function describeUsage(item: PlanUsageItem): UsageDisplay {
  const isStorage = item.key === 'attachmentStorageBytes';
  const noun = isStorage ? '' : ` ${item.label.toLowerCase()}`;
  if (item.limit === null) {
    return {
      text: `${amountOf(item, item.used)}${isStorage ? ' used' : noun}`,
      percent: null,
      isOverLimit: false,
      isAtLimit: false,
    };
  }
  const percent = item.limit === 0 ? 100 : Math.min(100, Math.round((item.used / item.limit) * 1000) / 10);
  return {
    text: `${amountOf(item, item.used)} of ${amountOf(item, item.limit)}${noun}`,
    percent,
    isOverLimit: item.used > item.limit,
    isAtLimit: item.used >= item.limit,
  };
}
