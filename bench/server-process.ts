import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const READY_TIMEOUT_MS = 60_000;

/** A server under test in its own process: started, probed until ready, its memory sampled, stopped. */
export class ServerProcess {
  private peakRssBytes = 0;
  private sampler?: NodeJS.Timeout;

  private constructor(
    readonly name: string,
    readonly url: string,
    private readonly child: ChildProcess,
  ) {}

  /**
   * Runs `script` with `env`; its output goes to `logFile` (the platform logs every request). `ipc` opens a channel
   * to the child, over which memoryUsage() asks it (the soak; the bench's platform entry answers on it). `nodeFlags`
   * are the server's own flags for node (the platform's, as `npm start` passes them).
   */
  static async start(
    name: string,
    script: string,
    env: Record<string, string>,
    port: number,
    logFile: string,
    { ipc = false, nodeFlags = [] }: { ipc?: boolean; nodeFlags?: readonly string[] } = {},
  ): Promise<ServerProcess> {
    const log = openSync(logFile, 'a');
    // BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the servers; node refuses them in NODE_OPTIONS.
    const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...nodeFlags, ...nodeArgs, script], {
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ipc ? ['ignore', log, log, 'ipc'] : ['ignore', log, log],
    });
    const server = new ServerProcess(name, `http://127.0.0.1:${port}`, child);
    await server.waitUntilReady(logFile);
    return server;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Starts recording the peak resident memory (sampled every 100 ms). */
  startSampling(): void {
    this.peakRssBytes = 0;
    this.sampler = setInterval(() => {
      this.peakRssBytes = Math.max(this.peakRssBytes, this.rssBytes());
    }, 100);
  }

  /**
   * The server's own `process.memoryUsage()`, asked over the IPC channel (started with `ipc`); it answers when its
   * event loop gets to the message.
   */
  memoryUsage(timeoutMs = 5_000): Promise<NodeJS.MemoryUsage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.child.off('message', onMessage);
        reject(new Error(`${this.name} did not report its memory within ${timeoutMs} ms`));
      }, timeoutMs);
      const onMessage = (message: unknown) => {
        const memory = (message as { memory?: NodeJS.MemoryUsage } | null)?.memory;
        if (!memory) return;
        clearTimeout(timer);
        this.child.off('message', onMessage);
        resolve(memory);
      };
      this.child.on('message', onMessage);
      this.child.send('memory');
    });
  }

  /** Stops sampling; returns the peak resident memory since startSampling, in MiB. */
  stopSampling(): number {
    clearInterval(this.sampler);
    this.peakRssBytes = Math.max(this.peakRssBytes, this.rssBytes());
    return Math.round(this.peakRssBytes / 1024 / 1024);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await Promise.race([exited, sleep(5_000).then(() => this.child.kill('SIGKILL'))]);
  }

  /** VmRSS of /proc/<pid>/status (0 when unknown). */
  rssBytes(): number {
    try {
      const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
      return kb ? Number(kb) * 1024 : 0;
    } catch {
      return 0; // not Linux, or the process is gone
    }
  }

  private async waitUntilReady(logFile: string): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`${this.name} exited with ${this.child.exitCode}; see ${logFile}`);
      try {
        const res = await fetch(`${this.url}/healthz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    await this.stop();
    throw new Error(`${this.name} did not answer /healthz within ${READY_TIMEOUT_MS / 1000} s; see ${logFile}`);
  }
}
