import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HSTS_HEADER, SECURITY_HEADERS, securityHeadersFor } from '~/platform/edge/security-headers';
import { renderNginxConfig } from '../../scripts/multi-process.ts';

const HSTS = 'max-age=31536000; includeSubDomains';

describe('the headers every answer carries', () => {
  it('production adds HSTS (one year, subdomains) to the usual ones', () => {
    const headers = new Map(securityHeadersFor('production'));
    expect(headers.get('Strict-Transport-Security')).toBe(HSTS);
    expect(HSTS_HEADER).toEqual(['Strict-Transport-Security', HSTS]);
    for (const [name, value] of SECURITY_HEADERS) expect(headers.get(name)).toBe(value);
  });

  it.each(['development', 'test'])('%s sends no HSTS (it would pin localhost to https for a year)', (appEnv) => {
    const headers = new Map(securityHeadersFor(appEnv));
    expect(headers.has('Strict-Transport-Security')).toBe(false);
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});

describe('the nginx template', () => {
  const config = renderNginxConfig({ prefix: '/tmp/zuhao-nginx-test', port: 4320, upstreamPorts: [4321, 4322] });
  const server = config.slice(config.indexOf('  server {'));
  const firstLocation = server.search(/^\s*location\s/m);

  it('sends HSTS on every answer, its own errors included, once', () => {
    const serverLevel = server.slice(0, firstLocation);
    expect(serverLevel).toContain(`add_header Strict-Transport-Security "${HSTS}" always;`);
    expect(serverLevel).toContain('proxy_hide_header Strict-Transport-Security;');
  });

  it('no location drops it (an add_header or proxy_hide_header there would stop the inheritance)', () => {
    const locations = server.slice(firstLocation);
    expect(locations).not.toMatch(/\badd_header\b/);
    expect(locations).not.toMatch(/\bproxy_hide_header\b/);
  });

  const nginx = spawnSync('nginx', ['-v']).status === 0;
  // Skipped without an nginx binary (.ci/run installs it, so CI always runs it).
  it.skipIf(!nginx)('nginx accepts the filled template', () => {
    const prefix = mkdtempSync(path.join(os.tmpdir(), 'zuhao-nginx-t-'));
    try {
      const file = path.join(prefix, 'nginx.conf');
      writeFileSync(file, renderNginxConfig({ prefix, port: 4320, upstreamPorts: [4321] }));
      const check = spawnSync('nginx', ['-t', '-p', prefix, '-c', file, '-e', path.join(prefix, 'error.log')], { encoding: 'utf8' });
      expect(check.stderr).toContain('syntax is ok');
      expect(check.status).toBe(0);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});
