import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { submitInvestment } from '~/features/activities/client';
import { INVEST_BUDGETS, INVEST_CITY_MAX_CHARS, INVEST_MESSAGE_MAX_CHARS, INVEST_NAME_MAX_CHARS } from '~/platform/config/constants';
import { investDraftIssues, type InvestDraft, type InvestField } from '~/features/activities/rules/investment';
import { focusRing } from '~/platform/ui/focus-ring';
import { formInput } from '~/platform/ui/field-classes';

const EMPTY: InvestDraft = { name: '', phone: '', city: '', budget: '', message: '' };

/**
 * 招商合作: name, phone, city, budget and a message; each field says what is wrong in
 * Chinese before anything is sent, the server checks the same and limits how often one may send.
 * A sent form turns into the thank-you state.
 */
export default function InvestForm(): ReactNode {
  const id = useId();
  const [draft, setDraft] = useState<InvestDraft>(EMPTY);
  const [issues, setIssues] = useState<Partial<Record<InvestField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const set = (field: InvestField) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    setIssues((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    setError(null);
    const found = investDraftIssues(draft);
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await submitInvestment({ ...draft, name: draft.name.trim(), phone: draft.phone.trim(), city: draft.city.trim(), message: draft.message.trim() });
      setSent(true);
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      setError(failure.msg || '提交失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div role="status" className="rounded-lg bg-emerald-50 px-6 py-10 text-center" data-invest-sent>
        <p className="text-lg font-bold text-emerald-800">感谢您的关注，申请已提交！</p>
        <p className="mt-2 text-sm text-emerald-700">招商经理将在 1-3 个工作日内与您电话联系，请保持手机畅通。</p>
        <button type="button" onClick={() => { setDraft(EMPTY); setSent(false); }} className={`mt-5 rounded-full border border-emerald-600 px-5 py-1.5 text-sm text-emerald-700 hover:bg-emerald-100 ${focusRing}`}>
          再提交一份
        </button>
      </div>
    );
  }

  const field = (name: InvestField, label: string, control: ReactNode, required = true) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-neutral-700">
        {label}
        {required ? <span className="text-primary"> *</span> : null}
      </label>
      {control}
      {issues[name] ? <p id={`${id}-${name}-error`} className="text-xs text-primary">{issues[name]}</p> : null}
    </div>
  );
  const described = (name: InvestField) => ({
    id: `${id}-${name}`,
    'aria-invalid': issues[name] ? true : undefined,
    'aria-describedby': issues[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2" aria-label="招商合作申请">
      {field('name', '您的称呼', <input {...described('name')} className={formInput} maxLength={INVEST_NAME_MAX_CHARS} value={draft.name} onChange={set('name')} autoComplete="name" placeholder="例如：王先生" />)}
      {field('phone', '手机号码', <input {...described('phone')} className={formInput} inputMode="numeric" maxLength={11} value={draft.phone} onChange={set('phone')} autoComplete="tel" placeholder="11位手机号码" />)}
      {field('city', '所在城市', <input {...described('city')} className={formInput} maxLength={INVEST_CITY_MAX_CHARS} value={draft.city} onChange={set('city')} placeholder="例如：杭州" />)}
      {field(
        'budget',
        '投资预算',
        <select {...described('budget')} className={formInput} value={draft.budget} onChange={set('budget')}>
          <option value="">请选择</option>
          {Object.entries(INVEST_BUDGETS).map(([key, label]) => (
            <option key={key} value={key}>{label}</option>
          ))}
        </select>,
      )}
      <div className="sm:col-span-2">
        {field(
          'message',
          '留言',
          <textarea {...described('message')} className={`${formInput} min-h-28`} maxLength={INVEST_MESSAGE_MAX_CHARS} value={draft.message} onChange={set('message')} placeholder="介绍一下您的合作意向（选填）" />,
          false,
        )}
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2">
        {error ? <p role="alert" className="text-sm text-primary">{error}</p> : null}
        <button type="submit" disabled={busy} className={`rounded-full bg-primary px-8 py-2.5 font-bold text-white hover:bg-primary-dark disabled:opacity-60 sm:self-start ${focusRing}`}>
          {busy ? '提交中…' : '提交申请'}
        </button>
      </div>
    </form>
  );
}
