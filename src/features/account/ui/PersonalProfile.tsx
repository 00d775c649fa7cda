import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client';
import { getProfile, getWalletSummary, type WalletSummary } from '~/features/account/client/account';
import { $auth, setUser } from '~/platform/stores/auth';
import { openLogin, openModal, showError } from '~/platform/stores/ui';
import { MSG_USER_INFO_FAILED } from '~/features/account/constants';
import { routeByName } from '~/platform/config/routes';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import LoginRequired from '~/platform/ui/LoginRequired';
import { Skeleton } from '~/platform/ui/Skeleton';
import { CreditPanel } from '~/features/account/ui/CreditPanel';
import { AvatarEditor, NicknameEditor } from '~/features/account/ui/ProfileEditors';


type Load = 'loading' | 'ready' | 'failed';

/**
 * The personal page's profile (spec §7 "GET user info"). A 401 parks the request and opens the
 * login dialog (spec §4/§8); after login the same request is retried and the profile appears.
 * The profile is kept in the auth store, so the real-name modal's update shows here at once.
 */
function Profile(): ReactNode {
  const $user = useStore($auth).user;
  const [load, setLoad] = useState<Load>('loading');
  const [wallet, setWallet] = useState<WalletSummary | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    // quiet: the server's own words would be a second toast; spec §8 says 获取用户信息失败 (a 401 still
    // parks the call and opens the login dialog).
    getProfile({ signal: controller.signal, quiet: true, pending: () => openLogin('username') })
      .then((profile) => {
        setUser(profile);
        setLoad('ready');
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.cancelled) return;
        showError(MSG_USER_INFO_FAILED);
        setLoad('failed');
      });
    // VIP state for the profile; a failure leaves the row at —, the rest of the page still shows.
    getWalletSummary({ signal: controller.signal })
      .then((answer) => setWallet(answer.walletsInfo))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  if (load === 'loading' || !$user) {
    return load === 'failed' ? <p role="alert" className="py-6 text-sm text-gray-500">{MSG_USER_INFO_FAILED}</p> : <Skeleton lines={4} className="py-6" />;
  }

  const settings = routeByName('system').path;
  const changeLink = (label: string): ReactNode => (
    <a href={settings} className="ml-3 text-xs text-primary hover:underline">
      {label}
    </a>
  );
  const rows: Array<[string, ReactNode]> = [
    ['头像', <AvatarEditor key="avatar" user={$user} />],
    ['昵称', <NicknameEditor key="nickname" user={$user} />],
    ['用户名', $user.username],
    ['手机号', <span key="mobile">{$user.mobile ?? '未绑定'}{changeLink($user.mobile ? '更换' : '绑定')}</span>],
    ['邮箱', <span key="email">{typeof $user['email'] === 'string' && $user['email'] ? $user['email'] : '未绑定'}{changeLink($user['email'] ? '更换' : '绑定')}</span>],
    [
      '实名认证',
      $user['is_real_name'] ? (
        <span className="text-green-700">已认证{typeof $user['real_name'] === 'string' ? `（${$user['real_name']}）` : ''}</span>
      ) : (
        <span className="flex items-center gap-3">
          <span className="text-gray-500">未认证</span>
          <button type="button" onClick={() => openModal('realName')} className="rounded-full border border-primary px-3 py-0.5 text-xs text-primary hover:bg-primary-light">
            去认证
          </button>
        </span>
      ),
    ],
    [
      'VIP',
      wallet === null ? '—' : wallet.vip_status === 1 && wallet.vip_expires_at ? (
        <span className="text-amber-700">VIP会员 · {formatShanghaiDateTime(new Date(wallet.vip_expires_at))} 到期</span>
      ) : (
        <span className="flex items-center gap-3">
          <span className="text-gray-500">未开通</span>
          <a href={routeByName('VIPSubscribe').path} className="text-xs text-primary hover:underline">开通VIP</a>
        </span>
      ),
    ],
    ['注册时间', typeof $user['created_at'] === 'string' ? formatShanghaiDateTime(new Date($user['created_at'])) : '—'],
  ];

  return (
    <div className="space-y-4">
      <dl className="divide-y divide-neutral-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex gap-4 py-3">
            <dt className="w-20 shrink-0 text-gray-500">{label}</dt>
            <dd className="min-w-0 flex-1 text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      <CreditPanel />
      <a href={settings} className="inline-block text-sm text-primary hover:underline">
        {$user['has_password'] ? '修改密码' : '设置密码'}
      </a>
    </div>
  );
}

/** The personal page's island: the sign-in prompt when signed out, the profile otherwise. */
export default function PersonalProfile({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Profile />
    </LoginRequired>
  );
}
