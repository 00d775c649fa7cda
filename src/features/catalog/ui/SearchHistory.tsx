import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { keywordToRecord } from '~/features/catalog/rules/user-catalog';
import { $isLoggedIn } from '~/platform/stores/auth';
import { nextActiveIndex } from '~/features/catalog/ui/listbox-keys';

type UserCatalogApi = typeof import('~/features/catalog/client');

/** The header's search input and the ids this island gives the popup (one header per page). */
const INPUT_ID = 'site-search';
const LIST_ID = 'site-search-history';
const LABEL_ID = 'site-search-history-label';
const optionId = (index: number): string => `${LIST_ID}-${index}`;

let apiModule: UserCatalogApi | null = null;
/** The API client loads on first use, never before: this island is on every page. */
async function loadApi(): Promise<UserCatalogApi> {
  apiModule = await import('~/features/catalog/client');
  return apiModule;
}

/**
 * Spec §7 home "search history get and delete", mounted beside the header's search form. The
 * form stays a plain GET form to /zuhao.html (works without JavaScript and for visitors); for a
 * signed-in visitor this makes its input a combobox whose popup lists the recent keywords, and
 * records each search. Recording does not hold the navigation up: the POST starts in the submit
 * handler (with fetch keepalive) and the form submits at once; see recordOnSubmit.
 */
