/**
 * `client:interact="<selector>"` (issue 12): the island hydrates the first time the visitor
 * reaches for it: focus, hover, touch or a key inside the island, or on an element matching the
 * selector, tested when the event happens (so `html[data-signed-in] #site-search` waits for a
 * signed-in visitor's focus on the search box, and a signed-out visitor never loads it).
 * Listeners are delegated on the document, so they cover elements the island does not contain.
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['focusin', 'pointerover', 'pointerdown', 'touchstart', 'keydown'] as const;

const interact: ClientDirective = (load, options, el) => {
  const selector = typeof options.value === 'string' && options.value !== '' ? options.value : null;
  const reached = (target: EventTarget | null): boolean =>
    target instanceof Element && (el.contains(target) || (selector !== null && target.closest(selector) !== null));

  let started = false;
  const start = async (): Promise<void> => {
    if (started) return;
    started = true;
    for (const type of EVENTS) document.removeEventListener(type, onEvent, true);
    const hydrate = await load();
    await hydrate();
  };
  function onEvent(event: Event): void {
    if (reached(event.target)) void start();
  }
  for (const type of EVENTS) document.addEventListener(type, onEvent, { capture: true, passive: true });
  // Focus already inside (autofocus, or focused before this script ran).
  if (reached(document.activeElement)) void start();
};

export default interact;
