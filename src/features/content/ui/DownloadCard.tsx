import { useState, type ReactNode } from 'react';
import { MSG_DOWNLOAD_BAD_ADDRESS, MSG_DOWNLOAD_DELETED, MSG_DOWNLOAD_NOT_FOUND } from '~/features/content/contract/site-settings';
import { showError } from '~/platform/stores/ui';
import { Spinner } from '~/platform/ui/Spinner';

export interface DownloadCardProps {
  name: string;
  description: string;
  version?: string;
  /** Human-readable size, e.g. "56.3 MB". */
  sizeLabel?: string;
  /** e.g. "Windows". */
  platform: string;
  /** null: nothing to download yet; the button is disabled and says so. */
  url: string | null;
  /** Path of a local icon image; a built-in mark is drawn otherwise. */
  icon?: string;
  /** The file's SHA-256 (hex), shown so a careful user can check the download. */
  sha256?: string;
  /** Release notes, one change per line. */
  notes?: string;
  /** The build the site recommends (spec §1: the desktop download is promoted). */
  promoted?: boolean;
}

/** Spec §8 download toasts, verbatim. */
export const DOWNLOAD_ERROR_TEXT = {
  network: MSG_DOWNLOAD_BAD_ADDRESS,
  missing: MSG_DOWNLOAD_NOT_FOUND,
  deleted: MSG_DOWNLOAD_DELETED,
} as const;

export type DownloadCheck = 'ok' | keyof typeof DOWNLOAD_ERROR_TEXT;

type FetchLike = (input: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'type'>>;

/**
 * Checks a download URL with a HEAD request before navigating to it (spec §8). A cross-origin
 * file is checked in no-cors mode: its status is unreadable, so only a network failure counts.
 * Statuses the spec does not name (500 ...) read as a wrong address.
 */
export async function checkDownloadUrl(
  url: string,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
  pageOrigin: string | null = typeof location === 'undefined' ? null : location.origin,
): Promise<DownloadCheck> {
  let sameOrigin = true;
  try {
    sameOrigin = pageOrigin === null || new URL(url, pageOrigin).origin === pageOrigin;
  } catch {
    return 'network';
  }
  let response: Pick<Response, 'ok' | 'status' | 'type'>;
  try {
    // A same-origin link may redirect to a file host: the redirect itself is the good answer.
    response = await fetchImpl(
      url,
      sameOrigin
        ? { method: 'HEAD', cache: 'no-store', mode: 'same-origin', redirect: 'manual' }
        : { method: 'HEAD', cache: 'no-store', mode: 'no-cors' },
    );
  } catch {
    return 'network';
  }
  if (response.type === 'opaque' || response.type === 'opaqueredirect' || response.ok) return 'ok';
  if (response.status === 404) return 'missing';
  if (response.status === 410) return 'deleted';
  // A server that does not answer HEAD still serves the file to a GET.
  if (response.status === 405 || response.status === 501) return 'ok';
  return 'network';
}

function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  // Same-origin files download in place; a cross-origin URL is simply navigated to.
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Spec §2 download card (the launcher and other client downloads). */
export function DownloadCard({ name, description, version, sizeLabel, platform, url, icon, sha256, notes, promoted = false }: DownloadCardProps): ReactNode {
  const [checking, setChecking] = useState(false);

  async function handleDownload(): Promise<void> {
    if (!url || checking) return;
    setChecking(true);
    try {
      const result = await checkDownloadUrl(url);
      if (result === 'ok') startDownload(url);
      else showError(DOWNLOAD_ERROR_TEXT[result]);
    } finally {
      setChecking(false);
    }
  }

  const facts = [version ? `版本 ${version}` : null, sizeLabel ?? null, platform].filter(Boolean).join(' · ');

  return (
    <article
      className={`flex flex-col gap-4 rounded-lg border bg-white p-5 shadow-sm sm:flex-row sm:items-start ${promoted ? 'border-primary ring-1 ring-primary' : 'border-gray-200'}`}
      data-download-card={platform}
    >
      {icon ? (
        <img src={icon} alt="" width={56} height={56} className="h-14 w-14 shrink-0 rounded-xl object-contain" />
      ) : (
        <svg viewBox="0 0 56 56" width="56" height="56" aria-hidden="true" focusable="false" className="h-14 w-14 shrink-0">
          <rect width="56" height="56" rx="14" fill="#d0201a" />
          <path d="M28 14v20m-8-8l8 8 8-8M17 40h22" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
      <div className="min-w-0 flex-1">
        <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-gray-900">
          {name}
          {promoted ? <span className="rounded bg-primary px-1.5 py-0.5 text-xs font-medium text-white">推荐</span> : null}
        </h3>
        <p className="mt-0.5 text-xs text-gray-500">{facts}</p>
        <p className="mt-2 text-sm text-gray-600">{description}</p>
        {notes ? (
          <div className="mt-3 rounded bg-gray-50 px-3 py-2 text-xs text-gray-600">
            <p className="font-medium text-gray-700">更新说明</p>
            <p className="mt-1 whitespace-pre-line">{notes}</p>
          </div>
        ) : null}
        {sha256 ? (
          <p className="mt-2 text-xs text-gray-500">
            SHA-256：<code className="font-mono break-all text-gray-700" data-sha256>{sha256}</code>
          </p>
        ) : null}
      </div>
      {url ? (
        <button
          type="button"
          onClick={handleDownload}
          aria-busy={checking || undefined}
          aria-label={`立即下载 ${name}`}
          className={`inline-flex shrink-0 items-center justify-center gap-2 rounded bg-primary px-5 py-2 text-sm font-medium text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${checking ? 'cursor-wait opacity-70' : ''}`}
        >
          {checking ? <Spinner /> : null}
          立即下载
        </button>
      ) : (
        <button
          type="button"
          disabled
          className="inline-flex shrink-0 cursor-not-allowed items-center justify-center rounded bg-gray-200 px-5 py-2 text-sm font-medium text-gray-500"
        >
          暂无可下载的版本
        </button>
      )}
    </article>
  );
}
