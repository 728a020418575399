import type { LucideIcon } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { cn } from '../../../lib/cn';

export interface MoneyTabItem<Value extends string> {
  value: Value;
  label: string;
  icon: LucideIcon;
}

interface MoneyTabListProps<Value extends string> {
  tabs: readonly MoneyTabItem<Value>[];
  selected: Value;
  onSelect: (value: Value) => void;
  /** Ties each tab to its panel: `${idPrefix}-tab-${value}` and `${idPrefix}-panel-${value}`. */
  idPrefix: string;
  label: string;
}

/**
 * A tablist as WAI-ARIA describes it: one tab stop, arrow keys (and Home, End) move between tabs and
 * show each at once. On a narrow screen the tabs scroll sideways instead of wrapping.
 */
export function MoneyTabList<Value extends string>({
  tabs,
  selected,
  onSelect,
  idPrefix,
  label,
}: MoneyTabListProps<Value>) {
  const tabRefs = useRef(new Map<Value, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.value === selected);
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.value);
    const element = tabRefs.current.get(tab.value);
    element?.focus();
    // On a phone the row of tabs scrolls; the chosen one comes into view (jsdom has no scrolling).
    element?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="-mx-4 flex gap-1 overflow-x-auto border-b px-4 [scrollbar-width:none] sm:mx-0 sm:px-0"
    >
      {tabs.map((tab) => {
        const Icon = tab.icon;
        const isSelected = tab.value === selected;
        return (
          <button
            key={tab.value}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.value, element);
              else tabRefs.current.delete(tab.value);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.value}`}
            aria-selected={isSelected}
            aria-controls={`${idPrefix}-panel-${tab.value}`}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.value)}
            className={cn(
              '-mb-px flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
              isSelected
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
            )}
          >
            <Icon className="size-4" aria-hidden />
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
