/**
 * The wanted board's rules (/task and /task-publish; docs/decisions.md "Wanted board and
 * investment leads"): what a task may say, when it is on the board, who may offer what,
 * and what the order of an accepted offer costs. Pure: values in, values or messages out; `now` is
 * passed in. The server is the authority; the publish form shows the same messages.
 */
import { MS_PER_HOUR } from '~/platform/config/constants';
import { TASK_BUDGET_HOUR_MAX_FEN, TASK_BUDGET_HOUR_MIN_FEN, TASK_EXPIRY_HOURS_OPTIONS, TASK_HOURS_MAX, TASK_HOURS_MIN, TASK_REQUIREMENTS_MAX_CHARS, TASK_REQUIREMENTS_MIN_CHARS } from '~/features/tasks/constants';
import { fenToYuan } from '~/platform/rules/money';

export type TaskStatus = 'open' | 'accepted' | 'closed';
/** What a reader sees: an open task past its expiry is expired, without any sweep having run. */
export type TaskState = 'open' | 'expired' | 'accepted' | 'closed';
export type OfferStatus = 'pending' | 'accepted' | 'declined';

export const TASK_STATE_LABEL: Record<TaskState, string> = {
  open: '招募中',
  expired: '已过期',
  accepted: '已成交',
  closed: '已关闭',
};

export const OFFER_STATUS_LABEL: Record<OfferStatus, string> = {
  pending: '待选择',
  accepted: '已接受',
  declined: '未选中',
};

export const MSG_TASK_NOT_FOUND = '任务不存在';
export const MSG_TASK_EXPIRED = '任务已过期';
export const MSG_TASK_ENDED = '任务已结束';
export const MSG_TASK_GAME_REQUIRED = '请选择游戏';
export const MSG_TASK_REQUIREMENTS_SHORT = `请填写账号要求（至少${TASK_REQUIREMENTS_MIN_CHARS}个字）`;
export const MSG_TASK_REQUIREMENTS_LONG = `账号要求最多${TASK_REQUIREMENTS_MAX_CHARS}个字`;
export const MSG_TASK_BUDGET_INVALID = `每小时预算须在${fenToYuan(TASK_BUDGET_HOUR_MIN_FEN)}元到${fenToYuan(TASK_BUDGET_HOUR_MAX_FEN)}元之间`;
export const MSG_TASK_HOURS_INVALID = `租用时长须为${TASK_HOURS_MIN}到${TASK_HOURS_MAX}之间的整数小时`;
export const MSG_TASK_EXPIRY_INVALID = '请选择有效期';
export const MSG_OFFER_OWN_TASK = '不能给自己发布的任务报价';
export const MSG_OFFER_NO_SHOP = '开通店铺后才能报价';
export const MSG_OFFER_LISTING_NOT_YOURS = '只能用自己店铺的账号报价';
export const MSG_OFFER_LISTING_UNLISTED = '该账号未上架，不能报价';
export const MSG_OFFER_GAME_MISMATCH = '该账号的游戏与任务不符';
export const MSG_OFFER_PRICE_INVALID = '请填写有效的每小时报价';
export const MSG_OFFER_OVER_BUDGET = '报价不能高于任务的每小时预算';
export const MSG_OFFER_MIN_HOURS = '该账号的最少租用时长超过任务所需时长';
export const MSG_OFFER_DUPLICATE = '该账号已对此任务报过价';
export const MSG_OFFER_NOT_FOUND = '报价不存在';
export const MSG_OFFER_TOO_MANY = '该任务的报价已满';
export const MSG_TASK_TAKEN = '任务已接受其他报价';
export const MSG_TASK_OPEN_LIMIT = '进行中的任务已达上限，请先关闭或等待过期';

export interface TaskDraft {
  gameId: number | null;
  requirements: string;
  budgetHourFen: number;
  hours: number;
  expiryHours: number;
}

export type TaskDraftField = 'game_id' | 'requirements' | 'budget_hour_fen' | 'hours' | 'expiry_hours';

