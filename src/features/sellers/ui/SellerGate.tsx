import { useState, type ReactNode } from 'react';
import { getSellerProfile, type SellerProfile } from '~/features/sellers/client/seller';
import LoginRequired from '~/platform/ui/LoginRequired';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Skeleton } from '~/platform/ui/Skeleton';
import { useRemote } from '~/platform/ui/use-remote';
import { NotSellerNotice } from '~/features/sellers/ui/NotSellerNotice';

export interface SellerGateProps {
  /** The page's title, for the sign-in prompt (登录后查看…). */
  title: string;
  /** The page's content, for an approved seller (the profile says which shop). */
  children: (profile: SellerProfile & { shop: NonNullable<SellerProfile['shop']> }) => ReactNode;
}

/**
 * Every seller page but the application: signed-out visitors get the sign-in prompt, users without
 * a shop the way to /seller/apply, sellers the page. The server checks again on every call.
 */
export function SellerGate({ title, children }: SellerGateProps): ReactNode {
  return (
    <LoginRequired title={title}>
      <Gate>{children}</Gate>
    </LoginRequired>
  );
}

function Gate({ children }: Pick<SellerGateProps, 'children'>): ReactNode {
  const [key] = useState('profile');
  const { remote, reload } = useRemote((signal) => getSellerProfile({ signal }), key);
  if (remote.kind === 'loading') return <Skeleton lines={4} className="py-6" />;
  if (remote.kind === 'failed') return <LoadFailed text="获取卖家信息失败" onRetry={reload} />;
  const profile = remote.data;
  if (!profile.shop) return <NotSellerNotice />;
  return <>{children({ ...profile, shop: profile.shop })}</>;
}
