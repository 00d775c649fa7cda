/**
 * The few DOM builders of the plain login dialog (issue 27: the dialog a visitor opens first runs
 * without React). Each renders the same markup and classes as its React twin in platform/ui, so
 * the two look and read alike: Field, the spinner, the debounce button, the agreement line.
 */
import { AGREEMENT_CONFIRM_TEXT, validateAgreement } from '~/platform/rules/validation';
import { MODAL_DEFAULT_WIDTH_PX, MODAL_Z_INDEX } from '~/platform/config/constants';
import { inputClass } from '~/platform/ui/field-classes';
import { DEBOUNCE_FAILURE_TEXT } from '~/platform/wire/messages';
import { holdDialog, tabbableIn } from '~/platform/ui/modal-stack';
import { showError } from '~/platform/stores/ui';
import { AGREEMENT_HREFS } from '~/features/sign-in/ui/agreement-links';

type AttrValue = string | number | boolean | null | undefined;

/** An element with attributes (true: present and empty; false, null, undefined: absent) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, AttrValue> = {}, children: Array<Node | string | null> = []): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null) element.append(child);
  return element;
}

let nextId = 0;
/** A page-unique id for label/control pairs. */
export function uniqueId(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/** platform/ui/Spinner: a small ring that inherits the text colour (decorative). */
export function spinner(className = 'h-4 w-4'): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  for (const [name, value] of Object.entries({ viewBox: '0 0 24 24', fill: 'none', 'aria-hidden': 'true', focusable: 'false', class: `inline-block shrink-0 animate-spin ${className}` })) svg.setAttribute(name, value);
  const circle = document.createElementNS(ns, 'circle');
  for (const [name, value] of Object.entries({ cx: '12', cy: '12', r: '9', stroke: 'currentColor', 'stroke-opacity': '0.25', 'stroke-width': '3' })) circle.setAttribute(name, value);
  const path = document.createElementNS(ns, 'path');
  for (const [name, value] of Object.entries({ d: 'M21 12a9 9 0 0 0-9-9', stroke: 'currentColor', 'stroke-width': '3', 'stroke-linecap': 'round' })) path.setAttribute(name, value);
  svg.append(circle, path);
  return svg;
}

export interface PlainField {
  element: HTMLDivElement;
  input: HTMLInputElement;
  /** Checks the value now and shows the message; true when valid. */
  check(): boolean;
}

/**
 * platform/ui/Field with use-form-fields' timing: checked on blur (once something was typed), on
 * every change while an error shows, and by the form on submit.
 */
