import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { failureText, isApiError } from '~/platform/client/errors';
import { redeemExchangeCode, type ExchangeCodeRedemption } from '~/features/wallet/client/money';
import { showSuccess } from '~/platform/stores/ui';
import { focusRing } from '~/platform/ui/focus-ring';

/** Longest input accepted: a code with its dashes and some slack for spaces. */
const INPUT_MAX = 32;

/**
 * 兑换码 (spec §7 account "exchange code"): a box where a renter types a code from a
 * campaign and gets a red envelope or gold coins. The code may be typed in any case, with or
 * without its dashes; the server says why a code does not work (兑换码无效 / 已过期 / 已被使用 /
 * 您已兑换过该兑换码 ...), and that message stays under the box.
 */
export function ExchangeCodeBox({ onRedeemed, hint }: { onRedeemed?: (result: ExchangeCodeRedemption) => void; hint: string }): ReactNode {
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setResult({ ok: false, text: '请输入兑换码' });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const redeemed = await redeemExchangeCode(code.trim());
      setResult({ ok: true, text: redeemed.message });
      setCode('');
      showSuccess(redeemed.message);
      onRedeemed?.(redeemed);
    } catch (error) {
      if (isApiError(error) && error.cancelled) return;
      setResult({ ok: false, text: failureText(error, '兑换失败，请重试') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg bg-white p-4 ring-1 ring-neutral-200" data-exchange-code>
      <h2 id={`${id}-title`} className="text-base font-bold text-neutral-900">
        兑换码
      </h2>
      <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-500">
        {hint}
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-code`} className="sr-only">
          兑换码
        </label>
        <input
          id={`${id}-code`}
          value={code}
          maxLength={INPUT_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          aria-describedby={`${id}-hint ${id}-result`}
          aria-invalid={result?.ok === false}
          onChange={(event) => setCode(event.target.value)}
          className="min-h-10 min-w-0 flex-1 rounded border border-neutral-300 px-3 font-mono text-sm tracking-wider uppercase focus:border-primary focus:outline-none"
        />
        <button
          type="submit"
          disabled={busy}
          className={`inline-flex min-h-10 shrink-0 items-center justify-center rounded bg-primary px-6 text-sm font-medium text-white hover:bg-primary-dark disabled:opacity-60 ${focusRing}`}
        >
          {busy ? '兑换中…' : '兑换'}
        </button>
      </form>
      <p id={`${id}-result`} role="status" aria-live="polite" className={`mt-2 min-h-5 text-sm ${result?.ok ? 'text-emerald-700' : 'text-primary'}`}>
        {result?.text ?? ''}
      </p>
    </section>
  );
}
