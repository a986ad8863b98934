import { spawn, ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

/** The built CLI; TMUX_MCP_TEST_CLI points a run at another build (a private one, when dist/ is shared and stale). */
export const CLI = process.env.TMUX_MCP_TEST_CLI ?? join(__dirname, '..', '..', 'dist', 'cli.js');

/**
 * The environment MCP clients typically give a server: no TMUX_TMPDIR, no LANG
 * (docs/reference/configuration.md#minimal-client-environments).
 */
export function minimalEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const k of ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER']) if (process.env[k] !== undefined) env[k] = process.env[k];
  if (process.env.TMUX_MCP_ENGINE) env.TMUX_MCP_ENGINE = process.env.TMUX_MCP_ENGINE;
  return { ...env, ...extra };
}

/**
 * Runs the CLI to completion (for --help, --version, --check and start-up failures); `at` runs
 * another build (an installed package) from another working directory.
 */
export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv = minimalEnv(),
  at: { cli?: string; cwd?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [at.cli ?? CLI, ...args], { env, ...(at.cwd ? { cwd: at.cwd } : {}) });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.stdin.end();
    p.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A spawned server spoken to with raw JSON-RPC lines; every stdout line must be JSON-RPC. */
/** The rows of one section of the --check screen, runs of 2+ spaces turned into ' | ' (docs/reference/configuration.md#check). */
export function checkSection(stdout: string, heading: string): string[] {
  const lines = stdout.split('\n');
  const at = lines.findIndex((l) => l === heading || l.startsWith(`${heading} `));
  if (at < 0) throw new Error(`no section ${heading} in:\n${stdout}`);
  const rows: string[] = [];
  for (const l of lines.slice(at + 1)) {
    if (!l.startsWith('  ')) break;
    rows.push(l.trim().replace(/\s{2,}/g, ' | '));
  }
  return rows;
}

export class RawServer {
  readonly proc: ChildProcessWithoutNullStreams;
  readonly stdoutLines: string[] = [];
  stderr = '';
  private buf = '';
  private waiters = new Map<number, (msg: Record<string, unknown>) => void>();
  private nextId = 1;
  readonly exited: Promise<number | null>;

  constructor(args: string[], env: NodeJS.ProcessEnv) {
    this.proc = spawn(process.execPath, [CLI, ...args], { env });
    this.proc.stderr.on('data', (d) => (this.stderr += d));
    this.proc.stdout.on('data', (d: Buffer) => {
      this.buf += d.toString('utf8');
      let i: number;
      while ((i = this.buf.indexOf('\n')) >= 0) {
        const line = this.buf.slice(0, i);
        this.buf = this.buf.slice(i + 1);
        this.stdoutLines.push(line);
        try {
          const msg = JSON.parse(line) as Record<string, unknown>;
          if (typeof msg.id === 'number') this.waiters.get(msg.id)?.(msg);
        } catch {
          // recorded in stdoutLines; the test asserts every line parses
        }
      }
    });
    this.exited = new Promise((resolve) => this.proc.on('close', (code) => resolve(code)));
  }

  request(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    const p = new Promise<Record<string, unknown>>((resolve) => this.waiters.set(id, resolve));
    this.proc.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
    return p;
  }

  notify(method: string, params: Record<string, unknown> = {}): void {
    this.proc.stdin.write(JSON.stringify({ jsonrpc: '2.0', method, params }) + '\n');
  }

  async initialize(): Promise<Record<string, unknown>> {
    const r = await this.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw-e2e', version: '0.0.1' },
    });
    this.notify('notifications/initialized');
    return r;
  }
}
