import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  changeEmail,
  changePassword,
  changePhone,
  getProfile,
  listBindings,
  listDevices,
  sendEmailBindCode,
  sendNewPhoneCode,
  sendVerifyCode,
  setPayPassword,
  signOutDevice,
  signOutEverywhere,
  unbindThirdParty,
  type SignedInDevice,
  type ThirdPartyBinding,
} from '~/features/account/client/account';
import { validatePayPassword } from '~/features/account/rules/account-settings';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import { validatePassword, validatePhone, validatePhoneForSms, validateSmsCode } from '~/platform/rules/validation';
import { $auth, setUser, type UserInfo } from '~/platform/stores/auth';
import { showSuccess } from '~/platform/stores/ui';
import { validateEmail } from '~/features/sign-in/ui/email';
import { Field, submitClass } from '~/platform/ui/Field';
import { SmsCodeButton } from '~/features/sign-in/ui/SmsCodeButton';
import { focusField, keepSubmitLocal, runAction, useFormFields, type FormFields } from '~/platform/ui/use-form-fields';
import LoginRequired from '~/platform/ui/LoginRequired';
import { DEBOUNCE_FAILURE_TEXT, DebounceButton } from '~/platform/ui/DebounceButton';
import { ContractsSetting } from '~/features/content/ui/ContractsSetting';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Skeleton } from '~/platform/ui/Skeleton';
import { useRemote } from '~/platform/ui/use-remote';
import { withIdentity } from '~/platform/ui/reauth';
import { groupDevices } from '~/features/account/rules/device-groups';

export const PASSWORD_CHANGED_MSG = '登录密码已修改，其他设备已退出登录';
export const PHONE_CHANGED_MSG = '手机号已更新';
export const EMAIL_BOUND_MSG = '邮箱绑定成功';
export const PAY_PASSWORD_SET_MSG = '支付密码设置成功';
export const CONFIRM_MISMATCH = '两次输入的密码不一致';

const cardClass = 'rounded-lg border border-neutral-200 bg-white p-4 sm:p-5';
const linkButton = 'shrink-0 rounded border border-primary px-3 py-1 text-sm text-primary hover:bg-primary-light max-md:min-h-11 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const formClass = 'mt-4 flex max-w-md flex-col gap-1';

function keep(profile: Partial<UserInfo>): void {
  const current = $auth.get().user;
  if (current) setUser({ ...current, ...profile });
}

/** One setting: its name, its state in a line, and the form behind 修改 / 设置. */
function Setting({ title, state, action, open, onToggle, children }: { title: string; state: ReactNode; action: string; open: boolean; onToggle(): void; children: ReactNode }): ReactNode {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardClass}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h2 id={id} className="w-20 shrink-0 text-base font-medium text-neutral-900">
          {title}
        </h2>
        {/* Below sm the state takes its own line under the title and the button. */}
        <div className="min-w-0 text-sm text-neutral-600 max-sm:order-last max-sm:basis-full sm:flex-1">{state}</div>
        <button type="button" aria-expanded={open} onClick={onToggle} className={`${linkButton} max-sm:ml-auto`}>
          {open ? '收起' : action}
        </button>
      </div>
      {open ? children : null}
    </section>
  );
}

/** A 验证码 field whose button sends through `send` (slider first, 60 s countdown). */
function CodeInput<K extends string>({ form, name, label, countdownKey, send, validateTarget }: { form: FormFields<K>; name: K; label: string; countdownKey: string; send(verifyKey: string): Promise<unknown>; validateTarget?: () => string | null }): ReactNode {
  return (
    <Field
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="请输入验证码"
      {...form.bind(name)}
      trailing={
        <SmsCodeButton
          recipient={countdownKey}
          validate={() => validateTarget?.() ?? null}
          onInvalid={() => undefined}
          send={send}
          onSent={() => focusField(form.formRef, name)}
        />
      }
    />
  );
}

type ProofMode = 'old' | 'code';

