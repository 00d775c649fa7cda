/**
 * A stable browser id for the sign-in calls (spec §7 login/register `fingerprint`, QQ's `uid`
 * header, the app QR's `fingerprint`): SHA-256 of a few stable properties plus a random seed kept
 * in localStorage. It is an identifier of this browser, not a secret and not tracking across sites.
 * Throws when it cannot be made; callers toast FINGERPRINT_FAILED_MSG (spec §8).
 */
export const FINGERPRINT_FAILED_MSG = '获取浏览器指纹失败';
export const FINGERPRINT_SEED_KEY = 'fp_seed';

let cached: Promise<string> | null = null;

function seed(): string {
  let value = localStorage.getItem(FINGERPRINT_SEED_KEY);
  if (!value) {
    value = crypto.randomUUID();
    localStorage.setItem(FINGERPRINT_SEED_KEY, value);
  }
  return value;
}

async function compute(): Promise<string> {
  const parts = [
    navigator.userAgent,
    navigator.language,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    `${screen.width}x${screen.height}`,
    String(navigator.hardwareConcurrency ?? ''),
    seed(),
  ];
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('|')));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function browserFingerprint(): Promise<string> {
  cached ??= compute().catch((error: unknown) => {
    cached = null;
    throw new Error(FINGERPRINT_FAILED_MSG, { cause: error });
  });
  return cached;
}
