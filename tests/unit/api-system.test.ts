import { afterEach, describe, expect, it, vi } from 'vitest';
import { getHealth } from '~/platform/client';
import { okResponse, sentRequest, stubFetch } from './api-helpers';

afterEach(() => vi.unstubAllGlobals());

describe('system calls', () => {
  it('getHealth GETs /api/v1/health and resolves with its data', async () => {
    const fetchMock = stubFetch();
    const health = { status: 'ok', database: true, version: '0.1.0' };
    fetchMock.mockResolvedValueOnce(okResponse(health));
    await expect(getHealth()).resolves.toEqual(health);
    const sent = sentRequest(fetchMock);
    expect(sent.method).toBe('GET');
    expect(sent.url).toBe('/api/v1/health');
  });
});
