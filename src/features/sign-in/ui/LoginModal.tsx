import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { LoginMode } from '~/platform/stores/ui';
import { PhonePanel } from '~/features/sign-in/ui/PhonePanel';
import { RegisterPanel } from '~/features/sign-in/ui/RegisterPanel';
import { ScanPanel } from '~/features/sign-in/ui/ScanPanel';
import { UsernamePanel } from '~/features/sign-in/ui/UsernamePanel';
import { Modal } from '~/platform/ui/Modal';
import type { ModalContentProps } from '~/platform/ui/modal-types';

export const LOGIN_TABS: ReadonlyArray<{ mode: LoginMode; label: string }> = [
  { mode: 'scan', label: '扫码登录' },
  { mode: 'phone', label: '短信登录' },
  { mode: 'username', label: '账号登录' },
  { mode: 'register', label: '注册' },
];

export function toLoginMode(value: unknown): LoginMode {
  return LOGIN_TABS.some((tab) => tab.mode === value) ? (value as LoginMode) : 'scan';
}

/**
 * The login modal (spec §4: it opens with the requested type): scan, SMS, password and register
 * panels. The form panels stay mounted while hidden (what was typed survives a tab switch); the
 * scan panel mounts only while shown, so its QR polling stops when another tab is chosen.
 */
export default function LoginModal({ props, onClose }: ModalContentProps): ReactNode {
  const requested = toLoginMode(props.mode);
  const [mode, setMode] = useState<LoginMode>(requested);
  // openLogin('phone') while the modal is open switches the tab (React's "adjust state on prop change").
  const [lastRequested, setLastRequested] = useState<LoginMode>(requested);
  if (requested !== lastRequested) {
    setLastRequested(requested);
    setMode(requested);
  }

  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const selectedIndex = LOGIN_TABS.findIndex((tab) => tab.mode === mode);

  function select(index: number): void {
    const count = LOGIN_TABS.length;
    const next = (index + count) % count;
    setMode(LOGIN_TABS[next]!.mode);
    tabRefs.current[next]?.focus();
  }

  // WAI-ARIA tabs pattern, automatic activation: arrows move and select, Home/End jump.
  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>): void {
    const moves: Record<string, number> = {
      ArrowRight: selectedIndex + 1,
      ArrowLeft: selectedIndex - 1,
      Home: 0,
      End: LOGIN_TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <Modal open title="登录" onClose={onClose}>
      <div role="tablist" aria-label="登录方式" className="flex border-b border-gray-200">
        {LOGIN_TABS.map((tab, index) => {
          const selected = tab.mode === mode;
          return (
            <button
              key={tab.mode}
              ref={(el) => {
                tabRefs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.mode}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.mode}`}
              tabIndex={selected ? 0 : -1}
              data-autofocus={selected ? '' : undefined}
              onClick={() => setMode(tab.mode)}
              onKeyDown={onTabKeyDown}
              className={`-mb-px min-w-0 flex-1 border-b-2 px-1 py-2.5 text-sm whitespace-nowrap max-sm:py-3 sm:px-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary ${
                selected ? 'border-primary font-semibold text-primary' : 'border-transparent text-gray-600 hover:text-gray-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {LOGIN_TABS.map((tab) => (
        <div
          key={tab.mode}
          role="tabpanel"
          id={`${baseId}-panel-${tab.mode}`}
          aria-labelledby={`${baseId}-tab-${tab.mode}`}
          hidden={tab.mode !== mode}
          className="pt-4"
        >
          <LoginPanel mode={tab.mode} selected={tab.mode === mode} onClose={onClose} />
        </div>
      ))}
    </Modal>
  );
}

function LoginPanel({ mode, selected, onClose }: { mode: LoginMode; selected: boolean; onClose(): void }): ReactNode {
  switch (mode) {
    case 'scan':
      return selected ? <ScanPanel /> : null;
    case 'phone':
      return <PhonePanel />;
    case 'username':
      return <UsernamePanel onForgot={onClose} />;
    case 'register':
      return <RegisterPanel />;
  }
}
