/**
 * The footer's filing lines (issue 25): each of operator, ICP, 公安备案 and licence shows only when
 * set, in that order; ICP links to MIIT's filing search, 公安备案 to the public-security search with
 * its code; nothing is invented for a field left empty.
 */
import { describe, expect, it } from 'vitest';
import { ICP_FILING_LINK, POLICE_FILING_LINK, siteFilingLines, type FilingInput } from '~/features/content/rules/site-filing';

const EMPTY: FilingInput = { operator_name: '', icp: '', police: '', licence: '' };
const FULL: FilingInput = {
  operator_name: '某某网络科技有限公司',
  icp: '京ICP备12345678号-1',
  police: '京公网安备11010502012345号',
  licence: '增值电信业务经营许可证：京B2-20201234',
};

describe('site footer filing lines: shown only when set', () => {
  it('nothing set shows nothing', () => {
    expect(siteFilingLines(EMPTY)).toEqual([]);
  });

  it('blank and whitespace-only fields count as not set', () => {
    expect(siteFilingLines({ operator_name: '  ', icp: '\t', police: ' ', licence: '' })).toEqual([]);
  });

  it.each([
    ['operator_name', 'operator', '运营方：某某网络科技有限公司', undefined],
    ['icp', 'icp', '京ICP备12345678号-1', ICP_FILING_LINK],
    ['police', 'police', '京公网安备11010502012345号', `${POLICE_FILING_LINK}11010502012345`],
    ['licence', 'licence', '增值电信业务经营许可证：京B2-20201234', undefined],
  ] as const)('only %s set shows only its line', (field, kind, text, href) => {
    const lines = siteFilingLines({ ...EMPTY, [field]: FULL[field] });
    expect(lines).toEqual([href ? { kind, text, href } : { kind, text }]);
  });

  it('all set: operator, ICP, 公安, licence in that order; ICP links to beian.miit.gov.cn', () => {
    const lines = siteFilingLines(FULL);
    expect(lines.map((line) => line.kind)).toEqual(['operator', 'icp', 'police', 'licence']);
    expect(lines[1]!.href).toBe('https://beian.miit.gov.cn/');
  });

  it('a bare licence number says what it is', () => {
    expect(siteFilingLines({ ...EMPTY, licence: '京B2-20201234' })).toEqual([{ kind: 'licence', text: '经营许可证：京B2-20201234' }]);
  });

  it('values are shown trimmed', () => {
    expect(siteFilingLines({ ...EMPTY, icp: ' 京ICP备12345678号 ' })).toEqual([{ kind: 'icp', text: '京ICP备12345678号', href: ICP_FILING_LINK }]);
  });
});
