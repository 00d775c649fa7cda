import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { callConsole } from '~/platform/client/console';
import { failureText, isApiError } from '~/platform/client/errors';
import { opsHomeFor } from '~/features/console/ops-routes';
import { CONSOLE_ROUTES } from '~/features/console/routes';
import type { OpsLoginAnswer } from '~/features/console/contract/ops';
import { OpsTotpEnrol } from '~/features/console/ui/OpsTotpEnrol';

interface Props {
  /** A console path to return to (already checked by the page), or null for the operator's home. */
  next: string | null;
}

const INPUT = 'w-full rounded-md border border-neutral-300 px-3 py-2.5 text-sm focus:border-primary focus:outline-none';
const BUTTON = 'min-h-11 w-full rounded-md bg-primary text-sm font-medium text-white hover:bg-primary-dark disabled:opacity-60';

/**
 * The console's sign-in: username and password, then, for an operator with two-step verification,
 * the code from their authenticator (or a recovery code); an admin or finance operator without it
 * enrols here before going on. The session lives in an HttpOnly cookie.
 */
export function OpsLogin({ next }: Props): ReactNode {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [signedIn, setSignedIn] = useState<OpsLoginAnswer | null>(null);
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);

  async function submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (busy) return;
    if (!username.trim()) return setMessage('请输入用户名');
    if (!password) return setMessage('请输入密码');
    setBusy(true);
    setMessage('');
    try {
      const answer = await callConsole(CONSOLE_ROUTES.login, { username: username.trim(), password });
      if (answer.second_factor === null) return window.location.assign(next ?? opsHomeFor(answer.role));
      setPassword('');
      setSignedIn(answer);
      setBusy(false);
    } catch (failure) {
      setMessage(failureText(failure, '登录失败'));
      setBusy(false);
    }
  }

  async function verify(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (busy || !signedIn) return;
    const typed = code.trim();
    if (!typed) return setMessage(useRecovery ? '请输入恢复码' : '请输入6位验证码');
    setBusy(true);
    setMessage('');
    try {
      const me = await callConsole(CONSOLE_ROUTES.totpVerify, { code: typed });
      window.location.assign(next ?? opsHomeFor(me.role));
    } catch (failure) {
      // A session that ran out (10 minutes) or was reset answers 404: start again from the password.
      if (isApiError(failure) && failure.httpStatus === 404) {
        setSignedIn(null);
        setMessage('验证已超时，请重新登录');
      } else {
        setMessage(failureText(failure, '验证失败'));
      }
      setBusy(false);
    }
  }

  if (signedIn?.second_factor === 'enrol') {
    return (
      <div className="space-y-3">
        <h2 className="text-base font-semibold">绑定两步验证</h2>
        <p className="text-sm text-neutral-600">{signedIn.role_label}账号必须启用两步验证，完成后才能进入后台。</p>
        <OpsTotpEnrol autoStart doneLabel="我已保存恢复码，进入后台" doneHref={next ?? opsHomeFor(signedIn.role)} />
      </div>
    );
  }

  if (signedIn?.second_factor === 'code') {
    return (
      <form onSubmit={(event) => void verify(event)} noValidate aria-label="两步验证" className="space-y-4">
        <h2 className="text-base font-semibold">两步验证</h2>
        <p className="text-sm text-neutral-600">
          {useRecovery ? '请输入一个未使用过的恢复码（每个只能使用一次）。' : '请打开手机上的验证器，输入显示的6位验证码。'}
        </p>
        <div>
          <label htmlFor={`${id}-c`} className="mb-1 block text-sm font-medium text-neutral-800">{useRecovery ? '恢复码' : '验证码'}</label>
          <input
            id={`${id}-c`}
            key={useRecovery ? 'recovery' : 'totp'}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode={useRecovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoFocus
            maxLength={useRecovery ? 16 : 7}
            placeholder={useRecovery ? 'XXXXX-XXXXX' : '6位数字'}
            className={`${INPUT} text-center font-mono text-lg tracking-[0.3em] placeholder:tracking-normal`}
          />
        </div>
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-primary">{message}</p>
        <button type="submit" disabled={busy} className={BUTTON}>{busy ? '验证中…' : '验证'}</button>
        <div className="flex justify-between text-sm">
          <button type="button" className="min-h-9 text-neutral-500 underline-offset-2 hover:underline" onClick={() => { setUseRecovery(!useRecovery); setCode(''); setMessage(''); }}>
            {useRecovery ? '使用验证码' : '手机不在身边？使用恢复码'}
          </button>
          <button type="button" className="min-h-9 text-neutral-500 underline-offset-2 hover:underline" onClick={() => { setSignedIn(null); setCode(''); setMessage(''); }}>
            返回
          </button>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="运营后台登录" className="space-y-4">
      <div>
        <label htmlFor={`${id}-u`} className="mb-1 block text-sm font-medium text-neutral-800">用户名</label>
        <input id={`${id}-u`} value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="username" maxLength={32} className={INPUT} />
      </div>
      <div>
        <label htmlFor={`${id}-p`} className="mb-1 block text-sm font-medium text-neutral-800">密码</label>
        <input id={`${id}-p`} type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" maxLength={64} className={INPUT} />
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-primary">{message}</p>
      <button type="submit" disabled={busy} className={BUTTON}>
        {busy ? '登录中…' : '登录'}
      </button>
    </form>
  );
}
