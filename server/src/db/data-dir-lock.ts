import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The embedded database (PGlite) has no lock of its own: its `postmaster.pid` always says pid
 * -42 and stays behind after a crash, and a second process opens the same folder without a
 * word, each then overwriting the other's pages. This file in DATA_DIR names the process that
 * has the database open; the server, the command-line tools and `npm run backup` take it.
 */
export const LOCK_FILE = 'backoffice.lock';

/** The process that holds a DATA_DIR, as its lock file names it. */
export interface DataDirHolder {
  readonly pid: number;
  /** The process's start time as the kernel counts it (Linux), so a reused pid is not taken for it. */
  readonly started: string | null;
  readonly host: string;
  readonly since: string;
  readonly command: string;
}

/** Thrown when another live process holds the DATA_DIR. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: DataDirHolder,
  ) {
    super(
      `DATA_DIR ${dir} is in use by process ${holder.pid} (${holder.command}, on ${holder.host} since ${holder.since}). ` +
        'The embedded database takes one process at a time: stop that one first. ' +
        `(If no such process runs, delete ${path.join(dir, LOCK_FILE)}.)`,
    );
  }
}

/** The kernel's start time of `pid` (field 22 of /proc/<pid>/stat), or null off Linux or when gone. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(holder: DataDirHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A pid the kernel gave to a newer process (after a crash and a restart) is not the holder.
  return holder.started === null || processStart(holder.pid) === holder.started;
}

async function readHolder(file: string): Promise<DataDirHolder | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as DataDirHolder;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Half-written (a crash while writing it): nobody can hold it.
    return null;
  }
}

/**
 * The live process other than this one that holds `dir`, or null: none, or a lock left behind
 * by a process that has ended (a crash, a kill -9).
 */
export async function findDataDirHolder(dir: string): Promise<DataDirHolder | null> {
  const holder = await readHolder(path.join(dir, LOCK_FILE));
  if (!holder || holder.pid === process.pid || !isAlive(holder)) return null;
  return holder;
}

/**
 * Takes `dir` for this process (creating the folder), or throws `DataDirInUseError` naming the
 * live process that holds it; a lock left by an ended process is taken over. Resolves with the
 * function that lets it go.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const mine: DataDirHolder = {
    pid: process.pid,
    started: processStart(process.pid),
    host: hostname(),
    since: new Date().toISOString(),
    command:
      process.argv
        .slice(1)
        .map((a) => path.basename(a))
        .join(' ') || 'node',
  };
  for (let attempt = 0; ; attempt++) {
    try {
      // wx: only one of two processes starting at once creates it.
      await writeFile(file, JSON.stringify(mine), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      const holder = await findDataDirHolder(dir);
      if (holder) throw new DataDirInUseError(dir, holder);
      await unlink(file).catch(() => undefined); // ours from before, or a dead process's
    }
  }
  return async () => {
    const holder = await readHolder(file);
    if (holder?.pid === process.pid) await unlink(file).catch(() => undefined);
  };
}
