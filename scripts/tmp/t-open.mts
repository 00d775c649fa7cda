import { openTestDatabase } from '../../src/server/seed/test-database';
for (const driver of ['pglite','postgres'] as const) for (const seed of [false,true]) {
  const t=performance.now(); const d=await openTestDatabase({driver, seed}); const t1=performance.now(); await d.close();
  console.log(driver, seed, Math.round(t1-t), 'ms open', Math.round(performance.now()-t1),'close');
}
