import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { minifySync, type Plugin } from 'vite';

/**
 * Issue 27: the classic inline scripts (src/layouts/scripts/*.inline.js, imported `?raw` and
 * hashed for the CSP by InlineScript.astro) reach the page minified: their comments explain them
 * to us and cost a first visitor bytes before the first paint. The hash is taken of the emitted
 * text, so it follows.
 */
function minifiedInlineScripts(): Plugin {
  return {
    name: 'minified-inline-scripts',
    enforce: 'pre',
    load(id) {
      const match = /^(.+\.inline\.js)\?raw$/.exec(id);
      if (!match) return null;
      const file = match[1]!;
      this.addWatchFile(file);
      const { code, errors } = minifySync(file, readFileSync(file, 'utf8'));
      if (errors.length > 0) throw new Error(`minifying ${file}: ${errors.map((error) => error.message).join('; ')}`);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}

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

/**
 * One process, one module graph (ARCHITECTURE): the server entry src/app/main.ts is built by
 * Astro's own server build, as a second entry chunk beside Astro's entry, so the fast path, the
 * sweeps and the shutdown flush share every module instance (the collector's writers, the chat
 * hubs, the page cache) with the pages and endpoints. A separate bundle of the entry carried its own
 * copy of each. dist/main.mjs stays the command to run: a one-line file that imports the chunk.
 */
function serverEntry(): AstroIntegration {
  const entry = fileURLToPath(new URL('./src/app/main.ts', import.meta.url));
  return {
    name: 'server-entry',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'server-entry',
                applyToEnvironment: (environment) => environment.name === 'ssr',
                buildStart() {
                  this.emitFile({ type: 'chunk', id: entry, fileName: 'main.mjs' });
                },
                writeBundle(options) {
                  if (!options.dir) return;
                  writeFileSync(path.join(options.dir, '..', 'main.mjs'), "// The server entry: src/app/main.ts, built inside Astro's server build.\nimport './server/main.mjs';\n");
                },
              },
            ],
          },
        });
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
  integrations: [react(), hydrationDirectives(), serverEntry()],
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
    plugins: [minifiedInlineScripts(), tailwindcss()],
  },
});
