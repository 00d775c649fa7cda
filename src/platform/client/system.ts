import { apiGet, type RequestOptions } from '~/platform/client/client';

/** GET /health data: the service's own view of itself. */
export interface HealthStatus {
  status: 'ok' | 'degraded';
  database: boolean;
  version: string;
}

export function getHealth(options?: RequestOptions): Promise<HealthStatus> {
  return apiGet<HealthStatus>('/health', undefined, options);
}
