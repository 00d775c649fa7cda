/** Role rows of the content calls (issue 15 "Campaigns and content": announcements and help pages), permission `content`. */
import type { OpsRoleRow } from './rows';

export const ROWS: OpsRoleRow[] = [
  { path: '/api/v1/ops/content/preview', method: 'POST', permission: 'content' },
  { path: '/api/v1/ops/content/image', method: 'POST', permission: 'content' },
  { path: '/api/v1/ops/content/help', method: 'GET', permission: 'content' },
  { path: '/api/v1/ops/content/help/detail', method: 'GET', permission: 'content' },
  { path: '/api/v1/ops/content/help/save', method: 'POST', permission: 'content' },
  { path: '/api/v1/ops/content/help/publish', method: 'POST', permission: 'content' },
  { path: '/api/v1/ops/content/agreements', method: 'GET', permission: 'content' },
  { path: '/api/v1/ops/content/agreements/publish', method: 'POST', permission: 'content' },
  { path: '/api/v1/ops/content/announcements', method: 'GET', permission: 'content' },
  { path: '/api/v1/ops/content/announcements/detail', method: 'GET', permission: 'content' },
  { path: '/api/v1/ops/content/announcements/save', method: 'POST', permission: 'content' },
  { path: '/api/v1/ops/content/announcements/publish', method: 'POST', permission: 'content' },
  { path: '/api/v1/ops/content/announcements/pin', method: 'POST', permission: 'content' },
];