function ProofTabs({ mode, onMode, oldLabel }: { mode: ProofMode; onMode(mode: ProofMode): void; oldLabel: string }): ReactNode {
  return (
    <div role="radiogroup" aria-label="验证方式" className="mb-2 flex gap-4 text-sm">
      {(['old', 'code'] as const).map((value) => (
        <label key={value} className="flex cursor-pointer items-center gap-1.5">
          <input type="radio" name="proof" checked={mode === value} onChange={() => onMode(value)} className="accent-primary" />
          {value === 'old' ? oldLabel : '短信验证码'}
        </label>
      ))}
    </div>
  );
}

const ownPhoneKey = (user: UserInfo): string => `own-sms:${user.id}`;

function PasswordSetting({ user, onSessionsChanged }: { user: UserInfo; onSessionsChanged(): void }): ReactNode {
  const [open, setOpen] = useState(false);
  const hasPassword = user['has_password'] === true;
  const [mode, setMode] = useState<ProofMode>(hasPassword ? 'old' : 'code');
  const form: FormFields<'old' | 'code' | 'password' | 'confirm'> = useFormFields(
    {
      old: (value) => (mode === 'old' ? (value === '' ? '请输入原密码' : null) : null),
      code: (value) => (mode === 'code' ? validateSmsCode(value) : null),
      password: validatePassword,
      confirm: (value): string | null => (value === form.values.password ? null : CONFIRM_MISMATCH),
    },
    { old: '', code: '', password: '', confirm: '' },
  );

  async function submit(): Promise<void> {
    if (!form.checkAll()) return;
    await runAction(async () => {
      await withIdentity(() => changePassword(mode === 'old' ? { old_password: form.values.old, password: form.values.password } : { code: form.values.code, password: form.values.password }));
      keep({ has_password: true });
      showSuccess(PASSWORD_CHANGED_MSG);
      onSessionsChanged();
      setOpen(false);
    }, '修改失败，请稍后重试');
  }

  return (
    <Setting title="登录密码" state={hasPassword ? '已设置，建议定期更换' : '未设置，设置后可用用户名登录'} action={hasPassword ? '修改密码' : '设置密码'} open={open} onToggle={() => setOpen(!open)}>
      <form ref={form.formRef} noValidate onSubmit={keepSubmitLocal} className={formClass} aria-label="修改登录密码">
        {hasPassword && user.mobile ? <ProofTabs mode={mode} onMode={setMode} oldLabel="原密码" /> : null}
        {mode === 'old' ? (
          <Field label="原密码" type="password" autoComplete="current-password" placeholder="请输入原密码" {...form.bind('old')} />
        ) : user.mobile ? (
          <CodeInput form={form} name="code" label={`短信验证码（发送至 ${user.mobile}）`} countdownKey={ownPhoneKey(user)} send={(verifyKey) => sendVerifyCode({ channel: 'sms', verify_key: verifyKey })} />
        ) : (
          <p className="mb-2 text-sm text-primary">请先绑定手机号</p>
        )}
        <Field label="新密码" type="password" autoComplete="new-password" placeholder="字母、数字、下划线，8-30位" {...form.bind('password')} />
        <Field label="确认新密码" type="password" autoComplete="new-password" placeholder="再次输入新密码" {...form.bind('confirm')} />
        <DebounceButton type="submit" onAction={submit} className={submitClass}>
          确认修改
        </DebounceButton>
        <p className="mt-2 text-xs text-neutral-500">修改后，其他设备上的登录将全部退出。</p>
      </form>
    </Setting>
  );
}