export function field(label: string, validate: (value: string) => string | null, inputAttrs: Record<string, AttrValue>): PlainField {
  const id = uniqueId('login-field');
  const errorId = `${id}-error`;
  const input = h('input', { ...inputAttrs, id, class: inputClass });
  const error = h('p', { id: errorId, role: 'alert', class: 'min-h-[1.25rem] text-xs text-primary' });
  const show = (message: string | null): void => {
    error.textContent = message ?? '';
    if (message) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', errorId);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  };
  const check = (): boolean => {
    const message = validate(input.value);
    show(message);
    return message === null;
  };
  input.addEventListener('input', () => {
    if (error.textContent) check();
  });
  input.addEventListener('blur', () => {
    if (input.value !== '') check();
  });
  const element = h('div', { class: 'flex flex-col gap-1' }, [h('label', { for: id, class: 'text-sm text-gray-700' }, [label]), h('div', { class: 'flex gap-2' }, [input]), error]);
  return { element, input, check };
}

/** Checks every field, focuses the first invalid one; true when all pass (use-form-fields checkAll). */
export function checkAll(fields: readonly PlainField[]): boolean {
  const invalid = fields.filter((item) => !item.check());
  invalid[0]?.input.focus();
  return invalid.length === 0;
}

/**
 * platform/ui/DebounceButton: ignores clicks while its action runs (spec §2/§5), stays focusable
 * (aria-disabled, not disabled), shows a spinner; an unexpected failure toasts 操作失败，请重试！.
 * A submit button: Enter in a field arrives here as its click, and the form never navigates.
 */
export function debounceSubmit(form: HTMLFormElement, text: string, className: string, action: () => Promise<void>): HTMLButtonElement {
  const button = h('button', { type: 'submit', class: className }, [text]);
  let running = false;
  form.addEventListener('submit', (event) => {
    // The page's inline script marks a bubbling submit as a navigation (progress bar).
    event.preventDefault();
    event.stopPropagation();
  });
  button.addEventListener('click', (event) => {
    if (running) {
      event.preventDefault();
      return;
    }
    running = true;
    const ring = spinner();
    button.prepend(ring);
    button.setAttribute('aria-busy', 'true');
    button.setAttribute('aria-disabled', 'true');
    button.className = `${className} cursor-wait opacity-60`;
    void action()
      .catch((error: unknown) => {
        console.error(error);
        showError(DEBOUNCE_FAILURE_TEXT);
      })
      .finally(() => {
        running = false;
        ring.remove();
        button.removeAttribute('aria-busy');
        button.removeAttribute('aria-disabled');
        button.className = className;
      });
  });
  return button;
}

/** The spec §2 modal's frame (platform/ui/Modal markup): mask, panel, title, 关闭, body. */
export interface PlainModal {
  mask: HTMLDivElement;
  panel: HTMLDivElement;
  body: HTMLDivElement;
  footer: HTMLDivElement | null;
}

export function modalFrame(title: string, options: { width?: number; footer?: Node[] } = {}): PlainModal {
  const titleId = uniqueId('modal-title');
  const body = h('div', { class: 'min-h-0 flex-1 overflow-y-auto px-4 py-5 sm:px-6' });
  const footer = options.footer ? h('div', { class: 'flex flex-wrap justify-end gap-3 border-t border-gray-100 px-4 py-4 sm:px-6' }, options.footer) : null;
  const close = h('button', {
    type: 'button',
    'aria-label': '关闭',
    'data-modal-close': true,
    class:
      'absolute top-2 right-2 z-10 inline-flex h-11 w-11 items-center sm:top-3 sm:right-3 sm:h-9 sm:w-9 justify-center rounded-full text-gray-400 transition-colors hover:bg-gray-100 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
  });
  const ns = 'http://www.w3.org/2000/svg';
  const icon = document.createElementNS(ns, 'svg');
  for (const [name, value] of Object.entries({ viewBox: '0 0 20 20', width: '20', height: '20', 'aria-hidden': 'true', focusable: 'false' })) icon.setAttribute(name, value);
  const cross = document.createElementNS(ns, 'path');
  for (const [name, value] of Object.entries({ d: 'M5 5l10 10M15 5L5 15', stroke: 'currentColor', 'stroke-width': '1.8', 'stroke-linecap': 'round' })) cross.setAttribute(name, value);
  icon.append(cross);
  close.append(icon);
  const panel = h(
    'div',
    {
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': titleId,
      tabindex: -1,
      class:
        'relative mt-auto flex max-h-[calc(100dvh-1rem)] w-full min-w-0 flex-col rounded-t-xl bg-white text-gray-800 shadow-xl outline-none sm:my-auto sm:max-h-[calc(100dvh-2rem)] sm:rounded-lg',
      style: `max-width: ${options.width ?? MODAL_DEFAULT_WIDTH_PX}px`,
    },
    [h('div', { class: 'border-b border-gray-100 px-4 py-4 pr-14 sm:px-6' }, [h('h2', { id: titleId, class: 'text-lg font-semibold text-gray-900' }, [title])]), close, body, footer],
  );
  // Below sm the panel is a full-width bottom sheet no taller than the screen (as Modal.tsx).
  const mask = h('div', { class: 'fixed inset-0 flex items-end justify-center overflow-y-auto bg-black/50 sm:items-center sm:p-4', style: `z-index: ${MODAL_Z_INDEX}` }, [panel]);
  return { mask, panel, body, footer };
}

/**
 * Shows a frame (spec §2: a click on the mask closes it; Esc, focus trap and focus return as in
 * Modal.tsx). `onClose` is asked to close; the returned function takes the frame away.
 */
export function showModal(frame: PlainModal, onClose: () => void): () => void {
  let pressStartedOnMask = false;
  frame.mask.addEventListener('pointerdown', (event) => {
    pressStartedOnMask = event.target === frame.mask;
  });
  frame.mask.addEventListener('click', (event) => {
    // A press that starts on the panel and ends on the mask (text selection) must not close it.
    if (event.target === frame.mask && pressStartedOnMask) onClose();
    pressStartedOnMask = false;
  });
  frame.panel.querySelector('[data-modal-close]')!.addEventListener('click', onClose);
  document.body.append(frame.mask);
  const initial = frame.panel.querySelector<HTMLElement>('[data-autofocus]') ?? tabbableIn(frame.panel).find((el) => !el.hasAttribute('data-modal-close')) ?? frame.panel;
  const release = holdDialog(frame.panel, initial, onClose);
  return () => {
    release();
    frame.mask.remove();
  };
}

export interface PlainAgreement {
  element: HTMLDivElement;
  /** spec §5: true when ticked; otherwise asks (需同意并阅读…) and ticks the box on 同意. */
  ensure(): Promise<boolean>;
}

/** The login-agreement checkbox (AgreementCheckbox.tsx) and its 提示 confirm. */
export function agreement(): PlainAgreement {
  const id = uniqueId('login-agreement');
  const box = h('input', { id, type: 'checkbox', class: 'mt-0.5 h-4 w-4 accent-primary' });
  const link = (href: string, text: string): HTMLAnchorElement => h('a', { href, target: '_blank', rel: 'noopener', class: 'text-primary hover:underline' }, [text]);
  // The names open the version in force in a new tab, so the dialog and what was typed stay.
  const label = h('label', { for: id }, ['我已阅读并同意', link(AGREEMENT_HREFS.service, '《平台服务协议》'), '和', link(AGREEMENT_HREFS.privacy, '《隐私政策》')]);
  const element = h('div', { class: 'flex items-start gap-2 text-xs text-gray-600' }, [box, label]);
  return {
    element,
    ensure: () => {
      if (validateAgreement(box.checked) === null) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const cancel = h('button', { type: 'button', class: 'rounded border border-gray-300 px-4 py-2 text-sm text-gray-700 hover:bg-gray-50' }, ['取消']);
        const agree = h('button', { type: 'button', 'data-autofocus': true, class: 'rounded bg-primary px-4 py-2 text-sm font-medium text-white hover:bg-primary-dark' }, ['同意']);
        const frame = modalFrame('提示', { width: 380, footer: [cancel, agree] });
        frame.body.append(h('p', { class: 'text-sm text-gray-700' }, [AGREEMENT_CONFIRM_TEXT]));
        const settle = (ok: boolean): void => {
          if (ok) box.checked = true;
          hide();
          resolve(ok);
        };
        const hide = showModal(frame, () => settle(false));
        cancel.addEventListener('click', () => settle(false));
        agree.addEventListener('click', () => settle(true));
      });
    },
  };
}
