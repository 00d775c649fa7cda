/**
 * PGlite keeps a whole PostgreSQL cluster inside one process; two processes opening the same data
 * folder corrupt it. `<dataDir>/.lock` holds the pid of the process that owns the folder.
 */
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = '.lock';

export class DataDirLockedError extends Error {
  readonly pid: number;
  readonly dataDir: string;

  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another process (pid ${pid}). ` +
        `The embedded database (PGlite) allows only one process per data folder: stop process ${pid}, ` +
        `or point this one elsewhere with DATA_DIR=<another folder>, or use a shared PostgreSQL server with DATABASE_URL=postgres://...`,
    );
    this.name = 'DataDirLockedError';
    this.pid = pid;
    this.dataDir = dataDir;
  }
}

/** process.kill(pid, 0) sends nothing: it only asks whether the process exists. */
function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLockPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Creates `<dir>/.lock` exclusively with this process's pid and returns the release function.
 * Throws DataDirLockedError when the recorded pid is alive (even if it is this process: a second
 * open in one process is a bug too). A lock left by a dead process (or unreadable) is taken over.
 */
export function acquireDataDirLock(dir: string): () => void {
  const dataDir = path.resolve(dir);
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const myPid = process.pid;

  // A few attempts: another process may take over the same stale lock between our unlink and open.
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = fs.openSync(lockPath, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLockPid(lockPath);
      if (holder !== null && isProcessAlive(holder)) throw new DataDirLockedError(dataDir, holder);
      // Stale: its process is gone. Remove it and try the exclusive create again.
      try {
        fs.unlinkSync(lockPath);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
      continue;
    }
    try {
      fs.writeSync(fd, `${myPid}\n`);
    } finally {
      fs.closeSync(fd);
    }

    let released = false;
    return () => {
      if (released) return;
      released = true;
      // Only remove the file while it is still ours.
      if (readLockPid(lockPath) === myPid) {
        try {
          fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      }
    };
  }
  throw new Error(`Could not acquire the data folder lock ${lockPath}: it kept changing hands.`);
}
