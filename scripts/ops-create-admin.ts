/**
 * Creates an operator-console admin (issue 15: "production seeds none and creates the first admin
 * with a command"):
 *
 *   npm run ops:create-admin -- <username> [display name]
 *
 * The password is read from OPS_ADMIN_PASSWORD, or asked for twice on the terminal without echo.
 * Refuses when an enabled admin already exists (they add operators in the console, where it is
 * audited) unless --another is given. Opens the configured database (DATABASE_URL, or the embedded
 * one in DATA_DIR: stop `npm start` first, PGlite allows one process).
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { opsOperatorCreateBodySchema } from '../src/features/console/contract/ops';
import { closeDatabase, defaultDbConfig, openDatabase } from '../src/platform/db/client';
import { isAppError } from '../src/platform/http/errors';
import { countEnabledAdmins, createOperator } from '../src/features/console/server/operators';

function askHidden(question: string): Promise<string> {
  // Output muted after the question, so the typed password is not echoed.
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

const args = process.argv.slice(2);
const another = args.includes('--another');
const [username, ...nameWords] = args.filter((arg) => arg !== '--another');
if (!username) {
  console.error('usage: npm run ops:create-admin -- <username> [display name] [--another]');
  process.exit(2);
}

let password = process.env.OPS_ADMIN_PASSWORD ?? '';
if (!password) {
  password = await askHidden('新管理员密码: ');
  const again = await askHidden('再次输入密码: ');
  if (password !== again) {
    console.error('两次输入的密码不一致');
    process.exit(2);
  }
}
const parsed = opsOperatorCreateBodySchema.safeParse({ username, display_name: nameWords.join(' ') || '管理员', role: 'admin', password });
if (!parsed.success) {
  console.error(parsed.error.issues.map((issue) => issue.message).join('\n'));
  process.exit(2);
}

const db = await openDatabase(defaultDbConfig());
try {
  if (!another && (await countEnabledAdmins(db)) > 0) {
    console.error('已存在可用的管理员：请在运营后台「运营人员」中新增，或加 --another 再建一名管理员。');
    process.exitCode = 1;
  } else {
    const row = await createOperator(db, { username: parsed.data.username, password: parsed.data.password, role: 'admin', displayName: parsed.data.display_name });
    console.log(`已创建管理员 ${row.username}（id ${row.id}），请在 /ops/login 登录。`);
  }
} catch (error) {
  console.error(isAppError(error) || error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
