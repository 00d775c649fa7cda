/**
 * The gold-coin tasks (spec §7 account "gold"): which there are and what each pays, once. The
 * service checks their conditions and pays them (server/gold-coins.ts); the route's body schema
 * (wire.ts) refuses any other key.
 */

export const MSG_UNKNOWN_TASK = '未知的任务';

/** The tasks and their coins (order = display order). */
export const GOLD_TASKS = [
  { key: 'real_name', name: '完成实名认证', coins: 20 },
  { key: 'bind_phone', name: '绑定手机号', coins: 20 },
  { key: 'first_rental', name: '完成首次租号', coins: 50 },
] as const;
export type GoldTaskKey = (typeof GOLD_TASKS)[number]['key'];

const TASK_KEYS: readonly string[] = GOLD_TASKS.map((task) => task.key);
export const isGoldTaskKey = (key: string): key is GoldTaskKey => TASK_KEYS.includes(key);
