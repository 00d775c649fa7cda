/**
 * The attributes a game's listings state (games.listing_attrs): 段位 and its like as a choice of
 * the game's own values, the hero and skin counts as whole numbers within the game's bounds. The
 * listing form offers exactly these and the server accepts a listing's attributes by the same
 * check. Pure: the definitions are data (the seed, the console), passed in.
 */

export type GameListingAttr =
  | { name: string; kind: 'choice'; choices: string[]; required: boolean }
  | { name: string; kind: 'number'; min: number; max: number; required: boolean };

/** What a listing says of one attribute. */
export interface ListingAttrValue {
  attr_name: string;
  value: string;
}

const WHOLE_NUMBER = /^\d{1,9}$/;

/**
 * Why a value does not fit its definition, in Chinese; null when it fits. A choice must be one of
 * the game's values exactly; a count a whole number from `min` to `max`.
 */
export function attrValueError(def: GameListingAttr, value: string): string | null {
  if (def.kind === 'choice') return def.choices.includes(value) ? null : `请从列表中选择${def.name}`;
  if (!WHOLE_NUMBER.test(value)) return `${def.name}应为整数`;
  const count = Number(value);
  return count >= def.min && count <= def.max ? null : `${def.name}应在${def.min}到${def.max}之间`;
}

/**
 * The first reason a listing's attributes do not fit the game's definitions: a required one is
 * missing, or a defined one has a value outside its choices or bounds. Attributes the game does
 * not define are left alone (账号类型 has its own check, and the spec's attrs are open).
 */
export function listingAttrsError(defs: readonly GameListingAttr[], attrs: readonly ListingAttrValue[]): string | null {
  for (const def of defs) {
    const given = attrs.find((attr) => attr.attr_name === def.name);
    if (!given) {
      if (def.required) return def.kind === 'choice' ? `请选择${def.name}` : `请填写${def.name}`;
      continue;
    }
    const error = attrValueError(def, given.value);
    if (error) return error;
  }
  return null;
}
