import { describe, expect, it } from 'vitest';
import {
  MSG_INVEST_BUDGET,
  MSG_INVEST_CITY,
  MSG_INVEST_CITY_LONG,
  MSG_INVEST_MESSAGE_LONG,
  MSG_INVEST_NAME,
  MSG_INVEST_NAME_LONG,
  MSG_INVEST_PHONE,
  investDraftIssues,
  type InvestDraft,
} from '~/features/activities/rules/investment';

const DRAFT: InvestDraft = { name: '王先生', phone: '13912345678', city: '杭州', budget: '10w_50w', message: '' };

describe('investDraftIssues', () => {
  it.each([
    ['a complete form without a message', {}, {}],
    ['a name of spaces only', { name: '   ' }, { name: MSG_INVEST_NAME }],
    ['a name of 21 characters', { name: '王'.repeat(21) }, { name: MSG_INVEST_NAME_LONG }],
    ['a name of 20 characters', { name: '王'.repeat(20) }, {}],
    ['a phone of ten digits', { phone: '1391234567' }, { phone: MSG_INVEST_PHONE }],
    ['a phone starting 12', { phone: '12912345678' }, { phone: MSG_INVEST_PHONE }],
    ['an empty city', { city: '' }, { city: MSG_INVEST_CITY }],
    ['a city of 21 characters', { city: '城'.repeat(21) }, { city: MSG_INVEST_CITY_LONG }],
    ['no budget chosen', { budget: '' }, { budget: MSG_INVEST_BUDGET }],
    ['a budget not offered', { budget: 'toString' }, { budget: MSG_INVEST_BUDGET }],
    ['a message of 501 characters', { message: '字'.repeat(501) }, { message: MSG_INVEST_MESSAGE_LONG }],
  ] as const)('%s', (_name, over, issues) => {
    expect(investDraftIssues({ ...DRAFT, ...over })).toEqual(issues);
  });
});
