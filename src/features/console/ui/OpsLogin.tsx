import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { callConsole } from '~/platform/client/console';
import { isApiError } from '~/platform/client/errors';
import { opsHomeFor } from '~/features/console/ops-routes';
import { CONSOLE_ROUTES } from '~/features/console/routes';

interface Props {
  /** A console path to return to (already checked by the page), or null for the operator's home. */
  next: string | null;
}

/** The console's sign-in form: username and password; the session lives in an HttpOnly cookie. */
export function OpsLogin({ next }: Props): ReactNode {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (busy) return;
    if (!username.trim()) return setMessage('请输入用户名');
    if (!password) return setMessage('请输入密码');
    setBusy(true);
    setMessage('');
    try {
      const me = await callConsole(CONSOLE_ROUTES.login, { username: username.trim(), password });
      window.location.assign(next ?? opsHomeFor(me.role));
    } catch (failure) {
      setMessage(isApiError(failure) ? failure.msg : '登录失败');
      setBusy(false);
    }
  }

  const input = 'w-full rounded-md border border-neutral-300 px-3 py-2.5 text-sm focus:border-primary focus:outline-none';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="运营后台登录" className="space-y-4">
      <div>
        <label htmlFor={`${id}-u`} className="mb-1 block text-sm font-medium text-neutral-800">用户名</label>
        <input id={`${id}-u`} value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="username" maxLength={32} className={input} />
      </div>
      <div>
        <label htmlFor={`${id}-p`} className="mb-1 block text-sm font-medium text-neutral-800">密码</label>
        <input id={`${id}-p`} type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" maxLength={64} className={input} />
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-primary">{message}</p>
      <button type="submit" disabled={busy} className="min-h-11 w-full rounded-md bg-primary text-sm font-medium text-white hover:bg-primary-dark disabled:opacity-60">
        {busy ? '登录中…' : '登录'}
      </button>
    </form>
  );
}