function PhoneSetting({ user, onSessionsChanged }: { user: UserInfo; onSessionsChanged(): void }): ReactNode {
  const [open, setOpen] = useState(false);
  const bound = Boolean(user.mobile);
  const form = useFormFields(
    { oldCode: (value) => (bound ? validateSmsCode(value) : null), mobile: validatePhone, code: validateSmsCode },
    { oldCode: '', mobile: '', code: '' },
  );

  async function submit(): Promise<void> {
    if (!form.checkAll()) return;
    await runAction(async () => {
      const profile = await withIdentity(() => changePhone(bound ? { old_code: form.values.oldCode, mobile: form.values.mobile, code: form.values.code } : { mobile: form.values.mobile, code: form.values.code }));
      keep(profile);
      onSessionsChanged();
      showSuccess(bound ? `${PHONE_CHANGED_MSG}，其他设备已退出登录` : PHONE_CHANGED_MSG);
      setOpen(false);
    }, '修改失败，请稍后重试');
  }

  return (
    <Setting title="手机号" state={user.mobile ?? '未绑定'} action={bound ? '更换手机号' : '绑定手机号'} open={open} onToggle={() => setOpen(!open)}>
      <form ref={form.formRef} noValidate onSubmit={keepSubmitLocal} className={formClass} aria-label={bound ? '更换手机号' : '绑定手机号'}>
        {bound ? (
          <CodeInput form={form} name="oldCode" label={`原手机验证码（发送至 ${user.mobile}）`} countdownKey={ownPhoneKey(user)} send={(verifyKey) => sendVerifyCode({ channel: 'sms', verify_key: verifyKey })} />
        ) : null}
        <Field label="新手机号" type="tel" inputMode="numeric" autoComplete="tel" placeholder="请输入手机号码" {...form.bind('mobile')} />
        <CodeInput
          form={form}
          name="code"
          label="新手机验证码"
          countdownKey={form.values.mobile}
          validateTarget={() => {
            const problem = validatePhoneForSms(form.values.mobile);
            if (problem) form.setError('mobile', problem);
            return problem;
          }}
          send={(verifyKey) => sendNewPhoneCode({ mobile: form.values.mobile, verify_key: verifyKey })}
        />
        <DebounceButton type="submit" onAction={submit} className={submitClass}>
          {bound ? '确认更换' : '确认绑定'}
        </DebounceButton>
        {bound ? <p className="mt-2 text-xs text-neutral-500">更换后，其他设备上的登录将全部退出。</p> : null}
      </form>
    </Setting>
  );
}

function EmailSetting({ user, onSessionsChanged }: { user: UserInfo; onSessionsChanged(): void }): ReactNode {
  const [open, setOpen] = useState(false);
  const current = typeof user['email'] === 'string' && user['email'] ? user['email'] : null;
  const form = useFormFields(
    { oldCode: (value) => (current ? validateSmsCode(value) : null), email: validateEmail, code: validateSmsCode },
    { oldCode: '', email: '', code: '' },
  );

  async function submit(): Promise<void> {
    if (!form.checkAll()) return;
    await runAction(async () => {
      keep(await withIdentity(() => changeEmail(current ? { old_code: form.values.oldCode, email: form.values.email, code: form.values.code } : { email: form.values.email, code: form.values.code })));
      showSuccess(EMAIL_BOUND_MSG);
      onSessionsChanged();
      setOpen(false);
    }, '绑定失败，请稍后重试');
  }

  return (
    <Setting title="邮箱" state={current ?? '未绑定，绑定后可用邮箱找回密码'} action={current ? '更换邮箱' : '绑定邮箱'} open={open} onToggle={() => setOpen(!open)}>
      <form ref={form.formRef} noValidate onSubmit={keepSubmitLocal} className={formClass} aria-label={current ? '更换邮箱' : '绑定邮箱'}>
        {current ? (
          <CodeInput form={form} name="oldCode" label={`原邮箱验证码（发送至 ${current}）`} countdownKey={`own-email:${user.id}`} send={(verifyKey) => sendVerifyCode({ channel: 'email', verify_key: verifyKey })} />
        ) : null}
        <Field label="新邮箱" type="email" autoComplete="email" placeholder="请输入邮箱" {...form.bind('email')} />
        <CodeInput
          form={form}
          name="code"
          label="邮箱验证码"
          countdownKey={form.values.email.trim().toLowerCase()}
          validateTarget={() => {
            const problem = validateEmail(form.values.email);
            if (problem) form.setError('email', problem);
            return problem;
          }}
          send={(verifyKey) => sendEmailBindCode({ email: form.values.email.trim(), verify_key: verifyKey })}
        />
        <DebounceButton type="submit" onAction={submit} className={submitClass}>
          {current ? '确认更换' : '确认绑定'}
        </DebounceButton>
      </form>
    </Setting>
  );
}

/**
 * The proof is the re-authentication window: the server answers CODE_REAUTH_REQUIRED without it
 * and withIdentity opens the 验证身份 dialog (login password or SMS code), then sets it.
 */
