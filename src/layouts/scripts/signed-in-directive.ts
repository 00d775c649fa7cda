/**
 * `client:signedin`: the island hydrates, on idle, only for a signed-in visitor: at once
 * when <html data-signed-in> is already set (signed-in-mark.inline.js, before the first paint), or
 * the moment a sign-in on this page sets it. A signed-out visitor never loads it; the page shows
 * the signed-out offer as plain HTML beside it ([data-auth-out]).
 */
import type { ClientDirective } from 'astro';

const signedIn = (): boolean => document.documentElement.hasAttribute('data-signed-in');

const signedInDirective: ClientDirective = (load) => {
  const hydrate = (): void => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    idle(async () => (await load())());
  };
  if (signedIn()) {
    hydrate();
    return;
  }
  const watcher = new MutationObserver(() => {
    if (!signedIn()) return;
    watcher.disconnect();
    hydrate();
  });
  watcher.observe(document.documentElement, { attributes: true, attributeFilter: ['data-signed-in'] });
};

export default signedInDirective;
