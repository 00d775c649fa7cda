import { call, type RequestOptions } from '~/platform/client/client';
import { route, type NoInput } from '~/platform/wire/route';

/** GET /health data: the service's own view of itself. */
export interface HealthStatus {
  status: 'ok' | 'degraded';
  database: boolean;
  version: string;
}

/** The health check belongs to no feature (pages/api/v1/health.ts answers it for load balancers too). */
export const HEALTH_ROUTE = route.get<NoInput, HealthStatus>('/health');

export function getHealth(options?: RequestOptions): Promise<HealthStatus> {
  return call(HEALTH_ROUTE, {}, options);
}
