/**
 * The wire contract of deregistration (spec §7 account "deactivation check/start/confirm"): what
 * the 注销账号 form reads and server/deactivation.ts builds.
 */
import type { z } from 'zod';
import type { deactivationBlockerSchema, deactivationCheckSchema, deactivationSmsResultSchema, deactivationStatusSchema } from '~/features/account/wire';

// The answers' types are the outputs of their schemas (wire.ts); a type import keeps zod out of the
// islands that read them.
export type DeactivationBlockerView = z.output<typeof deactivationBlockerSchema>;
export type DeactivationStatus = z.output<typeof deactivationStatusSchema>;
export type DeactivationCheck = z.output<typeof deactivationCheckSchema>;
export type DeactivationSmsResult = z.output<typeof deactivationSmsResultSchema>;
