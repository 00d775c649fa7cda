/** Help-centre categories, in the order the help page lists them. */
export const HELP_CATEGORIES = ['租号指南', '费用与退款', '账号安全'] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];
