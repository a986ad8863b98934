import { inject, injectable } from 'tsyringe';
import { SERVER_CONFIG, ServerConfig } from '../config/server-config';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import { token } from '../framework/tokens';
import { safeRepr } from '../framework/validation/safe-repr';
import type { ProcessRunner } from '../tmux/process-runner';
import { serverKeyId, type TmuxEngine, type TmuxServerKey } from '../tmux/tmux-engine';
import { HostRegistry } from './host-registry.service';

/**
 * Builds the engine for one tmux server (the control-mode engine, or exec when forced);
 * `subprocess`: a subprocess engine whatever the mode, for one-off probes.
 */
export type EngineFactory = (key: TmuxServerKey, subprocess?: boolean) => TmuxEngine;
export const ENGINE_FACTORY = token<EngineFactory>('engine-factory');
/** Starts every tmux and ssh process of this server (docs/reference/engine.md#processes). */
export const PROCESS_RUNNER = token<ProcessRunner>('process-runner');

/**
 * The server a tool input names: a socket (null: the configured one) on a host (null: local).
 * Tool inputs get it from the `ServerTarget` fragments of src/tools/common/target.inputs.ts.
 */
export interface ServerTargetArgs {
  socket_name?: string | null;
  host?: string | null;
}

/**
 * A per-call `socket_name` is a name under tmux's socket directory, never a path
 * (docs/reference/tools.md#socket_name): tmux's `-L` joins it to that directory, so `../x` or a
 * `/` would reach a socket elsewhere. Checked here, where every tool, resource and completion
 * picks its server, before any tmux process starts.
 */
export function assertSocketName(name: string): void {
  if (name.includes('/') || name.includes('\0'))
    throw new ExpectedToolError(`Invalid socket name: ${safeRepr(name)} (a name, not a path: it may not contain '/' or NUL)`, {
      suggestion: 'Give the socket name tmux -L takes (e.g. "default"); list_servers shows the sockets there are.',
    });
}

/**
 * One engine per (host, socket name, socket path, binary), docs/reference/engine.md#server-pool.
 * Engines recover from a dead server themselves (the next call reconnects), so a cached handle
 * never goes stale.
 */
@injectable()
export class TmuxServerPool {
  private readonly engines = new Map<string, TmuxEngine>();

  constructor(
    @inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @inject(ENGINE_FACTORY) private readonly factory: EngineFactory,
    private readonly hosts: HostRegistry,
  ) {}

  /**
   * The server a call targets: per-call `socket_name` beats the configured default, on every
   * host; the socket path and the tmux binary are this machine's settings, a remote host gets
   * its own binary and no path (docs/reference/engine.md#hosts). An unknown host throws the
   * expected "not configured" error.
   */
  keyFor(socketName?: string | null, host?: string | null): TmuxServerKey {
    if (socketName != null) assertSocketName(socketName);
    const h = this.hosts.resolve(host);
    return {
      host: h,
      socketName: socketName ?? this.config.socketName,
      socketPath: h === null ? this.config.socketPath : null,
      tmuxBin: h === null ? this.config.tmuxBin : this.config.remoteTmuxBin,
    };
  }

  engine(socketName?: string | null, host?: string | null): TmuxEngine {
    return this.engineFor(this.keyFor(socketName, host));
  }

  /** The engine for a tool input's server target: its `socket_name` and `host` (docs/reference/tools.md#host). */
  engineOf(target: ServerTargetArgs): TmuxEngine {
    return this.engine(target.socket_name, target.host);
  }

  /**
   * A subprocess engine for one server that is not kept (list_servers' probes, kill_server): it
   * never attaches a client, and runs on the key's own host like every engine.
   */
  subprocessFor(key: TmuxServerKey): TmuxEngine {
    return this.factory(key, true);
  }

  engineFor(key: TmuxServerKey): TmuxEngine {
    const id = serverKeyId(key);
    let e = this.engines.get(id);
    if (!e) {
      e = this.factory(key);
      this.engines.set(id, e);
    }
    return e;
  }

  /** Engines created so far (shutdown GC walks them). */
  all(): TmuxEngine[] {
    return [...this.engines.values()];
  }

  /** Drops the engine of a server we just killed. */
  async evict(key: TmuxServerKey): Promise<void> {
    const id = serverKeyId(key);
    const e = this.engines.get(id);
    this.engines.delete(id);
    await e?.close();
  }

  async closeAll(): Promise<void> {
    const all = [...this.engines.values()];
    this.engines.clear();
    await Promise.allSettled(all.map((e) => e.close()));
  }
}
