import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** client:signedin (src/layouts/scripts/signed-in-directive.ts): hydrate only for a signed-in visitor. */
function hydrationDirectives(): AstroIntegration {
  return {
    name: 'hydration-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'signedin', entrypoint: fileURLToPath(new URL('./src/layouts/scripts/signed-in-directive.ts', import.meta.url)) });
      },
    },
  };
}

// The custom server in src/app/main.ts imports the built handler
// (ASTRO_NODE_AUTOSTART=disabled) so it can migrate, seed, lock the data
// folder and compress responses before the first request is accepted.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), hydrationDirectives()],
  trailingSlash: 'ignore',
  prefetch: false,
  build: { inlineStylesheets: 'auto' },
  // Issue 4: the token lives in the browser, so pages send a strict Content-Security-Policy header.
  // Astro hashes its own scripts and styles; our inline scripts add theirs (InlineScript.astro).
  // Nothing loads from another host. Style attributes (React's zIndex/maxWidth on server-rendered
  // islands) are allowed: they cannot run script. See docs/decisions.md.
  security: {
    // Our own copy in src/platform/http/origin-check.ts, which lets the payment notify through.
    checkOrigin: false,
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  vite: {
    plugins: [tailwindcss()],
  },
});
