import { useState, type ReactNode } from 'react';
import { getDeactivationCheck, sendDeactivationSms, startDeactivation } from '~/features/account/client/account-extras';
import { logout } from '~/platform/stores/auth';
import { fenToYuan } from '~/platform/rules/money';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import LoginRequired from '~/platform/ui/LoginRequired';
import { focusRing } from '~/platform/ui/focus-ring';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { useRemote } from '~/platform/ui/use-remote';

const primaryButton = `rounded-full bg-primary px-6 py-2 text-sm text-white hover:bg-primary-dark disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;
const outlineButton = `rounded border border-neutral-300 px-3 py-2 text-sm text-neutral-700 hover:border-primary hover:text-primary disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;

/**
 * 注销账号 unactive_account: what deregistering means, what stands in the way (each
 * with where to resolve it), the balance consent, the SMS code and the confirmation. On success
 * every session has ended on the server; this browser signs out and shows unactive_result.
 */
function Deactivation(): ReactNode {
  const { remote, reload } = useRemote((signal) => getDeactivationCheck({ signal }), 'deactivation');
  const [code, setCode] = useState('');
  const [forfeit, setForfeit] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [status, setStatus] = useState('');

  if (remote.kind === 'loading') return <div className="h-40 animate-pulse rounded-lg bg-neutral-100" aria-hidden="true" />;
  if (remote.kind === 'failed') return <LoadFailed text="获取注销条件失败" onRetry={reload} />;
  const check = remote.data;

  if (check.status.state === 'pending' && check.status.cools_until) {
    return (
      <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
        注销申请已提交，冷静期至 {formatShanghaiDateTime(new Date(check.status.cools_until))}。
      </p>
    );
  }

  const otherBlockers = check.blockers.filter((blocker) => blocker.key !== 'balance');
  const needsConsent = check.balance_fen > 0;
  const canSubmit = check.ok && understood && (!needsConsent || forfeit) && /^\d{6}$/.test(code) && !submitting;

  async function sendCode(): Promise<void> {
    setSending(true);
    try {
      await sendDeactivationSms();
      setSent(true);
      setStatus(`验证码已发送至 ${check.mobile_masked ?? ''}`);
    } catch {
      // the client has shown why
    } finally {
      setSending(false);
    }
  }

  async function submit(): Promise<void> {
    setSubmitting(true);
    try {
      const result = await startDeactivation(code, forfeit);
      logout();
      location.assign(`/account/unactive_result?until=${encodeURIComponent(result.cools_until ?? '')}`);
    } catch {
      setSubmitting(false);
      reload();
    }
  }

  return (
    <div className="flex max-w-2xl flex-col gap-5 py-2 text-sm text-neutral-800">
      <section aria-labelledby="deact-what" className="rounded-lg bg-white p-4 ring-1 ring-neutral-200">
        <h2 id="deact-what" className="mb-2 text-base font-medium text-neutral-900">
          注销须知
        </h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>提交后进入 {check.cooling_off_days} 天冷静期，期间重新登录即自动取消注销。</li>
          <li>冷静期结束后，您的昵称、头像、手机号、邮箱、实名信息和第三方登录绑定将被删除，且无法恢复。</li>
          <li>已完成的订单和资金流水将以匿名方式保留，用于对账和售后。</li>
          <li>提交后所有设备将立即退出登录。</li>
        </ul>
      </section>

      <section aria-labelledby="deact-check" className="rounded-lg bg-white p-4 ring-1 ring-neutral-200">
        <h2 id="deact-check" className="mb-2 text-base font-medium text-neutral-900">
          注销条件
        </h2>
        {otherBlockers.length === 0 ? (
          <p className="text-emerald-700" data-deactivation-ok>
            您已满足注销条件
          </p>
        ) : (
          <ul className="space-y-2" aria-label="未满足的条件">
            {otherBlockers.map((blocker) => (
              <li key={blocker.key} className="flex flex-wrap items-center justify-between gap-2 text-rose-700" data-blocker={blocker.key}>
                <span>{blocker.msg}</span>
                <a href={blocker.href} className={`text-primary hover:underline ${focusRing}`}>
                  去处理
                </a>
              </li>
            ))}
          </ul>
        )}
        {needsConsent ? (
          <label className="mt-3 flex items-start gap-2">
            <input type="checkbox" checked={forfeit} onChange={(event) => setForfeit(event.target.checked)} className="mt-0.5" />
            <span>
              账户余额 ¥{fenToYuan(check.balance_fen)}，我已知晓注销将放弃这笔余额且不予退还（也可先
              <a href="/account/Withdraw" className="text-primary hover:underline">
                提现
              </a>
              ）
            </span>
          </label>
        ) : null}
      </section>

      {check.ok ? (
        <section aria-labelledby="deact-confirm" className="rounded-lg bg-white p-4 ring-1 ring-neutral-200">
          <h2 id="deact-confirm" className="mb-2 text-base font-medium text-neutral-900">
            身份验证
          </h2>
          {check.mobile_masked ? (
            <>
              <p className="mb-2">验证码将发送至 {check.mobile_masked}</p>
              <div className="flex flex-wrap gap-2">
                <label className="sr-only" htmlFor="deact-code">
                  短信验证码
                </label>
                <input
                  id="deact-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                  placeholder="请输入6位验证码"
                  className="w-40 rounded border border-neutral-300 px-3 py-2"
                />
                <button type="button" onClick={() => void sendCode()} disabled={sending} className={outlineButton}>
                  {sent ? '重新发送' : '获取验证码'}
                </button>
              </div>
              <label className="mt-3 flex items-start gap-2">
                <input type="checkbox" checked={understood} onChange={(event) => setUnderstood(event.target.checked)} className="mt-0.5" />
                <span>我已阅读注销须知，确认注销账号</span>
              </label>
              <div className="mt-4">
                <button type="button" disabled={!canSubmit} onClick={() => void submit()} className={primaryButton}>
                  确认注销
                </button>
              </div>
            </>
          ) : (
            <p>
              请先
              <a href="/account/system" className="text-primary hover:underline">
                绑定手机号
              </a>
              ，再申请注销
            </p>
          )}
        </section>
      ) : null}
      <p role="status" className="text-neutral-600">
        {status}
      </p>
    </div>
  );
}

export default function DeactivationForm({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Deactivation />
    </LoginRequired>
  );
}
