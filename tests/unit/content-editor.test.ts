// @vitest-environment happy-dom
/**
 * The console's Markdown editor (issue 15 "live preview"): the preview is asked of the server once
 * per pause in typing (debounced), an answer that arrives after newer typing never replaces the
 * newer preview, a refusal is shown in the status line, and an uploaded image goes in at the caret.
 */
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKDOWN_PREVIEW_DEBOUNCE_MS } from '~/features/content/constants';
import { ApiError } from '~/platform/client/errors';

vi.mock('~/platform/client/console', () => ({ callConsole: vi.fn(), uploadConsole: vi.fn() }));
const api = await import('~/platform/client/console');
const { ContentEditor, insertAtSelection } = await import('~/features/content/ui/ContentEditor');
const { CONTENT_ROUTES } = await import('~/features/content/routes');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const callConsole = vi.mocked(api.callConsole);

function typeInto(element: HTMLTextAreaElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('ContentEditor', () => {
  let host: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    vi.useFakeTimers();
    callConsole.mockReset();
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() => {
      root.render(
        createElement(ContentEditor, {
          label: '编辑帮助文档',
          route: CONTENT_ROUTES.opsHelpSave,
          fields: [{ name: 'title', label: '标题', type: 'text', required: true }],
          initial: { title: '标题', body_md: '旧正文' },
          extra: { mode: 'update', id: 1, revision: 1 },
          initialHtml: '<p>旧正文</p>',
          successText: '已保存',
          redirect: '/ops/help?id={id}',
        }),
      );
    });
  });

  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    vi.useRealTimers();
  });

  const body = (): HTMLTextAreaElement => host.querySelector('textarea')!;
  const preview = (): string => host.querySelector('[data-preview]')!.innerHTML;
  const status = (): string => host.querySelector('section[aria-label="预览"] [role="status"]')!.textContent ?? '';

  it('starts with the saved HTML and asks nothing until the body changes', async () => {
    expect(preview()).toContain('<p>旧正文</p>');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MARKDOWN_PREVIEW_DEBOUNCE_MS * 3);
    });
    expect(callConsole).not.toHaveBeenCalled();
  });

  it('asks once per pause in typing, with the last body', async () => {
    callConsole.mockResolvedValue({ html: '<p><strong>新</strong></p>' });
    for (const text of ['*', '**新', '**新**']) {
      act(() => typeInto(body(), text));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(MARKDOWN_PREVIEW_DEBOUNCE_MS - 50);
      });
    }
    expect(callConsole).not.toHaveBeenCalled();
    expect(status()).toBe('正在更新预览…');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(callConsole).toHaveBeenCalledTimes(1);
    expect(callConsole).toHaveBeenCalledWith(CONTENT_ROUTES.opsPreview, { body_md: '**新**' });
    expect(preview()).toContain('<strong>新</strong>');
    expect(status()).toBe('预览已更新');
  });

  it('never lets a slow older answer replace the preview of newer typing', async () => {
    let answerOld!: (value: { html: string }) => void;
    callConsole.mockImplementationOnce(() => new Promise((resolve) => (answerOld = resolve)));
    callConsole.mockResolvedValueOnce({ html: '<p>新的</p>' });
    act(() => typeInto(body(), '旧的'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MARKDOWN_PREVIEW_DEBOUNCE_MS);
    });
    act(() => typeInto(body(), '新的'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MARKDOWN_PREVIEW_DEBOUNCE_MS);
    });
    await act(async () => {
      answerOld({ html: '<p>旧的</p>' });
      await Promise.resolve();
    });
    expect(callConsole).toHaveBeenCalledTimes(2);
    expect(preview()).toContain('<p>新的</p>');
    expect(preview()).not.toContain('旧的');
  });

  it('says why the server refused the body', async () => {
    callConsole.mockRejectedValue(new ApiError({ kind: 'http', msg: '引用或列表嵌套不能超过8层', httpStatus: 400 }));
    act(() => typeInto(body(), '> '.repeat(20)));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MARKDOWN_PREVIEW_DEBOUNCE_MS);
    });
    expect(status()).toBe('引用或列表嵌套不能超过8层');
  });
});

describe('insertAtSelection', () => {
  it.each([
    ['', 0, 0, '![图片](/u.webp)\n'],
    ['前文', 2, 2, '前文\n![图片](/u.webp)\n'],
    ['前文\n后文', 3, 3, '前文\n![图片](/u.webp)\n后文'],
    ['前选中后', 1, 3, '前\n![图片](/u.webp)\n后'],
  ])('puts an image on its own line in %j at %i..%i, the caret after it', (text, start, end, expected) => {
    const image = '![图片](/u.webp)';
    // The caret lands at the start of the line after the image.
    const caret = expected.indexOf(image) + image.length + 1;
    expect(insertAtSelection(text, start, end, image)).toEqual({ text: expected, caret });
  });
});
