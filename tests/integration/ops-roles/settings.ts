/** Role rows of the console's site settings calls (issue 15 站点设置). */
import type { OpsRoleRow } from './rows';

export const ROWS: OpsRoleRow[] = [
  { path: '/api/v1/ops/settings/commission', method: 'POST', permission: 'settings.money' },
  { path: '/api/v1/ops/settings/hold', method: 'POST', permission: 'settings.money' },
  { path: '/api/v1/ops/settings/withdraw-review', method: 'POST', permission: 'settings.money' },
  { path: '/api/v1/ops/settings/review', method: 'POST', permission: 'settings.site' },
  { path: '/api/v1/ops/settings/contacts', method: 'POST', permission: 'settings.site' },
  { path: '/api/v1/ops/settings/download', method: 'POST', permission: 'settings.site' },
  { path: '/api/v1/ops/downloads/upload', method: 'POST', permission: 'settings.site' },
  { path: '/api/v1/ops/downloads/delete', method: 'POST', permission: 'settings.site' },
  { path: '/api/v1/ops/settings/wechat', method: 'POST', permission: 'settings.site' },
  { path: '/api/v1/ops/settings/filing', method: 'POST', permission: 'settings.site' },
];
