// Child processes of the benchmark: each runs in its own process group and is stopped on exit, on error and on a
// signal, so no workerd, Chromium or Lighthouse outlives a run.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const children = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** Starts a command in its own process group and remembers it for cleanup. */
export function start(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Stops a child's whole process group: SIGTERM, then SIGKILL if it is still there after a moment. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 2000);
  await exited;
  clearTimeout(timer);
}

export function stopAllNow(): void {
  for (const child of children) killGroup(child, 'SIGKILL');
}

let installed = false;
/** Stops every child on exit, Ctrl-C, SIGTERM and uncaught errors; ends the run if it exceeds its time limit. */
export function installCleanup(limitMs: number): void {
  if (installed) return;
  installed = true;
  process.on('exit', stopAllNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error(`\nbench: ${signal}, stopping`);
      stopAllNow();
      process.exit(130);
    });
  }
  process.on('uncaughtException', (error) => {
    console.error('bench: failed:', error);
    stopAllNow();
    process.exit(1);
  });
  process.on('unhandledRejection', (error) => {
    console.error('bench: failed:', error);
    stopAllNow();
    process.exit(1);
  });
  setTimeout(() => {
    console.error(`bench: still running after ${Math.round(limitMs / 1000)} s (BENCH_TIMEOUT_S): stopping`);
    stopAllNow();
    process.exit(1);
  }, limitMs).unref();
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time from /proc/{pid}/stat (user + system, every thread), in clock ticks of 10 ms: the fallback. */
function statCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // after the command name: state is field 3, utime field 14 and stime field 15 of proc(5)
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

const SCHEDSTAT = existsSync('/proc/self/schedstat');

/**
 * CPU time (every thread) a process has used so far, in milliseconds, to the nanosecond: the sum of the scheduler's
 * run time of each of its threads (/proc/{pid}/task/{tid}/schedstat, field 1). Time spent waiting for a core while
 * other work runs is not in it, which is what makes it hold up on a busy machine. Falls back to /proc/{pid}/stat
 * (10 ms ticks) where schedstat is not available.
 */
export function cpuMs(pid: number): number {
  if (!SCHEDSTAT) return statCpuMs(pid);
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a thread that ended between the listing and the read
    }
  }
  return ns / 1e6;
}

/** CPU time every process of the machine has used so far (user, system, interrupts, steal), in milliseconds. */
export function machineBusyMs(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 1000) / CLOCK_TICKS;
}
