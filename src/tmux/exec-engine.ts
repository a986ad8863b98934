import { randomBytes } from 'node:crypto';
import { execWords } from './control-quoting';
import type { ProcessRunner } from './process-runner';
import type { PaneEvent, RunOptions, TmuxEngine, TmuxServerKey } from './tmux-engine';

/**
 * `[bin, -u, -L name, -S path]`: `-u` keeps UTF-8 in minimal client environments
 * (docs/reference/configuration.md#minimal-client-environments).
 */
export function tmuxArgvPrefix(key: TmuxServerKey): string[] {
  const argv = [key.tmuxBin, '-u'];
  if (key.socketName) argv.push('-L', key.socketName);
  if (key.socketPath) argv.push('-S', key.socketPath);
  return argv;
}

export function splitLines(stdout: string): string[] {
  if (stdout === '') return [];
  const lines = stdout.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * The subprocess engine: one `tmux` process per command, started by the runner on the key's own
 * host (docs/reference/engine.md#processes). The baseline and the escape hatch.
 */
export class ExecEngine implements TmuxEngine {
  readonly mode = 'exec' as const;
  readonly hasEvents = false;
  private readonly prefix: string[];
  private readonly mark = `tmux-mcp-list-${randomBytes(8).toString('hex')}`;

  constructor(
    readonly key: TmuxServerKey,
    readonly runner: ProcessRunner,
  ) {
    this.prefix = tmuxArgvPrefix(key);
  }

  argvPrefix(): string[] {
    return [...this.prefix];
  }

  async run(args: readonly string[], opts?: RunOptions): Promise<string[]> {
    return splitLines(await this.runner.run(this.key, [...this.prefix, ...execWords(args)], opts));
  }

  /**
   * One subprocess for the whole batch: a tmux command list (`a ; b`), with a
   * `display-message -p <mark>` between two commands so their outputs can be told apart. The mark
   * is random per engine, so no command's output can contain it. tmux stops at the first command
   * that fails and exits 1 with its error, which rejects the batch as `run` would.
   */
  async runList(commands: readonly (readonly string[])[], opts?: RunOptions): Promise<string[][]> {
    if (commands.length === 1) return [await this.run(commands[0], opts)];
    const argv = [...this.prefix];
    commands.forEach((c, i) => {
      if (i > 0) argv.push(';', 'display-message', '-p', this.mark, ';');
      argv.push(...execWords(c));
    });
    const out: string[][] = [[]];
    for (const line of splitLines(await this.runner.run(this.key, argv, opts))) {
      if (line === this.mark) out.push([]);
      else out[out.length - 1].push(line);
    }
    return out;
  }

  runRaw(args: readonly string[], opts?: RunOptions): Promise<string> {
    // execWords (escapeExecArg): tmux would otherwise eat a final `;` of any word
    // (docs/reference/engine.md#trailing-semicolon).
    return this.runner.run(this.key, [...this.prefix, ...execWords(args)], opts);
  }

  /** No output events; a lost host connection is still told (docs/reference/engine.md#connection-loss). */
  onPaneEvent(paneId: string, listener: (ev: PaneEvent) => void): () => void {
    return this.runner.onLost(this.key.host, (error) => listener({ paneId, kind: 'lost', error }));
  }

  async close(): Promise<void> {
    // Nothing persistent to close.
  }
}
