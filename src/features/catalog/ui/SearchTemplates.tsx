import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { isApiError } from '~/platform/client/errors';
import type { SearchTemplate } from '~/features/catalog/client';
import { TEMPLATE_NAME_MAX_CHARS, templateNameError, templatePathFrom } from '~/features/catalog/rules/user-catalog';
import { $isLoggedIn } from '~/platform/stores/auth';
import { focusRing } from '~/platform/ui/focus-ring';

/** Loaded on first use, so a signed-out visitor of the hall never downloads the API client for this. */
const loadApi = (): Promise<typeof import('~/features/catalog/client')> => import('~/features/catalog/client');

const chip = 'inline-flex items-center rounded-full text-xs ring-1';

/**
 * The rental hall's "我的搜索模板" row (spec §7 zuhao "search templates list/add/delete"). A
 * template is a saved hall URL: its filters and sort live in the URL, so a template is a plain
 * link. It hydrates only for a signed-in visitor (client:signedin); the signed-out row offering the
 * sign-in is plain HTML in RentalHall.astro. Nothing of it is server-rendered beyond the row's
 * label, so the hall page stays the same for every visitor.
 */
export default function SearchTemplates(): ReactNode {
  const [mounted, setMounted] = useState(false);
  const $loggedIn = useStore($isLoggedIn, { ssr: () => false });
  const [templates, setTemplates] = useState<SearchTemplate[] | null>(null);
  const [status, setStatus] = useState('');
  const labelId = useId();

  useEffect(() => setMounted(true), []);

  useEffect(() => {
    setTemplates(null);
    if (!$loggedIn) return;
    const controller = new AbortController();
    loadApi()
      .then((api) => api.listSearchTemplates({ signal: controller.signal }))
      .then(setTemplates)
      .catch(() => setTemplates([])); // the client has shown the failure; saving still works
    return () => controller.abort();
  }, [$loggedIn]);

  function remove(template: SearchTemplate): void {
    const before = templates ?? [];
    setTemplates(before.filter((item) => item.id !== template.id));
    loadApi()
      .then((api) => api.deleteSearchTemplate(template.id))
      .then(() => setStatus(`已删除搜索模板 ${template.name}`))
      .catch((error: unknown) => {
        // 404 模板不存在: it is gone already, which is what the visitor asked for.
        if (isApiError(error) && error.httpStatus === 404) return;
        setTemplates(before);
      });
  }

  let content: ReactNode = null;
  if (mounted && $loggedIn && templates !== null) {
    const here = typeof location === 'undefined' ? '' : location.pathname + location.search;
    content = (
      <>
        {templates.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-labelledby={labelId}>
            {templates.map((template) => (
              <li key={template.id} className={`${chip} bg-white ring-neutral-200`}>
                <a
                  href={template.path}
                  aria-current={template.path === here ? 'page' : undefined}
                  className={`max-w-[12rem] truncate rounded-l-full py-1 pl-3 pr-1 text-neutral-700 hover:text-primary aria-[current=page]:text-primary ${focusRing}`}
                >
                  {template.name}
                </a>
                <button
                  type="button"
                  aria-label={`删除搜索模板 ${template.name}`}
                  onClick={() => remove(template)}
                  className={`mr-1 flex h-5 w-5 items-center justify-center rounded-full text-neutral-400 hover:bg-neutral-100 hover:text-neutral-700 ${focusRing}`}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-xs text-neutral-500">暂无模板</span>
        )}
        <SaveTemplate
          onSaved={(template) => {
            setTemplates((list) => [template, ...(list ?? [])]);
            setStatus(`已保存搜索模板 ${template.name}`);
          }}
        />
      </>
    );
  }

  return (
    <div className="mt-3 flex min-h-8 flex-wrap items-center gap-x-3 gap-y-2 px-1 text-sm" data-search-templates>
      <span id={labelId} className="shrink-0 text-neutral-600">
        我的搜索模板
      </span>
      {content}
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}

/** 保存当前筛选: a small inline name field; the server's 400/409 message shows under it. */
function SaveTemplate({ onSaved }: { onSaved(template: SearchTemplate): void }): ReactNode {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    if (editing) inputRef.current?.focus();
    else if (returnFocus.current) openerRef.current?.focus();
    returnFocus.current = false;
  }, [editing]);

  function cancel(): void {
    returnFocus.current = true;
    setEditing(false);
    setName('');
    setError('');
  }

  async function submit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy) return;
    const invalid = templateNameError(name);
    const path = templatePathFrom(location.pathname, location.search);
    if (invalid || path === null) {
      setError(invalid ?? '无效的筛选条件');
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    try {
      const api = await loadApi();
      const template = await api.addSearchTemplate(name.trim(), path);
      onSaved(template);
      cancel();
    } catch (caught) {
      // 400 无效的筛选条件 / 最多保存20个搜索模板, 409 模板名称已存在: the server's words.
      setError(isApiError(caught) && caught.msg ? caught.msg : '保存失败，请重试');
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  if (!editing) {
    return (
      <button
        ref={openerRef}
        type="button"
        onClick={() => setEditing(true)}
        className={`${chip} px-3 py-1 text-primary ring-primary hover:bg-primary-light ${focusRing}`}
      >
        保存当前筛选
      </button>
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2" aria-label="保存当前筛选">
      <label htmlFor={inputId} className="sr-only">
        模板名称
      </label>
      <input
        ref={inputRef}
        id={inputId}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            cancel();
          }
        }}
        maxLength={TEMPLATE_NAME_MAX_CHARS}
        placeholder={`模板名称（1-${TEMPLATE_NAME_MAX_CHARS}个字）`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-44 rounded border border-neutral-300 px-2 py-1 text-xs outline-none focus:border-primary"
      />
      <button
        type="submit"
        aria-disabled={busy || undefined}
        className={`rounded bg-primary px-3 py-1 text-xs text-white hover:bg-primary-dark ${busy ? 'cursor-wait opacity-60' : ''} ${focusRing}`}
      >
        保存
      </button>
      <button type="button" onClick={cancel} className={`rounded px-2 py-1 text-xs text-neutral-600 hover:text-primary ${focusRing}`}>
        取消
      </button>
      <p id={errorId} role="alert" className="w-full text-xs text-red-600 empty:hidden">
        {error}
      </p>
    </form>
  );
}
