/** Role rows of the console's investment leads (issue 16, /ops/investment-leads). */
import type { OpsRoleRow } from './rows';

export const ROWS: OpsRoleRow[] = [
  { path: '/api/v1/ops/investment-leads', method: 'GET', permission: 'campaigns' },
  { path: '/api/v1/ops/investment-leads/handle', method: 'POST', permission: 'campaigns' },
];