export default function SearchHistory(): ReactNode {
  const $loggedIn = useStore($isLoggedIn, { ssr: () => false });
  // null: not loaded yet (loaded on the first focus of an empty input).
  const [items, setItems] = useState<string[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const popupRef = useRef<HTMLDivElement>(null);
  const loading = useRef(false);
  const shown = open && items !== null && items.length > 0;

  // The DOM listeners read the latest render through this ref, so they are bound once per session.
  const live = useRef({ items, shown, active });
  live.current = { items, shown, active };

  function close(): void {
    setOpen(false);
    setActive(-1);
  }

  function show(): void {
    setOpen(true);
    setActive(-1);
    if (live.current.items !== null || loading.current) return;
    loading.current = true;
    loadApi()
      .then((api) => api.getSearchHistory())
      .then((list) => setItems(list.map((item) => item.keyword)))
      // The client has shown the failure; not retried on every focus (one toast, not one per focus).
      .catch(() => setItems([]))
      .finally(() => {
        loading.current = false;
      });
  }

  function choose(keyword: string): void {
    const input = document.getElementById(INPUT_ID) as HTMLInputElement | null;
    if (!input?.form) return;
    input.value = keyword;
    close();
    // requestSubmit fires the submit event, so the choice is recorded (moved to the top) too.
    input.form.requestSubmit();
  }

  function remove(keyword: string): void {
    const before = live.current.items ?? [];
    setItems(before.filter((item) => item !== keyword));
    setActive(-1);
    document.getElementById(INPUT_ID)?.focus();
    loadApi()
      .then((api) => api.deleteSearchKeyword(keyword))
      .then(() => setStatus(`已删除搜索记录 ${keyword}`))
      .catch(() => setItems(before));
  }

  function clearAll(): void {
    const before = live.current.items ?? [];
    setItems([]);
    close();
    document.getElementById(INPUT_ID)?.focus();
    loadApi()
      .then((api) => api.clearSearchHistory())
      .then(() => setStatus('搜索历史已清空'))
      .catch(() => setItems(before));
  }

  // The input becomes a combobox only while signed in; signed out it is left exactly as served.
  useEffect(() => {
    const input = document.getElementById(INPUT_ID) as HTMLInputElement | null;
    const form = input?.form;
    if (!$loggedIn || !input || !form) return;
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', LIST_ID);
    input.setAttribute('aria-expanded', 'false');
    input.setAttribute('autocomplete', 'off');
    let escaped = false;

    const onFocus = (): void => {
      if (input.value.trim() === '') show();
    };
    const onInput = (): void => {
      // Escape clearing a search input natively is a dismissal, not a request for the history.
      if (input.value.trim() === '' && !escaped) show();
      else close();
      escaped = false;
    };
    // Focus may move from the input to the popup's buttons (Tab) without closing it.
    const onFocusOut = (event: FocusEvent): void => {
      const next = event.relatedTarget as Node | null;
      if (next && (form.contains(next) || popupRef.current?.contains(next))) return;
      close();
    };
    const onKeyDown = (event: KeyboardEvent): void => {
      const { items: list, shown: isShown, active: current } = live.current;
      escaped = event.key === 'Escape' && !isShown;
      if (!isShown || !list) {
        if (event.key === 'ArrowDown' && input.value.trim() === '') {
          event.preventDefault();
          show();
        }
        return;
      }
      const next = nextActiveIndex(current, list.length, event.key);
      if (next !== null) {
        event.preventDefault();
        setActive(next);
        return;
      }
      const keyword = current >= 0 ? list[current] : undefined;
      if (event.key === 'Escape') {
        event.preventDefault(); // else a search input also clears itself
        close();
      } else if (event.key === 'Enter' && keyword !== undefined) {
        event.preventDefault();
        choose(keyword);
      } else if (event.key === 'Delete' && keyword !== undefined) {
        event.preventDefault();
        remove(keyword);
      }
    };
    const onSubmit = (event: SubmitEvent): void => recordOnSubmit(event, form, input);

    input.addEventListener('focus', onFocus);
    input.addEventListener('input', onInput);
    input.addEventListener('keydown', onKeyDown);
    form.addEventListener('focusout', onFocusOut);
    form.addEventListener('submit', onSubmit);
    if (document.activeElement === input) onFocus();
    return () => {
      input.removeEventListener('focus', onFocus);
      input.removeEventListener('input', onInput);
      input.removeEventListener('keydown', onKeyDown);
      form.removeEventListener('focusout', onFocusOut);
      form.removeEventListener('submit', onSubmit);
      for (const name of ['role', 'aria-autocomplete', 'aria-controls', 'aria-expanded', 'aria-activedescendant', 'autocomplete']) {
        input.removeAttribute(name);
      }
      setItems(null);
      close();
    };
  }, [$loggedIn]);

  useEffect(() => {
    const input = document.getElementById(INPUT_ID);
    if (!$loggedIn || !input) return;
    input.setAttribute('aria-expanded', String(shown));
    if (shown && active >= 0) input.setAttribute('aria-activedescendant', optionId(active));
    else input.removeAttribute('aria-activedescendant');
  }, [$loggedIn, shown, active]);

  if (!$loggedIn) return null;

  const row = 'flex h-9 items-center';
  return (
    <>
      <p role="status" className="sr-only">
        {status}
      </p>
      {shown ? (
        <div
          ref={popupRef}
          // Clicks inside keep the focus in the input (so the popup does not close under the pointer).
          onMouseDown={(event) => event.preventDefault()}
          onBlur={(event) => {
            const next = event.relatedTarget as Node | null;
            const form = (document.getElementById(INPUT_ID) as HTMLInputElement | null)?.form;
            if (!next || !(popupRef.current?.contains(next) || form?.contains(next))) close();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
              document.getElementById(INPUT_ID)?.focus();
            }
          }}
          className="absolute top-full right-0 left-0 z-50 mt-1 overflow-hidden rounded-lg border border-neutral-200 bg-white py-1 text-sm shadow-lg"
        >
          <div className="flex items-center justify-between px-4 py-1 text-xs text-neutral-500">
            <span id={LABEL_ID}>搜索历史</span>
            <button type="button" onClick={clearAll} className="rounded px-1 hover:text-primary focus-visible:outline-2 focus-visible:outline-primary">
              清空
            </button>
          </div>
          <div className="flex">
            <ul role="listbox" id={LIST_ID} aria-labelledby={LABEL_ID} className="min-w-0 flex-1">
              {items.map((keyword, index) => (
                <li
                  key={keyword}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  onClick={() => choose(keyword)}
                  className={`${row} cursor-pointer px-4 text-neutral-800 hover:bg-neutral-50 ${index === active ? 'bg-primary-light text-primary' : ''}`}
                >
                  <span className="truncate">{keyword}</span>
                </li>
              ))}
            </ul>
            {/* The × buttons sit beside the listbox, not inside its options (an option may hold no control). */}
            <ul aria-label="删除搜索记录" className="shrink-0">
              {items.map((keyword) => (
                <li key={keyword} className={row}>
                  <button
                    type="button"
                    aria-label={`删除搜索记录 ${keyword}`}
                    onClick={() => remove(keyword)}
                    className="mx-1 flex h-7 w-7 items-center justify-center rounded text-neutral-400 hover:bg-neutral-100 hover:text-neutral-700 focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </>
  );
}

/**
 * Records the submitted keyword and lets the navigation go on. The POST goes out with fetch
 * keepalive (recordSearch), so it outlives the page; sendBeacon cannot carry the Bearer header.
 * If the API module has not loaded yet (a submit without a focus first), the submit waits for
 * that import only, never for the POST.
 */
function recordOnSubmit(event: SubmitEvent, form: HTMLFormElement, input: HTMLInputElement): void {
  const keyword = keywordToRecord(input.value);
  if (keyword === null) return;
  if (apiModule) {
    apiModule.recordSearch(keyword).catch(() => undefined);
    return;
  }
  event.preventDefault();
  loadApi()
    .then((api) => {
      api.recordSearch(keyword).catch(() => undefined);
    })
    .catch(() => undefined)
    .finally(() => form.submit());
}
