import { realpathSync } from 'node:fs';
import { basename, join } from 'node:path';
import { inject, injectable } from 'tsyringe';
import { SERVER_CONFIG, ServerConfig } from '../config/server-config';
import type { TmuxEngine } from '../tmux/tmux-engine';

export interface CallerIdentity {
  socketPath: string | null;
  serverPid: number | null;
  sessionId: string | null;
  paneId: string | null;
}

function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * Who runs this MCP server (docs/reference/safety.md#caller-identity): parsed from TMUX / TMUX_PANE
 * once. Drives the self-kill guard (conservative) and `is_caller` (strict).
 */
@injectable()
export class CallerIdentityService {
  readonly caller: CallerIdentity | null;
  private readonly effectivePaths = new WeakMap<TmuxEngine, Promise<string | null>>();

  constructor(@inject(SERVER_CONFIG) private readonly config: ServerConfig) {
    const tmux = config.tmuxEnv;
    const pane = config.tmuxPane;
    if (!tmux && !pane) {
      this.caller = null;
      return;
    }
    let socketPath: string | null = null;
    let serverPid: number | null = null;
    let sessionId: string | null = null;
    if (tmux) {
      const [a, b, ...rest] = tmux.split(',');
      socketPath = a || null;
      serverPid = b && /^\d+$/.test(b) ? Number(b) : null;
      const c = rest.join(',');
      sessionId = c ? (c.startsWith('$') ? c : `$${c}`) : null;
    }
    this.caller = { socketPath, serverPid, sessionId, paneId: pane || null };
  }

  /** The target server's socket path: configured, else asked from tmux, else reconstructed. */
  effectiveSocketPath(engine: TmuxEngine): Promise<string | null> {
    let p = this.effectivePaths.get(engine);
    if (!p) {
      p = this.computeSocketPath(engine);
      this.effectivePaths.set(engine, p);
    }
    return p;
  }

  private async computeSocketPath(engine: TmuxEngine): Promise<string | null> {
    if (engine.key.socketPath) return engine.key.socketPath;
    try {
      const [line] = await engine.run(['display-message', '-p', '#{socket_path}']);
      if (line) return line;
    } catch {
      // no server: fall through to reconstruction
    }
    const tmpdir = this.config.tmuxTmpdir ?? '/tmp';
    const uid = typeof process.geteuid === 'function' ? process.geteuid() : 0;
    return join(tmpdir, `tmux-${uid}`, engine.key.socketName ?? 'default');
  }

  /** Conservative "caller is on this server" predicate of the self-kill guard (docs/reference/safety.md#guard-predicate). */
  async callerOnServer(engine: TmuxEngine): Promise<boolean> {
    const c = this.caller;
    // A remote host's tmux is never the one this process runs in (docs/reference/safety.md#remote-hosts).
    if (!c || engine.key.host !== null) return false;
    if (!c.socketPath) return c.paneId !== null;
    const target = await this.effectiveSocketPath(engine);
    if (!target) return true;
    if (real(c.socketPath) === real(target)) return true;
    return basename(c.socketPath) === (engine.key.socketName ?? 'default');
  }

  /** Strict `is_caller` (docs/reference/safety.md#is_caller): null outside tmux; true only for our pane on our socket. */
  async isCallerFn(engine: TmuxEngine): Promise<(paneId: string) => boolean | null> {
    const c = this.caller;
    if (engine.key.host !== null) return () => false;
    if (!c || !c.paneId) return () => null;
    if (!c.socketPath) return () => false;
    const target = await this.effectiveSocketPath(engine);
    const same = target !== null && real(c.socketPath) === real(target);
    return (paneId) => same && paneId === c.paneId;
  }
}
