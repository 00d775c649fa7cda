/**
 * The investment form's checks (/business-invest): the same Chinese messages in the form
 * and at the server (contract/tasks.ts investBodySchema). Pure; no zod, so the form's island stays small.
 */
import { INVEST_BUDGETS, INVEST_CITY_MAX_CHARS, INVEST_MESSAGE_MAX_CHARS, INVEST_NAME_MAX_CHARS } from '~/platform/config/constants';
import { PHONE_PATTERN } from '~/platform/rules/validation';

export type InvestBudget = keyof typeof INVEST_BUDGETS;

export const MSG_INVEST_NAME = '请填写您的称呼';
export const MSG_INVEST_NAME_LONG = `称呼最多${INVEST_NAME_MAX_CHARS}个字`;
export const MSG_INVEST_PHONE = '请输入正确的手机号码';
export const MSG_INVEST_CITY = '请填写所在城市';
export const MSG_INVEST_CITY_LONG = `城市最多${INVEST_CITY_MAX_CHARS}个字`;
export const MSG_INVEST_BUDGET = '请选择投资预算';
export const MSG_INVEST_MESSAGE_LONG = `留言最多${INVEST_MESSAGE_MAX_CHARS}个字`;
export const MSG_INVEST_RATE_LIMITED = '提交过于频繁，请稍后再试';

export interface InvestDraft {
  name: string;
  phone: string;
  city: string;
  budget: string;
  message: string;
}

export type InvestField = keyof InvestDraft;

const chars = (text: string): number => Array.from(text.trim()).length;

/** Each field's message, or an empty object when the form may be sent. */
export function investDraftIssues(draft: InvestDraft): Partial<Record<InvestField, string>> {
  const issues: Partial<Record<InvestField, string>> = {};
  if (chars(draft.name) === 0) issues.name = MSG_INVEST_NAME;
  else if (chars(draft.name) > INVEST_NAME_MAX_CHARS) issues.name = MSG_INVEST_NAME_LONG;
  if (!PHONE_PATTERN.test(draft.phone.trim())) issues.phone = MSG_INVEST_PHONE;
  if (chars(draft.city) === 0) issues.city = MSG_INVEST_CITY;
  else if (chars(draft.city) > INVEST_CITY_MAX_CHARS) issues.city = MSG_INVEST_CITY_LONG;
  if (!Object.hasOwn(INVEST_BUDGETS, draft.budget)) issues.budget = MSG_INVEST_BUDGET;
  if (chars(draft.message) > INVEST_MESSAGE_MAX_CHARS) issues.message = MSG_INVEST_MESSAGE_LONG;
  return issues;
}
