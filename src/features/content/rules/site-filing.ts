/**
 * What the site footer shows of the operator and its filings (site setting `site.filing`): each
 * line only when it is set, in the order Chinese sites show them (operator, ICP, 公安, licence).
 * The ICP number links to MIIT's filing search and the 公安 number to the public-security filing
 * search, as incumbents do: outbound links only, nothing loads from those hosts.
 */

/** MIIT's ICP filing search, where every filed site's footer number points. */
export const ICP_FILING_LINK = 'https://beian.miit.gov.cn/';
/** The public-security filing search; the filing's digits go in `code`. */
export const POLICE_FILING_LINK = 'https://beian.mps.gov.cn/#/query/webSearch?code=';

export interface FilingInput {
  operator_name: string;
  icp: string;
  police: string;
  licence: string;
}

export interface FilingLine {
  kind: 'operator' | 'icp' | 'police' | 'licence';
  text: string;
  /** An outside page that verifies the number; absent for plain text. */
  href?: string;
}

/** The footer's filing lines: one per field that is set (blank and whitespace-only are not). */
export function siteFilingLines(filing: FilingInput): FilingLine[] {
  const lines: FilingLine[] = [];
  const operator = filing.operator_name.trim();
  const icp = filing.icp.trim();
  const police = filing.police.trim();
  const licence = filing.licence.trim();
  if (operator) lines.push({ kind: 'operator', text: `运营方：${operator}` });
  if (icp) lines.push({ kind: 'icp', text: icp, href: ICP_FILING_LINK });
  if (police) {
    const code = police.replace(/\D/g, '');
    lines.push(code ? { kind: 'police', text: police, href: `${POLICE_FILING_LINK}${code}` } : { kind: 'police', text: police });
  }
  // A bare number (京B2-20201234) says what it is; a full line (增值电信业务经营许可证：…) already does.
  if (licence) lines.push({ kind: 'licence', text: licence.includes('许可证') ? licence : `经营许可证：${licence}` });
  return lines;
}
