import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { AliyunCaptcha } from '~/features/sign-in/client/auth';

/** What Aliyun's AliyunCaptcha.js puts on window (Captcha 2.0, web). */
interface AliyunCaptchaInstance {
  destroyCaptcha?: () => void;
}
interface AliyunCaptchaWindow {
  AliyunCaptchaConfig?: { region: string; prefix: string };
  initAliyunCaptcha?: (options: Record<string, unknown>) => void;
}

/**
 * Loads Aliyun's widget script once per page, and only when a captcha is asked for: the one page
 * resource from another host, allowed by the Content-Security-Policy only when the site runs
 * CAPTCHA_PROVIDER=aliyun (docs/decisions.md "Captcha: Aliyun Captcha 2.0"). The region and
 * prefix must be on window before the script runs.
 */
let loading: { url: string; promise: Promise<void> } | null = null;
function loadAliyunCaptcha(captcha: AliyunCaptcha): Promise<void> {
  const win = window as unknown as AliyunCaptchaWindow;
  win.AliyunCaptchaConfig = { region: captcha.region, prefix: captcha.prefix };
  if (loading?.url === captcha.script_url) return loading.promise;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = captcha.script_url;
    script.async = true;
    script.onload = () => (typeof win.initAliyunCaptcha === 'function' ? resolve() : reject(new Error('initAliyunCaptcha missing')));
    script.onerror = () => reject(new Error('AliyunCaptcha.js did not load'));
    document.head.append(script);
  });
  // A failed load may be tried again (换一张), a good one is kept.
  promise.catch(() => {
    if (loading?.promise === promise) loading = null;
  });
  loading = { url: captcha.script_url, promise };
  return promise;
}

/**
 * One Aliyun Captcha 2.0 challenge, embedded in our dialog. The widget hands its
 * captchaVerifyParam to `success` (client architecture V3) or to `captchaVerifyCallback`
 * (V2, which waits for our verdict); both end in `onSolved`, once per captcha.
 */
export function AliyunCaptchaWidget({ captcha, onSolved }: { captcha: AliyunCaptcha; onSolved(param: string): Promise<boolean> }): ReactNode {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const elementId = `aliyun-captcha-${id}`;
  const buttonId = `aliyun-captcha-button-${id}`;
  const [failed, setFailed] = useState(false);
  const solved = useRef(onSolved);
  solved.current = onSolved;

  useEffect(() => {
    let cancelled = false;
    let instance: AliyunCaptchaInstance | null = null;
    let submitted = false;
    const submit = async (param: unknown): Promise<boolean> => {
      if (cancelled || submitted || typeof param !== 'string' || param === '') return false;
      submitted = true;
      return solved.current(param);
    };
    loadAliyunCaptcha(captcha).then(
      () => {
        if (cancelled) return;
        (window as unknown as AliyunCaptchaWindow).initAliyunCaptcha!({
          SceneId: captcha.scene_id,
          prefix: captcha.prefix,
          mode: 'embed',
          element: `#${elementId}`,
          button: `#${buttonId}`,
          language: 'cn',
          success: (param: unknown) => void submit(param),
          captchaVerifyCallback: async (param: unknown) => ({ captchaResult: await submit(param), bizResult: true }),
          onBizResultCallback: () => undefined,
          fail: () => undefined,
          getInstance: (made: AliyunCaptchaInstance) => {
            instance = made;
          },
        });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      try {
        instance?.destroyCaptcha?.();
      } catch {
        // The widget is gone with the dialog either way.
      }
    };
  }, [captcha, elementId, buttonId]);

  return failed ? (
    <p className="py-4 text-center text-sm text-gray-600">验证组件加载失败，请点击“换一张”重试</p>
  ) : (
    <div className="flex flex-col items-center gap-3" data-testid="aliyun-captcha-host">
      <div id={elementId} className="flex min-h-16 w-full justify-center" />
      <button id={buttonId} type="button" className="rounded bg-primary px-6 py-1.5 text-sm text-white hover:opacity-90">
        开始验证
      </button>
    </div>
  );
}
