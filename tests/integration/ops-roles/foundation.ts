/** Role rows of the console foundation's calls (issue 15): sign-in, own account, operators, audit. */
import type { OpsRoleRow } from './rows';

export const ROWS: OpsRoleRow[] = [
  { path: '/api/v1/ops/auth/login', method: 'POST', permission: 'public' },
  { path: '/api/v1/ops/auth/logout', method: 'POST', permission: 'any-operator' },
  { path: '/api/v1/ops/auth/me', method: 'GET', permission: 'any-operator' },
  { path: '/api/v1/ops/auth/password', method: 'POST', permission: 'any-operator' },
  { path: '/api/v1/ops/auth/totp/verify', method: 'POST', permission: 'second-factor' },
  { path: '/api/v1/ops/auth/totp/enrol', method: 'POST', permission: 'any-operator' },
  { path: '/api/v1/ops/auth/totp/confirm', method: 'POST', permission: 'any-operator' },
  { path: '/api/v1/ops/operators', method: 'GET', permission: 'operators' },
  { path: '/api/v1/ops/operators/create', method: 'POST', permission: 'operators' },
  { path: '/api/v1/ops/operators/update', method: 'POST', permission: 'operators' },
  { path: '/api/v1/ops/operators/password', method: 'POST', permission: 'operators' },
  { path: '/api/v1/ops/operators/totp-reset', method: 'POST', permission: 'operators' },
  { path: '/api/v1/ops/audit', method: 'GET', permission: 'audit' },
];
