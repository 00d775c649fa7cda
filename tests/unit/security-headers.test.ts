import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HSTS_HEADER, SECURITY_HEADERS, securityHeadersFor } from '~/platform/edge/security-headers';
import { makeSelfSignedCertificate, renderNginxConfig } from '../../scripts/multi-process.ts';

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

  /** Each location block's text, by its opening line. */
  const locations = server
    .slice(firstLocation)
    .split(/^(?=\s*location\s)/m)
    .filter((block) => /^\s*location\s/.test(block));

  it('no location drops it (an add_header there stops the inheritance, so such a location repeats HSTS)', () => {
    expect(locations.length).toBeGreaterThan(3);
    for (const block of locations) {
      if (/\badd_header\b/.test(block)) expect(block, block.split('\n')[0]).toContain(`add_header Strict-Transport-Security "${HSTS}" always;`);
      expect(block).not.toMatch(/\bproxy_hide_header\b/);
    }
  });

  it('the files nginx sends itself carry every header a process would add', () => {
    const staticFiles = locations.find((block) => block.includes('gzip_static on;'))!;
    for (const [name, value] of SECURITY_HEADERS) expect(staticFiles).toMatch(new RegExp(`add_header ${name} "?${value}"? always;`));
  });

  it('keeps no answer to a request with credentials, and serves none from the cache to it', () => {
    const cached = locations.find((block) => /proxy_cache pages;/.test(block))!;
    expect(cached).toContain('proxy_cache_bypass $edge_credentials;');
    expect(cached).toContain('proxy_no_cache $edge_credentials;');
    expect(config).toMatch(/map "\$http_authorization\$http_cookie" \$edge_credentials \{\s*"" 0;\s*default 1;/);
    // The API never goes near the cache.
    for (const block of locations.filter((one) => /location\s+(\^~\s+)?\/api\/|location\s+(=|~)\s+\^?\/api/.test(one))) expect(block).not.toMatch(/proxy_cache pages/);
  });

  const nginx = spawnSync('nginx', ['-v']).status === 0;
  // Skipped without an nginx binary (.ci/run installs it, so CI always runs it).
  it.skipIf(!nginx)('nginx accepts the filled template', () => {
    const prefix = mkdtempSync(path.join(os.tmpdir(), 'zuhao-nginx-t-'));
    try {
      const file = path.join(prefix, 'nginx.conf');
      // With the HTTPS listener (HTTP/2) and its certificate, as scripts/multi-process.ts starts it.
      writeFileSync(file, renderNginxConfig({ prefix, port: 4320, upstreamPorts: [4321], tls: { port: 4319, ...makeSelfSignedCertificate(prefix) } }));
      const check = spawnSync('nginx', ['-t', '-p', prefix, '-c', file, '-e', path.join(prefix, 'error.log')], { encoding: 'utf8' });
      expect(check.stderr).toContain('syntax is ok');
      expect(check.status).toBe(0);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});
