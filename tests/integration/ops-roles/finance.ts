/** Role rows of the finance console's calls (issue 15): withdrawal review and the settlement and ledger reports. */
import type { OpsRoleRow } from './rows';

export const ROWS: OpsRoleRow[] = [
  { path: '/api/v1/ops/withdrawals', method: 'GET', permission: 'withdrawals' },
  { path: '/api/v1/ops/withdrawals/decide', method: 'POST', permission: 'withdrawals' },
  // Maker-checker: any of wallet.adjust, withdrawals, settings.money opens them; today those are held by the same roles as `withdrawals`.
  { path: '/api/v1/ops/approvals', method: 'GET', permission: 'withdrawals' },
  { path: '/api/v1/ops/approvals/approve', method: 'POST', permission: 'withdrawals' },
  { path: '/api/v1/ops/approvals/reject', method: 'POST', permission: 'withdrawals' },
  { path: '/api/v1/ops/approvals/cancel', method: 'POST', permission: 'withdrawals' },
  { path: '/api/v1/ops/finance/daily', method: 'GET', permission: 'finance' },
  { path: '/api/v1/ops/finance/ledger', method: 'GET', permission: 'finance' },
  { path: '/api/v1/ops/finance/ledger-check', method: 'GET', permission: 'finance' },
];
