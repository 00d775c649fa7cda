/** The demo players (seed history.ts): accounts with a past, behind the demo's reviews and rentals. */

/**
 * The demo players: the renters behind the demo's reviews and running rentals. Real-named (spec
 * §6: renting needs it); their passwords are in the README's demo table like everyone's.
 */
export const DEMO_PLAYERS = [
  { username: 'player01', password: 'player_pass01', nickname: '峡谷夜猫子' },
  { username: 'player02', password: 'player_pass02', nickname: '周末上分党' },
  { username: 'player03', password: 'player_pass03', nickname: '皮肤收藏家' },
  { username: 'player04', password: 'player_pass04', nickname: '摸鱼打工人' },
  { username: 'player05', password: 'player_pass05', nickname: '深夜三排' },
  { username: 'player06', password: 'player_pass06', nickname: '开黑小队长' },
  { username: 'player07', password: 'player_pass07', nickname: '萌新求带飞' },
  { username: 'player08', password: 'player_pass08', nickname: '国服候补' },
] as const;
