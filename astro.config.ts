import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

// The custom server in src/server/main.ts imports the built handler
// (ASTRO_NODE_AUTOSTART=disabled) so it can migrate, seed, lock the data
// folder and compress responses before the first request is accepted.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  trailingSlash: 'ignore',
  prefetch: false,
  build: { inlineStylesheets: 'auto' },
  vite: {
    plugins: [tailwindcss()],
  },
});
