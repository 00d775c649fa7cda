/**
 * What the pages' Content-Security-Policy must add for the captcha the site runs. The slider and
 * ALTCHA need nothing: everything they use is served by this site. Aliyun Captcha 2.0 is the one
 * exception the operator opts into with CAPTCHA_PROVIDER=aliyun: its widget script comes from
 * Aliyun's CDN (o.alicdn.com, or ALIYUN_CAPTCHA_SCRIPT_URL), and the widget then talks to
 * Aliyun's captcha hosts and shows their images and styles (docs/decisions.md "Captcha: Aliyun
 * Captcha 2.0").
 */
import { ALIYUN_CAPTCHA_DEFAULT_SCRIPT_URL, captchaProviderOf, type SignInConfig } from '~/platform/providers/sign-in-config';

/** Hosts Aliyun's widget reaches once loaded: its API (captcha-open*.aliyuncs.com) and its CDN (*.alicdn.com). */
export const ALIYUN_CAPTCHA_WIDGET_HOSTS = ['https://*.aliyuncs.com', 'https://*.alicdn.com'] as const;

/** Extra sources per directive; every list empty when the site's captcha needs no outside host. */
export interface CaptchaPageSources {
  script: string[];
  style: string[];
  connect: string[];
  img: string[];
}

export const NO_CAPTCHA_PAGE_SOURCES: CaptchaPageSources = { script: [], style: [], connect: [], img: [] };

export function captchaPageSources(config: Partial<SignInConfig> & { APP_ENV?: string }): CaptchaPageSources {
  if (captchaProviderOf(config) !== 'aliyun') return NO_CAPTCHA_PAGE_SOURCES;
  // Only the script's origin may run code; the widget's own hosts may serve data, images and styles.
  const scriptOrigin = new URL(config.ALIYUN_CAPTCHA_SCRIPT_URL ?? ALIYUN_CAPTCHA_DEFAULT_SCRIPT_URL).origin;
  const dataHosts = [...new Set([scriptOrigin, ...ALIYUN_CAPTCHA_WIDGET_HOSTS])];
  return { script: [scriptOrigin], style: dataHosts, connect: dataHosts, img: dataHosts };
}
