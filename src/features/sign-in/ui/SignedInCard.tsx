import type { ReactNode } from 'react';
import { ACCOUNT_HOME_PATH } from '~/platform/config/routes';

/**
 * What /register and /bind show once the visitor is signed in. The page stays where it is rather
 * than navigating away, so the 登录成功！ toast and a new user's red-envelope popup (spec §4,
 * 0.8 s after login) are seen.
 */
export function SignedInCard({ title }: { title: string }): ReactNode {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-4 rounded-lg bg-white p-8 text-center shadow-sm">
      <p className="text-lg font-semibold text-gray-900">{title}</p>
      <p className="text-sm text-gray-600">可以开始租号了。</p>
      <div className="flex gap-3">
        <a href="/" className="rounded-full bg-primary px-5 py-2 text-sm text-white hover:bg-primary-dark">
          去首页逛逛
        </a>
        <a href={ACCOUNT_HOME_PATH} className="rounded-full border border-gray-300 px-5 py-2 text-sm text-gray-700 hover:bg-gray-50">
          个人中心
        </a>
      </div>
    </div>
  );
}