/** Each field's message, or an empty object when the draft may be published. */
export function taskDraftIssues(draft: TaskDraft): Partial<Record<TaskDraftField, string>> {
  const issues: Partial<Record<TaskDraftField, string>> = {};
  if (draft.gameId === null || !Number.isInteger(draft.gameId) || draft.gameId < 1) issues.game_id = MSG_TASK_GAME_REQUIRED;
  const length = [...draft.requirements.trim()].length;
  if (length < TASK_REQUIREMENTS_MIN_CHARS) issues.requirements = MSG_TASK_REQUIREMENTS_SHORT;
  else if (length > TASK_REQUIREMENTS_MAX_CHARS) issues.requirements = MSG_TASK_REQUIREMENTS_LONG;
  if (!Number.isSafeInteger(draft.budgetHourFen) || draft.budgetHourFen < TASK_BUDGET_HOUR_MIN_FEN || draft.budgetHourFen > TASK_BUDGET_HOUR_MAX_FEN) {
    issues.budget_hour_fen = MSG_TASK_BUDGET_INVALID;
  }
  if (!Number.isInteger(draft.hours) || draft.hours < TASK_HOURS_MIN || draft.hours > TASK_HOURS_MAX) issues.hours = MSG_TASK_HOURS_INVALID;
  if (!(TASK_EXPIRY_HOURS_OPTIONS as readonly number[]).includes(draft.expiryHours)) issues.expiry_hours = MSG_TASK_EXPIRY_INVALID;
  return issues;
}

/** When a task published at `now` with `expiryHours` leaves the board. */
export function taskExpiresAt(now: Date, expiryHours: number): Date {
  return new Date(now.getTime() + expiryHours * MS_PER_HOUR);
}

/** The state a reader sees at `now`. */
export function taskStateAt(task: { status: TaskStatus; expiresAt: Date }, now: Date): TaskState {
  if (task.status !== 'open') return task.status;
  return task.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

/** Why the task takes no offer and no acceptance at `now`, or null when it is open. */
export function taskClosedReason(state: TaskState): string | null {
  if (state === 'open') return null;
  return state === 'expired' ? MSG_TASK_EXPIRED : MSG_TASK_ENDED;
}

export interface OfferCheck {
  taskState: TaskState;
  taskOwnerId: number;
  taskGameId: number;
  taskBudgetHourFen: number;
  taskHours: number;
  sellerUserId: number;
  /** The seller's shop, or null when they have none. */
  sellerShopId: number | null;
  listing: { shopId: number; gameId: number; isListed: boolean; minRentalHours: number };
  priceHourFen: number;
}

/** Why this offer may not be made, or null when it may (the order of the checks is the order a seller fixes them). */
export function offerRefusal(check: OfferCheck): string | null {
  const closed = taskClosedReason(check.taskState);
  if (closed) return closed;
  if (check.taskOwnerId === check.sellerUserId) return MSG_OFFER_OWN_TASK;
  if (check.sellerShopId === null) return MSG_OFFER_NO_SHOP;
  if (check.listing.shopId !== check.sellerShopId) return MSG_OFFER_LISTING_NOT_YOURS;
  if (!check.listing.isListed) return MSG_OFFER_LISTING_UNLISTED;
  if (check.listing.gameId !== check.taskGameId) return MSG_OFFER_GAME_MISMATCH;
  if (!Number.isSafeInteger(check.priceHourFen) || check.priceHourFen < 1) return MSG_OFFER_PRICE_INVALID;
  if (check.priceHourFen > check.taskBudgetHourFen) return MSG_OFFER_OVER_BUDGET;
  if (check.listing.minRentalHours > check.taskHours) return MSG_OFFER_MIN_HOURS;
  return null;
}

/** The rental price of an accepted offer: the agreed hourly price × the hours wanted, before the deposit. */
export function taskOrderPriceFen(priceHourFen: number, hours: number): number {
  if (!Number.isSafeInteger(priceHourFen) || priceHourFen < 1) throw new RangeError(MSG_OFFER_PRICE_INVALID);
  if (!Number.isInteger(hours) || hours < TASK_HOURS_MIN || hours > TASK_HOURS_MAX) throw new RangeError(MSG_TASK_HOURS_INVALID);
  return priceHourFen * hours;
}
