/**
 * One row per console call (issue 15 "Role checks on every console endpoint"): its path as the
 * route file names it (`/api/v1/ops/chat/[id]` keeps the brackets), its method, and the permission
 * it needs: a permission of src/features/console/contract/ops.ts, 'any-operator' (every signed-in operator), or
 * 'public' (the sign-in call), or 'second-factor' (only a session that passed the password and
 * owes its TOTP code: hidden from signed-in operators and everybody else alike). Each area keeps its rows in its own file beside this one.
 */
import type { OpsPermission } from '~/features/console/contract/ops';

export interface OpsRoleRow {
  path: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  permission: OpsPermission | 'any-operator' | 'public' | 'second-factor';
}
