import { useEffect, useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { callConsole } from '~/platform/client/console';
import { failureText } from '~/platform/client/errors';
import { CONSOLE_ROUTES } from '~/features/console/routes';
import type { OpsTotpEnrolment } from '~/features/console/contract/ops';

interface Props {
  /** Start at once (the sign-in of a role that must enrol) rather than behind a button (我的账号). */
  autoStart: boolean;
  /** The button under the recovery codes. */
  doneLabel: string;
  /** Where that button goes: the console home after sign-in, or this page again. */
  doneHref: string;
}

/** The secret in groups of four, as it is easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Enrolling in two-step verification: a QR code of the otpauth:// URI (an SVG drawn by the server,
 * nothing loaded from elsewhere) and the secret as text, one code to confirm, then the ten recovery
 * codes, shown this once.
 */
export function OpsTotpEnrol({ autoStart, doneLabel, doneHref }: Props): ReactNode {
  const id = useId();
  const [enrolment, setEnrolment] = useState<OpsTotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  async function start(): Promise<void> {
    setBusy(true);
    setMessage('');
    try {
      setEnrolment(await callConsole(CONSOLE_ROUTES.totpEnrol, {}));
    } catch (failure) {
      setMessage(failureText(failure, '获取密钥失败，请重试'));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (autoStart) void start();
    // Once, when shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function confirm(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) return setMessage('请输入验证器显示的6位数字');
    setBusy(true);
    setMessage('');
    try {
      const answer = await callConsole(CONSOLE_ROUTES.totpConfirm, { code: code.replace(/\s+/g, '') });
      setCodes(answer.recovery_codes);
    } catch (failure) {
      setMessage(failureText(failure, '验证失败，请重试'));
    } finally {
      setBusy(false);
    }
  }

  const button = 'min-h-11 w-full rounded-md bg-primary px-4 text-sm font-medium text-white hover:bg-primary-dark disabled:opacity-60';

  if (codes) {
    return (
      <section aria-label="恢复码" className="space-y-3">
        <p className="text-sm font-medium text-emerald-700">两步验证已启用</p>
        <p className="text-sm text-neutral-700">
          以下10个恢复码<strong>只显示这一次</strong>。手机丢失时，每个恢复码可代替验证码登录一次。请抄写或打印后妥善保管，不要存放在同一部手机上。
        </p>
        <ol className="grid grid-cols-2 gap-2 rounded-md bg-neutral-50 p-3 font-mono text-sm ring-1 ring-neutral-200" aria-label="恢复码列表">
          {codes.map((recovery) => (
            <li key={recovery} className="select-all text-center tracking-wider">{recovery}</li>
          ))}
        </ol>
        <a href={doneHref} className={`${button} inline-flex items-center justify-center`}>{doneLabel}</a>
      </section>
    );
  }

  if (!enrolment) {
    return (
      <div className="space-y-3">
        {!autoStart && (
          <button type="button" onClick={() => void start()} disabled={busy} className={button}>
            {busy ? '请稍候…' : '启用两步验证'}
          </button>
        )}
        {autoStart && busy && <p className="text-sm text-neutral-500">正在生成密钥…</p>}
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-primary">{message}</p>
        {autoStart && message && (
          <button type="button" onClick={() => void start()} disabled={busy} className={button}>重试</button>
        )}
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void confirm(event)} noValidate aria-label="绑定验证器" className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-neutral-700">
        <li>在手机上打开验证器应用（如 Google Authenticator、Microsoft Authenticator、腾讯身份验证器）。</li>
        <li>扫描下方二维码，或手动输入密钥（基于时间）。</li>
        <li>输入应用显示的6位验证码完成绑定。</li>
      </ol>
      <div className="flex flex-col items-center gap-3">
        <div
          role="img"
          aria-label="两步验证二维码"
          className="h-44 w-44 shrink-0 rounded-md bg-white p-1 ring-1 ring-neutral-200 [&>svg]:h-full [&>svg]:w-full"
          // The SVG is drawn by our own server from the otpauth:// URI (uqr): no outside content.
          dangerouslySetInnerHTML={{ __html: enrolment.qr_svg }}
        />
        <div className="w-full min-w-0 space-y-1 text-sm">
          <p className="text-neutral-500">无法扫码时手动输入密钥：</p>
          <p data-totp-secret={enrolment.secret} className="select-all break-words rounded-md bg-neutral-50 px-3 py-2 font-mono tracking-wider ring-1 ring-neutral-200">
            {grouped(enrolment.secret)}
          </p>
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-c`} className="mb-1 block text-sm font-medium text-neutral-800">验证码</label>
        <input
          id={`${id}-c`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="6位数字"
          className="w-full rounded-md border border-neutral-300 px-3 py-2.5 text-center font-mono text-lg tracking-[0.4em] placeholder:tracking-normal focus:border-primary focus:outline-none"
        />
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-primary">{message}</p>
      <button type="submit" disabled={busy} className={button}>{busy ? '验证中…' : '完成绑定'}</button>
    </form>
  );
}
