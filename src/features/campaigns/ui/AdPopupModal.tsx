import type { ReactNode } from 'react';
import type { PopupAd } from '~/features/campaigns/contract/popups';
import { Modal } from '~/platform/ui/Modal';
import type { ModalContentProps } from '~/platform/ui/modal-types';
import { sameSiteReturnPath } from '~/platform/rules/return-path';

/** A link the ad may carry: a site path or an http(s) URL (the server checks it too); else none. */
export function safeHref(link: string | null | undefined): string | null {
  if (!link) return null;
  if (link.startsWith('/')) return sameSiteReturnPath(link, null);
  if (!/^https?:\/\/[^\s/\\]/i.test(link)) return null;
  try {
    return new URL(link).href;
  } catch {
    return null;
  }
}

/**
 * The spec §2 ad popup: the ad's image, linking to the ad's link; closes on the mask, the close
 * button or Esc (spec §2 modal: layer 1002, width 578). Which ad, and whether at all, was decided
 * before it opened (features/campaigns/rules/ad-choice.ts).
 */
export default function AdPopupModal({ props, onClose }: ModalContentProps): ReactNode {
  const ad = props.ad as PopupAd | undefined;
  if (!ad) return null;
  const href = safeHref(ad.link);
  const external = href !== null && /^https?:/i.test(href);
  const image = (
    <img
      src={ad.image}
      alt={ad.title}
      width={600}
      height={750}
      decoding="async"
      className="mx-auto block h-auto max-h-[calc(100dvh-9rem)] w-auto max-w-full rounded-md object-contain"
    />
  );
  return (
    <Modal open title={ad.title} hideTitle onClose={onClose}>
      <div data-ad-id={ad.id}>
        {href ? (
          <a
            href={href}
            onClick={onClose}
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            {image}
          </a>
        ) : (
          image
        )}
      </div>
    </Modal>
  );
}
