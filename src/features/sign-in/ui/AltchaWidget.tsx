import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AltchaCaptcha } from '~/features/sign-in/client/auth';

/**
 * The ALTCHA widget's strings in Simplified Chinese (it ships zh-cn, but with its own wording and
 * an attribution link to altcha.org; ours says what this site means and links nowhere).
 */
const ZH_STRINGS: Record<string, string> = {
  ariaLinkLabel: 'ALTCHA',
  cancel: '取消',
  enterCode: '输入验证码',
  enterCodeAria: '输入听到的验证码，按空格键播放语音。',
  enterCodeFromImage: '请输入下图中的验证码后继续。',
  error: '验证失败，请重试',
  expired: '验证已过期，请重试',
  footer: '',
  getAudioChallenge: '获取语音验证码',
  label: '我不是机器人',
  loading: '加载中…',
  reload: '重新加载',
  verify: '验证',
  verificationRequired: '请先完成人机验证',
  verified: '验证通过',
  verifying: '正在验证，请稍候…',
  waitAlert: '正在验证，请稍候…',
};
const LANGUAGE = 'zh-cn';

/**
 * Loads the widget once per page, from this site only: the `external` build (no inline styles,
 * no blob: workers) plus its PBKDF2 worker as a file Vite emits, so the strict CSP's
 * `default-src 'self'` covers both (docs/providers-sign-in.md "Captcha").
 */
let loading: Promise<void> | null = null;
function loadAltcha(): Promise<void> {
  loading ??= (async () => {
    await import('altcha/altcha.css');
    await import('altcha/external');
    const { default: Pbkdf2Worker } = await import('altcha/workers/pbkdf2?worker');
    const registry = (globalThis as unknown as { $altcha: { algorithms: Map<string, () => Worker>; i18n: { set(lang: string, strings: Record<string, string>): void } } }).$altcha;
    registry.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
    registry.i18n.set(LANGUAGE, ZH_STRINGS);
  })();
  return loading;
}

/**
 * One ALTCHA challenge, solved in the browser as soon as it is shown (the person already asked
 * for it by signing in or sending a code); `onSolved` gets the payload for common/captcha/verify.
 */
export function AltchaWidget({ captcha, onSolved }: { captcha: AltchaCaptcha; onSolved(payload: string): void }): ReactNode {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const solved = useRef(onSolved);
  solved.current = onSolved;

  useEffect(() => {
    let widget: HTMLElement | null = null;
    let cancelled = false;
    const onVerified = (event: Event): void => {
      const payload = (event as CustomEvent<{ payload?: string }>).detail?.payload;
      if (payload) solved.current(payload);
    };
    loadAltcha().then(
      () => {
        if (cancelled || !host.current) return;
        widget = document.createElement('altcha-widget');
        // Configured before it is attached, so that `auto: onload` starts on the challenge at once
        // (configure() after the load event would leave an unticked box). No logo or footer: both
        // link to altcha.org, and this dialog links nowhere.
        widget.setAttribute('configuration', JSON.stringify({ challenge: captcha.challenge, hideFooter: true, hideLogo: true }));
        widget.setAttribute('auto', 'onload');
        widget.setAttribute('language', LANGUAGE);
        widget.addEventListener('verified', onVerified);
        host.current.replaceChildren(widget);
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      widget?.removeEventListener('verified', onVerified);
      widget?.remove();
    };
  }, [captcha]);

  return failed ? (
    <p className="py-4 text-center text-sm text-gray-600">验证组件加载失败，请点击“换一张”重试</p>
  ) : (
    <div ref={host} className="altcha-host flex min-h-16 justify-center" data-testid="altcha-host" />
  );
}
