import { useState, type ReactNode } from 'react';
import { callConsole } from '~/platform/client/console';
import { OPS_LOGIN_PATH } from '~/features/console/ops-routes';
import { CONSOLE_ROUTES } from '~/features/console/routes';

/** 退出登录 in the console's top bar: ends the session on the server, then the sign-in page. */
export function OpsSignOut(): ReactNode {
  const [busy, setBusy] = useState(false);
  async function signOut(): Promise<void> {
    setBusy(true);
    // Whatever the answer (a session already ended answers 404), the browser leaves the console.
    await callConsole(CONSOLE_ROUTES.logout, {}).catch(() => undefined);
    window.location.assign(OPS_LOGIN_PATH);
  }
  return (
    <button type="button" onClick={() => void signOut()} disabled={busy} className="rounded-md px-3 py-1.5 text-sm text-neutral-200 ring-1 ring-neutral-600 hover:bg-neutral-700 disabled:opacity-60">
      {busy ? '退出中…' : '退出登录'}
    </button>
  );
}
