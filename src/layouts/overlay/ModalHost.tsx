import { useStore } from '@nanostores/react';
import { Component, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { $modal, closeModal, showError, type ModalName } from '~/platform/stores/ui';
import type { ModalContentProps } from '~/platform/ui/modal-types';
import { FullScreenSpinner } from '~/platform/ui/Spinner';

type Loader = () => Promise<{ default: ComponentType<ModalContentProps> }>;

/**
 * Each modal's code is its own chunk, fetched the first time it opens (spec §2 modals). The login
 * dialog is plain script (features/sign-in/ui/plain, issue 27) that page-chrome installs itself.
 */
type ReactModalName = Exclude<ModalName, 'login'>;
const LOADERS: Readonly<Record<ReactModalName, Loader>> = {
  realName: () => import('~/features/account/ui/RealNameModal'),
  redPacket: () => import('~/features/wallet/ui/RedPacketModal'),
  bindPhone: () => import('~/features/sign-in/ui/BindPhoneModal'),
  hafuCoin: () => import('~/features/orders/ui/HafuCoinModal'),
  officialAccountQr: () => import('~/features/content/ui/OfficialAccountQrModal'),
  complaint: () => import('~/features/complaints/ui/ComplaintModal'),
  contactUs: () => import('~/features/content/ui/ContactUsModal'),
  verifyIdentity: () => import('~/features/account/ui/VerifyIdentityModal'),
};

// React.lazy remembers a failed import forever; a fresh lazy per name after a failure lets the
// next open try the network again.
const lazies = new Map<string, LazyExoticComponent<ComponentType<ModalContentProps>>>();
function contentFor(name: ReactModalName): LazyExoticComponent<ComponentType<ModalContentProps>> {
  let content = lazies.get(name);
  if (!content) {
    content = lazy(LOADERS[name]);
    lazies.set(name, content);
  }
  return content;
}

/** A modal that fails to load (offline) or to render closes instead of breaking the whole island. */
class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error(error);
    lazies.clear();
    closeModal();
    showError('加载失败，请稍后重试');
  }

  render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** Mounted once per page by OverlayRoot (on demand): renders whichever modal $modal names. */
export default function ModalHost(): ReactNode {
  // The server never has a modal open; hydrate from that, then show what the page already asked for.
  const $current = useStore($modal, { ssr: 'initial' });
  if (!$current || $current.name === 'login') return null;
  const Content = contentFor($current.name);
  return (
    <ChunkBoundary key={$current.name}>
      <Suspense fallback={<FullScreenSpinner show />}>
        <Content name={$current.name} props={$current.props} onClose={closeModal} />
      </Suspense>
    </ChunkBoundary>
  );
}
