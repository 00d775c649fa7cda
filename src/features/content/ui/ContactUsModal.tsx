import { useEffect, useState, type ReactNode } from 'react';
import { getSiteContacts } from '~/features/content/client';
import { MSG_CONTACTS_UNSET, contactHref, type SiteContacts } from '~/features/content/contract/site-settings';
import { Modal } from '~/platform/ui/Modal';
import { Spinner } from '~/platform/ui/Spinner';
import { focusRing } from '~/platform/ui/focus-ring';
import type { ModalContentProps } from '~/platform/ui/modal-types';

type Loaded = { state: 'loading' } | { state: 'ready'; contacts: SiteContacts } | { state: 'failed' };

/**
 * The floating 联系我们 button's modal: the same contacts as the /ContactUs page, read from the same
 * setting (GET common/contacts), so the two cannot drift. The page stays the link's target without
 * JavaScript and for a renter who wants the whole page.
 */
export default function ContactUsModal({ onClose }: ModalContentProps): ReactNode {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getSiteContacts(controller.signal)
      .then((contacts) => setLoaded({ state: 'ready', contacts }))
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed' });
      });
    return () => controller.abort();
  }, []);

  let body: ReactNode;
  if (loaded.state === 'loading') {
    body = (
      <p className="flex items-center gap-2 py-6 text-sm text-neutral-500">
        <Spinner /> 正在加载联系方式…
      </p>
    );
  } else if (loaded.state === 'failed') {
    body = (
      <p className="py-6 text-sm text-neutral-600">
        联系方式加载失败，请打开{' '}
        <a href="/ContactUs" className={`text-primary underline ${focusRing}`}>
          联系我们页面
        </a>{' '}
        查看。
      </p>
    );
  } else if (loaded.contacts.channels.length === 0) {
    body = <p className="py-6 text-center text-sm text-neutral-500">{MSG_CONTACTS_UNSET}</p>;
  } else {
    body = (
      <>
        {loaded.contacts.notice && <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-800 ring-1 ring-amber-200">{loaded.contacts.notice}</p>}
        <dl className="grid gap-3 sm:grid-cols-3">
          {loaded.contacts.channels.map((channel) => {
            const href = contactHref(channel.value);
            return (
              <div key={`${channel.label}-${channel.value}`} className="min-w-0 rounded-lg bg-neutral-50 p-4 ring-1 ring-neutral-200">
                <dt className="text-xs text-neutral-500">{channel.label}</dt>
                <dd className="mt-1 break-all font-semibold text-neutral-900">
                  {href ? (
                    <a href={href} className={`hover:text-primary hover:underline ${focusRing}`}>
                      {channel.value}
                    </a>
                  ) : (
                    channel.value
                  )}
                </dd>
                {channel.note && <dd className="mt-1 text-xs text-neutral-500">{channel.note}</dd>}
              </div>
            );
          })}
        </dl>
      </>
    );
  }

  return (
    <Modal open title="联系我们" onClose={onClose}>
      <p className="mb-4 text-sm text-neutral-600">遇到租号、支付或账号问题，随时联系我们</p>
      {body}
      <p className="mt-4 text-sm text-neutral-600">
        常见问题可先查看{' '}
        <a href="/help" className={`text-primary underline ${focusRing}`}>
          帮助中心
        </a>
        ；订单纠纷请在{' '}
        <a href="/account/complain" className={`text-primary underline ${focusRing}`}>
          我的投诉
        </a>{' '}
        中提交，便于客服核实处理。
      </p>
      <p className="mt-3 text-right text-sm">
        <a href="/ContactUs" className={`text-primary hover:underline ${focusRing}`}>
          查看联系我们页面 ›
        </a>
      </p>
    </Modal>
  );
}
