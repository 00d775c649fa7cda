/** Role rows of the console's users and orders calls (issue 15). */
import type { OpsRoleRow } from './rows';

export const ROWS: OpsRoleRow[] = [
  { path: '/api/v1/ops/users', method: 'GET', permission: 'users.read' },
  { path: '/api/v1/ops/users/detail', method: 'GET', permission: 'users.read' },
  { path: '/api/v1/ops/users/ban', method: 'POST', permission: 'users.ban' },
  { path: '/api/v1/ops/users/unban', method: 'POST', permission: 'users.ban' },
  { path: '/api/v1/ops/users/wallet-adjust', method: 'POST', permission: 'wallet.adjust' },
  { path: '/api/v1/ops/orders', method: 'GET', permission: 'orders.read' },
  { path: '/api/v1/ops/orders/detail', method: 'GET', permission: 'orders.read' },
];
