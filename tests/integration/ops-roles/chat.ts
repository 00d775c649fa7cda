/** Role rows of the customer-service chat's console calls (issue 15): permission chat (service, admin). */
import type { OpsRoleRow } from './rows';

export const ROWS: OpsRoleRow[] = [
  { path: '/api/v1/ops/chat/conversations', method: 'GET', permission: 'chat' },
  { path: '/api/v1/ops/chat/messages', method: 'GET', permission: 'chat' },
  { path: '/api/v1/ops/chat/stream', method: 'GET', permission: 'chat' },
  { path: '/api/v1/ops/chat/take', method: 'POST', permission: 'chat' },
  { path: '/api/v1/ops/chat/reply', method: 'POST', permission: 'chat' },
  { path: '/api/v1/ops/chat/read', method: 'POST', permission: 'chat' },
  { path: '/api/v1/ops/chat/close', method: 'POST', permission: 'chat' },
  { path: '/api/v1/ops/chat/release', method: 'POST', permission: 'chat' },
  { path: '/api/v1/ops/chat/image', method: 'POST', permission: 'chat' },
];