function PayPasswordSetting({ user, onSessionsChanged }: { user: UserInfo; onSessionsChanged(): void }): ReactNode {
  const [open, setOpen] = useState(false);
  const isSet = user['has_pay_password'] === true;
  const form: FormFields<'pay' | 'confirm'> = useFormFields(
    {
      pay: validatePayPassword,
      confirm: (value): string | null => (value === form.values.pay ? null : CONFIRM_MISMATCH),
    },
    { pay: '', confirm: '' },
  );

  async function submit(): Promise<void> {
    if (!form.checkAll()) return;
    await runAction(async () => {
      await withIdentity(() => setPayPassword({ pay_password: form.values.pay }));
      keep({ has_pay_password: true });
      showSuccess(PAY_PASSWORD_SET_MSG);
      onSessionsChanged();
      setOpen(false);
    }, '设置失败，请稍后重试');
  }

  const digits = { inputMode: 'numeric' as const, maxLength: 6, type: 'password', autoComplete: 'off' };
  return (
    <Setting title="支付密码" state={isSet ? '已设置，提现时需输入' : '未设置，设置后提现需输入支付密码'} action={isSet ? '修改支付密码' : '设置支付密码'} open={open} onToggle={() => setOpen(!open)}>
      <form ref={form.formRef} noValidate onSubmit={keepSubmitLocal} className={formClass} aria-label="设置支付密码">
        <Field label="新支付密码" {...digits} placeholder="6位数字，勿用相同或连续数字" {...form.bind('pay')} />
        <Field label="确认支付密码" {...digits} placeholder="再次输入" {...form.bind('confirm')} />
        <DebounceButton type="submit" onAction={submit} className={submitClass}>
          确认
        </DebounceButton>
        <p className="mt-2 text-xs text-neutral-500">为了账号安全，提交时需验证身份；设置后，其他设备上的登录将全部退出。</p>
      </form>
    </Setting>
  );
}

/** "Chrome 130 · Windows" from a user agent; the raw string stays in the title. */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return '未知设备';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /MicroMessenger/.test(userAgent) ? '微信' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : '浏览器';
  const system = /Windows/.test(userAgent) ? 'Windows' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Android/.test(userAgent) ? 'Android' : /Mac OS X/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  return system ? `${browser} · ${system}` : browser;
}

const fetchDevices = (signal: AbortSignal): Promise<SignedInDevice[]> => listDevices({ signal }).then((answer) => answer.list);
const fetchBindings = (signal: AbortSignal): Promise<ThirdPartyBinding[]> => listBindings({ signal }).then((answer) => answer.list);

