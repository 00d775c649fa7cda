/**
 * The login dialog (spec §2 modals, §4 login modes) without a framework (issue 27): a phone
 * visitor who taps 登录 gets the scan and password panels from this one small chunk, so the
 * form takes input and signs in before React is fetched. It opens whenever the $modal store
 * names `login` (header buttons, LoginRequired, a 401) and closes when the store moves on.
 *
 * Panels as before: the form panels stay mounted while hidden (what was typed survives a tab
 * switch); the scan panel lives only while shown, so its QR polling stops when another tab is
 * chosen. 短信登录 and 注册 are the React panels (SMS button, slider), fetched when first chosen.
 */
import { isLoginMode, type LoginMode } from '~/platform/rules/login-state';
import { $modal, closeModal, showError } from '~/platform/stores/ui';
import { h, modalFrame, showModal, spinner, uniqueId } from '~/features/sign-in/ui/plain/dom';
import { passwordPanel } from '~/features/sign-in/ui/plain/password-panel';
import { scanPanel } from '~/features/sign-in/ui/plain/scan-panel';

export const LOGIN_TABS: ReadonlyArray<{ mode: LoginMode; label: string }> = [
  { mode: 'scan', label: '扫码登录' },
  { mode: 'phone', label: '短信登录' },
  { mode: 'username', label: '账号登录' },
  { mode: 'register', label: '注册' },
];

/** The text shown when a panel's code cannot be fetched (offline), as ModalHost says it. */
export const LOAD_FAILED_MSG = '加载失败，请稍后重试';

export function toLoginMode(value: unknown): LoginMode {
  return isLoginMode(value) ? value : 'scan';
}

const TAB_CLASS =
  '-mb-px min-w-0 flex-1 border-b-2 px-1 py-2.5 text-sm whitespace-nowrap max-sm:py-3 sm:px-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary';

interface OpenDialog {
  requested: LoginMode;
  select(mode: LoginMode): void;
  close(): void;
}

function openDialog(requested: LoginMode): OpenDialog {
  const baseId = uniqueId('login');
  const frame = modalFrame('登录');
  const stops: Array<() => void> = [];
  let closed = false;
  let mode = requested;
  let stopScan: (() => void) | null = null;

  const tabs = LOGIN_TABS.map((tab, index) => {
    const button = h('button', { type: 'button', role: 'tab', id: `${baseId}-tab-${tab.mode}`, 'aria-controls': `${baseId}-panel-${tab.mode}` }, [tab.label]);
    button.addEventListener('click', () => select(tab.mode));
    // WAI-ARIA tabs pattern, automatic activation: arrows move and select, Home/End jump.
    button.addEventListener('keydown', (event) => {
      const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: LOGIN_TABS.length - 1 };
      const target = moves[event.key];
      if (target === undefined) return;
      event.preventDefault();
      const next = LOGIN_TABS[(target + LOGIN_TABS.length) % LOGIN_TABS.length]!.mode;
      select(next);
      tabs.find((item) => item.mode === next)?.button.focus();
    });
    return { mode: tab.mode, button };
  });
  const panels = new Map(
    LOGIN_TABS.map((tab) => [tab.mode, h('div', { role: 'tabpanel', id: `${baseId}-panel-${tab.mode}`, 'aria-labelledby': `${baseId}-tab-${tab.mode}`, class: 'pt-4' })]),
  );

  const password = passwordPanel(() => closeModal());
  panels.get('username')!.append(password.element);
  stops.push(password.stop);

  function mountReact(target: 'phone' | 'register'): void {
    const panel = panels.get(target)!;
    if (panel.childElementCount > 0) return;
    const slot = h('div');
    const waiting = h('div', { role: 'status', 'aria-label': '加载中', class: 'flex justify-center py-8 text-primary' }, [spinner('h-6 w-6')]);
    panel.append(waiting, slot);
    import('~/features/sign-in/ui/plain/react-parts').then(
      ({ mountFormPanel }) => {
        if (closed) return;
        waiting.remove();
        stops.push(mountFormPanel(slot, target));
      },
      (error: unknown) => {
        console.error(error);
        closeModal();
        showError(LOAD_FAILED_MSG);
      },
    );
  }

  function select(next: LoginMode): void {
    mode = next;
    for (const { mode: own, button } of tabs) {
      const selected = own === mode;
      button.setAttribute('aria-selected', String(selected));
      button.tabIndex = selected ? 0 : -1;
      button.toggleAttribute('data-autofocus', selected);
      button.className = `${TAB_CLASS} ${selected ? 'border-primary font-semibold text-primary' : 'border-transparent text-gray-600 hover:text-gray-900'}`;
    }
    for (const [own, panel] of panels) panel.hidden = own !== mode;
    if (mode === 'scan' && !stopScan) {
      const scan = scanPanel();
      panels.get('scan')!.replaceChildren(scan.element);
      stopScan = scan.stop;
    } else if (mode !== 'scan' && stopScan) {
      stopScan();
      stopScan = null;
      panels.get('scan')!.replaceChildren();
    }
    if (mode === 'phone' || mode === 'register') mountReact(mode);
  }

  frame.body.append(
    h('div', { role: 'tablist', 'aria-label': '登录方式', class: 'flex border-b border-gray-200' }, tabs.map((tab) => tab.button)),
    ...panels.values(),
  );
  select(requested);
  const hide = showModal(frame, () => closeModal());
  return {
    requested,
    select,
    close: () => {
      closed = true;
      stopScan?.();
      for (const stop of stops) stop();
      hide();
    },
  };
}

/**
 * Follows the $modal store: opens the dialog when it names `login`, switches the tab when
 * openLogin asks for another mode while it is open, closes it otherwise. Returns the undo.
 */
export function installLoginDialog(): () => void {
  let current: OpenDialog | null = null;
  const follow = (): void => {
    const wanted = $modal.get();
    if (wanted?.name !== 'login') {
      current?.close();
      current = null;
      return;
    }
    const requested = toLoginMode(wanted.props['mode']);
    if (!current) current = openDialog(requested);
    else if (requested !== current.requested) {
      current.requested = requested;
      current.select(requested);
    }
  };
  const unsubscribe = $modal.listen(follow);
  follow();
  return () => {
    unsubscribe();
    current?.close();
    current = null;
  };
}
