/** Role rows of the console's sellers, listings and games calls (issue 15). */
import type { OpsRoleRow } from './rows';

export const ROWS: OpsRoleRow[] = [
  { path: '/api/v1/ops/sellers/applications', method: 'GET', permission: 'sellers' },
  { path: '/api/v1/ops/sellers/decide', method: 'POST', permission: 'sellers' },
  { path: '/api/v1/ops/sellers/shops', method: 'GET', permission: 'sellers' },
  { path: '/api/v1/ops/sellers/review', method: 'POST', permission: 'sellers' },
  { path: '/api/v1/ops/listings', method: 'GET', permission: 'listings' },
  { path: '/api/v1/ops/listings/review', method: 'GET', permission: 'listings' },
  { path: '/api/v1/ops/listings/decide', method: 'POST', permission: 'listings' },
  { path: '/api/v1/ops/listings/take-down', method: 'POST', permission: 'listings' },
  { path: '/api/v1/ops/listings/restore', method: 'POST', permission: 'listings' },
  { path: '/api/v1/ops/games', method: 'GET', permission: 'games' },
  { path: '/api/v1/ops/games/maintenance', method: 'POST', permission: 'games' },
];
