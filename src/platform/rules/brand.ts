/**
 * Spec §1: three brand variants chosen by host name. The spec leaves the AI marker open ({product});
 * it is configuration here (BRAND_AI_HOST_MARKER), and BRAND pins one brand per deployment.
 */
export type BrandId = 'default' | 'cafe' | 'ai';

export interface Brand {
  id: BrandId;
  /** Environment title: the first half of every document title. */
  title: string;
  /** Short name shown beside the logo. */
  name: string;
  slogan: string;
  logo: string;
}

export const BRANDS: Readonly<Record<BrandId, Brand>> = {
  default: { id: 'default', title: '畅租号', name: '畅租号', slogan: '游戏账号租赁平台', logo: '/brand/default.svg' },
  cafe: { id: 'cafe', title: '畅租号网吧版', name: '畅租号·网吧', slogan: '网吧上机 即租即玩', logo: '/brand/cafe.svg' },
  ai: { id: 'ai', title: '畅租号AI', name: '畅租号AI', slogan: '智能推荐 一键租号', logo: '/brand/ai.svg' },
};

export const CAFE_HOST_MARKER = 'wbzuhao';
export const DEFAULT_AI_HOST_MARKER = 'aizuhao';

export interface BrandChoiceOptions {
  aiMarker?: string;
  pinned?: BrandId | null;
}

/** A pinned brand wins; otherwise wbzuhao means internet cafe, the AI marker means AI, else default. */
export function chooseBrand(host: string | null | undefined, options: BrandChoiceOptions = {}): Brand {
  if (options.pinned) return BRANDS[options.pinned];
  const lowerHost = (host ?? '').toLowerCase();
  const aiMarker = (options.aiMarker ?? DEFAULT_AI_HOST_MARKER).toLowerCase();
  if (lowerHost.includes(CAFE_HOST_MARKER)) return BRANDS.cafe;
  if (aiMarker && lowerHost.includes(aiMarker)) return BRANDS.ai;
  return BRANDS.default;
}

export function isBrandId(value: string | undefined | null): value is BrandId {
  return value === 'default' || value === 'cafe' || value === 'ai';
}
