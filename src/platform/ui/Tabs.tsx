import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { focusRing } from '~/platform/ui/focus-ring';

export interface TabItem<V extends string> {
  value: V;
  label: string;
}

export interface TabsProps<V extends string> {
  /** Names the tab list, e.g. 资金类型. */
  label: string;
  tabs: readonly TabItem<V>[];
  value: V;
  onChange(value: NoInfer<V>): void;
  /** id of the panel the tabs control; each tab's id is `tabId(panelId, value)`. */
  panelId: string;
}

/** The id of a tab, for the panel's aria-labelledby. */
export const tabId = (panelId: string, value: string): string => `${panelId}-tab-${value}`;

/** Tab to focus after an arrow key: the list wraps around, Home and End jump to the ends. */
export function nextTabIndex(key: string, current: number, count: number): number | null {
  if (key === 'ArrowRight') return (current + 1) % count;
  if (key === 'ArrowLeft') return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A WAI-ARIA tab list: one tab stop, arrow keys (and Home/End) move and select, so a keyboard
 * user reaches the panel with a single Tab. On a phone the tabs wrap onto a second line rather
 * than scroll: a scrolled list cut 已取消 to 已 with nothing saying more tabs were there. Each tab
 * is 44 px tall, a fingertip's target.
 */
export function Tabs<V extends string>({ label, tabs, value, onChange, panelId }: TabsProps<V>): ReactNode {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number): void {
    const next = nextTabIndex(event.key, index, tabs.length);
    const tab = next === null ? undefined : tabs[next];
    if (next === null || !tab) return;
    event.preventDefault();
    refs.current[next]?.focus();
    onChange(tab.value);
  }

  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-x-1 border-b border-neutral-200 sm:flex-nowrap sm:overflow-x-auto">
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={(element) => {
              refs.current[index] = element;
            }}
            id={tabId(panelId, tab.value)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`-mb-px min-h-11 shrink-0 border-b-2 px-3 py-2 text-sm sm:px-4 ${selected ? 'border-primary font-medium text-primary' : 'border-transparent text-neutral-600 hover:text-primary'} ${focusRing}`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