function DevicesSetting(): ReactNode {
  const devices = useRemote(fetchDevices, 'account-devices');
  const titleId = useId();
  const others = devices.remote.kind === 'ready' ? devices.remote.data.filter((device) => !device.current).length : 0;

  return (
    <section aria-labelledby={titleId} className={cardClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-base font-medium text-neutral-900">
          登录设备
        </h2>
        {others > 0 ? (
          <DebounceButton
            onAction={() =>
              runAction(async () => {
                const { revoked_sessions } = await signOutEverywhere();
                showSuccess(`已退出其他${revoked_sessions}台设备`);
                devices.reload();
              }, DEBOUNCE_FAILURE_TEXT)
            }
            className={linkButton}
          >
            退出其他所有设备
          </DebounceButton>
        ) : null}
      </div>
      {devices.remote.kind === 'loading' ? (
        <Skeleton lines={2} className="mt-3" />
      ) : devices.remote.kind === 'failed' ? (
        <LoadFailed text="获取登录设备失败" onRetry={devices.reload} />
      ) : (
        <ul className="mt-3 divide-y divide-neutral-100 text-sm" aria-label="已登录的设备">
          {groupDevices(devices.remote.data).map((group) => (
            <li key={group.ids[0]} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2.5" data-device-group={group.ids.length}>
              <span className="min-w-0 flex-1 font-medium text-neutral-800" title={group.user_agent ?? undefined}>
                {deviceLabel(group.user_agent)}
                {group.current ? <span className="ml-2 inline-block rounded bg-primary-light px-1.5 py-0.5 text-xs whitespace-nowrap text-primary">当前设备</span> : null}
                {group.ids.length > 1 ? <span className="ml-2 inline-block text-xs font-normal whitespace-nowrap text-neutral-500">{group.ids.length}次登录</span> : null}
              </span>
              <span className="text-xs text-neutral-500 max-sm:order-last max-sm:basis-full">最近使用 {formatShanghaiDateTime(new Date(group.last_used_at))}</span>
              {group.others.length === 0 ? null : (
                <DebounceButton
                  onAction={() =>
                    runAction(async () => {
                      for (const id of group.others) await signOutDevice(id);
                      showSuccess(group.current ? '该设备上的其他登录已退出' : '该设备已退出登录');
                      devices.reload();
                    }, DEBOUNCE_FAILURE_TEXT)
                  }
                  className="inline-flex min-h-11 items-center rounded border border-neutral-300 px-3 text-xs text-neutral-700 hover:border-primary hover:text-primary sm:min-h-8"
                  aria-label={group.current ? `退出 ${deviceLabel(group.user_agent)} 上的其他登录` : `退出 ${deviceLabel(group.user_agent)}`}
                >
                  {group.current ? '退出其他登录' : '退出'}
                </DebounceButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BindingsSetting(): ReactNode {
  const bindings = useRemote(fetchBindings, 'account-bindings');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cardClass}>
      <h2 id={titleId} className="text-base font-medium text-neutral-900">
        第三方账号
      </h2>
      {bindings.remote.kind === 'loading' ? (
        <Skeleton lines={2} className="mt-3" />
      ) : bindings.remote.kind === 'failed' ? (
        <LoadFailed text="获取绑定信息失败" onRetry={bindings.reload} />
      ) : (
        <ul className="mt-3 divide-y divide-neutral-100 text-sm">
          {bindings.remote.data.map((binding) => (
            <li key={binding.provider} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2.5">
              <span className="w-12 font-medium text-neutral-800 max-sm:flex-1">{binding.name}</span>
              <span className="min-w-0 text-neutral-600 max-sm:order-last max-sm:basis-full sm:flex-1">
                {binding.bound ? `已绑定${binding.bound_at ? `（${formatShanghaiDateTime(new Date(binding.bound_at))}）` : ''}` : `未绑定，使用${binding.name}扫码登录后自动绑定`}
              </span>
              {binding.bound ? (
                <DebounceButton
                  onAction={() =>
                    runAction(async () => {
                      if (!window.confirm(`确定解绑${binding.name}吗？解绑后将不能使用${binding.name}登录。`)) return;
                      const answer = await unbindThirdParty(binding.provider);
                      bindings.replace(answer.list);
                      showSuccess(`已解绑${binding.name}`);
                    }, DEBOUNCE_FAILURE_TEXT)
                  }
                  className="rounded border border-neutral-300 px-2.5 py-1 text-xs text-neutral-700 hover:border-primary hover:text-primary"
                  aria-label={`解绑${binding.name}`}
                >
                  解绑
                </DebounceButton>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Settings(): ReactNode {
  const $user = useStore($auth).user;
  // A password or phone change signs the other devices out: the device list is fetched anew.
  const [devicesVersion, setDevicesVersion] = useState(0);
  const sessionsChanged = (): void => setDevicesVersion((version) => version + 1);
  // The stored profile may be older than a change made elsewhere (has_pay_password, the email).
  useEffect(() => {
    const controller = new AbortController();
    getProfile({ signal: controller.signal, quiet: true })
      .then((profile) => keep(profile))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  if (!$user) return <Skeleton lines={6} className="py-6" />;
  return (
    <div className="flex flex-col gap-4 py-2">
      <PasswordSetting user={$user} onSessionsChanged={sessionsChanged} />
      <PhoneSetting user={$user} onSessionsChanged={sessionsChanged} />
      <EmailSetting user={$user} onSessionsChanged={sessionsChanged} />
      <PayPasswordSetting user={$user} onSessionsChanged={sessionsChanged} />
      <DevicesSetting key={devicesVersion} />
      <BindingsSetting />
      <ContractsSetting className={cardClass} />
    </div>
  );
}

/** /account/system (账号设置): password, phone, email, pay password, devices, WeChat/QQ, 协议签署. */
export default function AccountSettings({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Settings />
    </LoginRequired>
  );
}
