import { describe, expect, it } from 'vitest';
import { BRANDS, chooseBrand, isBrandId } from '~/platform/rules/brand';

describe('brand by host (spec §1)', () => {
  it.each([
    ['localhost:4321', 'default'],
    ['www.example.com', 'default'],
    ['www.wbzuhao.com', 'cafe'],
    ['WBZUHAO.test:8080', 'cafe'],
    ['m.aizuhao.com', 'ai'],
    [null, 'default'],
  ])('%s is served as the %s brand', (host, brand) => {
    expect(chooseBrand(host).id).toBe(brand);
  });

  it('the AI marker is configurable', () => {
    expect(chooseBrand('gpt.example.com', { aiMarker: 'gpt' }).id).toBe('ai');
    expect(chooseBrand('m.aizuhao.com', { aiMarker: 'gpt' }).id).toBe('default');
  });

  it('wbzuhao wins when a host contains both markers', () => {
    expect(chooseBrand('aizuhao.wbzuhao.com').id).toBe('cafe');
  });

  it('a pinned brand wins over the host', () => {
    expect(chooseBrand('www.wbzuhao.com', { pinned: 'ai' }).id).toBe('ai');
  });

  it('every brand has its own logo and title', () => {
    const brands = Object.values(BRANDS);
    expect(new Set(brands.map((brand) => brand.logo)).size).toBe(3);
    expect(new Set(brands.map((brand) => brand.title)).size).toBe(3);
  });

  it('recognises brand ids', () => {
    expect(isBrandId('cafe')).toBe(true);
    expect(isBrandId('wbzuhao')).toBe(false);
  });
});
