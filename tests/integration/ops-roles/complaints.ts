/** Role rows of complaint arbitration's console calls (issue 15): customer service and admin. */
import type { OpsRoleRow } from './rows';

export const ROWS: OpsRoleRow[] = [
  { path: '/api/v1/ops/complaints', method: 'GET', permission: 'complaints' },
  { path: '/api/v1/ops/complaints/detail', method: 'GET', permission: 'complaints' },
  { path: '/api/v1/ops/complaints/decide', method: 'POST', permission: 'complaints' },
  // a one-click "cannot log in" report upheld or reversed (issue 26)
  { path: '/api/v1/ops/complaints/loginFailure', method: 'POST', permission: 'complaints' },
  // hafu-coin disputes (issue 26): the same agents settle them
  { path: '/api/v1/ops/hafu', method: 'GET', permission: 'complaints' },
  { path: '/api/v1/ops/hafu/detail', method: 'GET', permission: 'complaints' },
  { path: '/api/v1/ops/hafu/resolve', method: 'POST', permission: 'complaints' },
];
