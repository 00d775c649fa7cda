import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { DOWNLOAD_UPLOAD_MAX_BYTES } from '~/features/content/constants';
import {
  DOWNLOAD_FILE_EXTENSIONS,
  MSG_DOWNLOAD_BAD_EXTENSION,
  MSG_DOWNLOAD_BAD_NAME,
  MSG_DOWNLOAD_EMPTY,
  MSG_DOWNLOAD_TOO_LARGE,
  formatFileSize,
  isDownloadFileName,
  isUploadableDownloadName,
  type DownloadFileView,
} from '~/features/content/contract/site-settings';
import { CONSOLE_ROUTES } from '~/features/console/routes';
import { hrefOf } from '~/platform/wire/route';
import { reloadWithFlash } from '~/platform/ui/console/ops-flash';

type UploadState =
  | { kind: 'idle' }
  | { kind: 'sending'; name: string; loaded: number; total: number }
  | { kind: 'done'; file: DownloadFileView }
  | { kind: 'failed'; msg: string };

/** Why the browser refuses a picked file before sending a byte (the server checks the same again). */
export function refusalOf(file: { name: string; size: number }): string | null {
  if (!isDownloadFileName(file.name)) return MSG_DOWNLOAD_BAD_NAME;
  if (!isUploadableDownloadName(file.name)) return MSG_DOWNLOAD_BAD_EXTENSION;
  if (file.size === 0) return MSG_DOWNLOAD_EMPTY;
  if (file.size > DOWNLOAD_UPLOAD_MAX_BYTES) return MSG_DOWNLOAD_TOO_LARGE;
  return null;
}

/** The envelope's message of a refused upload, or a plain line for an answer that is not ours (a proxy's 413 page). */
function failureOf(status: number, text: string): string {
  try {
    const envelope = JSON.parse(text) as { msg?: unknown };
    if (typeof envelope.msg === 'string' && envelope.msg) return envelope.msg;
  } catch {
    // Not JSON: fall through.
  }
  if (status === 413) return MSG_DOWNLOAD_TOO_LARGE;
  return `上传失败（HTTP ${status}），请重试`;
}

/**
 * 上传安装包: the operator picks a launcher build, it streams to the server with a progress bar
 * (XMLHttpRequest: fetch reports no upload progress), and the size and SHA-256 the server computed
 * are shown when it is in. The manifest form below lists uploaded builds, so a new one is chosen
 * there after the page reloads.
 */
export function LauncherUpload(): ReactNode {
  const id = useId();
  const [state, setState] = useState<UploadState>({ kind: 'idle' });

  function send(file: File): void {
    const refusal = refusalOf(file);
    if (refusal) {
      setState({ kind: 'failed', msg: refusal });
      return;
    }
    setState({ kind: 'sending', name: file.name, loaded: 0, total: file.size });
    const xhr = new XMLHttpRequest();
    xhr.open('POST', hrefOf(CONSOLE_ROUTES.uploadDownloadFile, { name: file.name }));
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => setState({ kind: 'sending', name: file.name, loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      if (xhr.status === 200) {
        try {
          const envelope = JSON.parse(xhr.responseText) as { code: number; data: DownloadFileView };
          if (envelope.code === 0) {
            setState({ kind: 'done', file: envelope.data });
            return;
          }
        } catch {
          // Fall through to the failure line.
        }
      }
      setState({ kind: 'failed', msg: failureOf(xhr.status, xhr.responseText) });
    };
    xhr.onerror = () => setState({ kind: 'failed', msg: '网络错误，上传未完成，文件未保存，请重试' });
    xhr.send(file);
  }

  function picked(event: ChangeEvent<HTMLInputElement>): void {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) send(file);
  }

  const sending = state.kind === 'sending';
  const percent = sending && state.total > 0 ? Math.min(100, Math.floor((state.loaded / state.total) * 100)) : 0;
  return (
    <div className="space-y-2 rounded-md border border-dashed border-neutral-300 p-3" data-launcher-upload>
      <div className="flex flex-wrap items-center gap-2">
        <label
          htmlFor={`${id}-file`}
          className={`inline-flex min-h-11 cursor-pointer items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-white hover:bg-primary-dark ${sending ? 'pointer-events-none opacity-60' : ''}`}
        >
          {sending ? '上传中…' : '选择安装包上传'}
        </label>
        <input id={`${id}-file`} type="file" accept={DOWNLOAD_FILE_EXTENSIONS.join(',')} className="sr-only" disabled={sending} onChange={picked} />
        <span className="text-xs text-neutral-500">
          支持 {DOWNLOAD_FILE_EXTENSIONS.join('、')}，不超过 {DOWNLOAD_UPLOAD_MAX_BYTES / 1024 / 1024} MB；文件名即下载地址，请带上版本号
        </span>
      </div>
      {sending && (
        <div>
          <div className="mb-1 flex justify-between gap-2 text-xs text-neutral-600">
            <span className="break-all">{state.name}</span>
            <span className="shrink-0">
              {formatFileSize(state.loaded)} / {formatFileSize(state.total)}（{percent}%）
            </span>
          </div>
          <div className="h-2 overflow-hidden rounded bg-neutral-100" role="progressbar" aria-label="上传进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          {percent === 100 && <p className="mt-1 text-xs text-neutral-500">正在校验并保存…</p>}
        </div>
      )}
      {state.kind === 'done' && (
        <div className="space-y-1 rounded bg-green-50 p-2 text-sm text-green-900" role="status" data-upload-result>
          <p>
            已上传 <span className="font-mono break-all">{state.file.name}</span>（{formatFileSize(state.file.size)}，{state.file.size.toLocaleString('zh-CN')} 字节）
          </p>
          <p className="text-xs">
            SHA-256：<span className="font-mono break-all" data-upload-sha256>{state.file.sha256}</span>
          </p>
          <button
            type="button"
            className="min-h-11 rounded-md bg-white px-3 text-sm text-green-900 ring-1 ring-green-700 hover:bg-green-100"
            onClick={() => reloadWithFlash(`已上传 ${state.file.name}，可在“启动器下载”中选用`)}
          >
            刷新页面，在下方选用此文件
          </button>
        </div>
      )}
      {state.kind === 'failed' && (
        <p role="alert" className="text-sm text-primary">
          {state.msg}
        </p>
      )}
    </div>
  );
}
