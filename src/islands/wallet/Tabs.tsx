import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { focusRing } from './ui';

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
  /** id of the panel the tabs control. */
  panelId: string;
}

/**
 * A WAI-ARIA tab list: one tab stop, arrow keys (and Home/End) move and select, so a keyboard
 * user reaches the panel with a single Tab.
 */
export function Tabs<V extends string>({ label, tabs, value, onChange, panelId }: TabsProps<V>): ReactNode {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number): void {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    const tab = next === null ? undefined : tabs[next];
    if (next === null || !tab) return;
    event.preventDefault();
    refs.current[next]?.focus();
    onChange(tab.value);
  }

  return (
    <div role="tablist" aria-label={label} className="flex gap-6 border-b border-neutral-200">
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`-mb-px border-b-2 px-1 pb-2 text-sm ${selected ? 'border-primary font-medium text-primary' : 'border-transparent text-neutral-600 hover:text-primary'} ${focusRing}`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
