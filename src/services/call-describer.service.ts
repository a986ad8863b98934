import { injectable } from 'tsyringe';
import { genericSentence } from '../framework/confirm/confirm.interceptor';
import type { FallbackDescriber } from '../framework/confirm/confirm';
import type { ToolCallContext } from '../framework/pipeline/call-context';
import type { ToolDescriptor } from '../framework/registry/tool-descriptor';
import { safeRepr, safeText } from '../framework/validation/safe-repr';
import { serverKeyId, type TmuxEngine } from '../tmux/tmux-engine';
import { HierarchyService } from './hierarchy.service';
import { RunRegistry } from './run-registry.service';
import { TargetArgs, TargetResolver } from './target-resolver.service';
import type { Row } from './tmux-formats';
import { type ServerTargetArgs, TmuxServerPool } from './tmux-server-pool.service';

type Input = ServerTargetArgs & TargetArgs;

/** What a pane's description names besides its id: pane rows do not carry them. */
const WHERE = ['session_name', 'window_index', 'window_name'] as const;

/** A program that only waits at its prompt: listed as an idle shell, not as something running. */
const SHELL_RE = /^-?(?:ba|z|da|k|mk|tc|c|a|fi|yash|)sh$|^fish$/;
/** What a call types, as the question shows it (docs/reference/safety.md#confirmation): safe repr, 200 code points. */
export const shownText = (text: string): string => safeRepr(text, 200);
const name = (v: string): string => safeRepr(v, 200);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * What a tmux call will do, read from the live server, for the person asked to confirm it
 * (docs/reference/safety.md#confirmation): what is killed, with its windows, panes and what runs
 * in them; the pane text is typed into. Names and commands go through the safe repr. Tools call
 * it from their `describeCall`; it is also the framework's fallback describer for tools without
 * one, naming their target.
 */
@injectable()
export class CallDescriber implements FallbackDescriber {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly resolver: TargetResolver,
    private readonly hierarchy: HierarchyService,
    private readonly runs: RunRegistry,
  ) {}

  /** `Kill session 'build' on host 'lab': 3 windows, 5 panes (running: npm run dev, vim)`. */
  async killSession(engine: TmuxEngine, session: Row): Promise<string> {
    const panes = await this.hierarchy.panes(engine, { sessionId: session.session_id });
    const windows = new Set(panes.map((p) => p.window_id)).size;
    return `Kill session ${name(session.session_name)}${this.onHost(engine)}: ${plural(windows, 'window')}, ${plural(panes.length, 'pane')}${this.running(engine, panes)}`;
  }

  /** `Kill window 1 'editor' of session 'build': 2 panes (running: vim)`. */
  async killWindow(engine: TmuxEngine, window: Row): Promise<string> {
    const panes = await this.hierarchy.panes(engine, { windowId: window.window_id });
    return `Kill window ${this.windowName(window)} of session ${name(window.session_name)}${this.onHost(engine)}: ${plural(panes.length, 'pane')}${this.running(engine, panes)}`;
  }

  /** `Kill pane %3 (session 'build', window 1 'editor', running: vim)`. */
  async killPane(engine: TmuxEngine, pane: Row): Promise<string> {
    return `Kill ${this.pane(engine, await this.resolver.paneById(engine, pane.pane_id, WHERE))}`;
  }

  /** `Kill the tmux server 'work' on host 'lab': 2 sessions, 3 windows, 5 panes (running: vim)`. */
  async killServer(engine: TmuxEngine): Promise<string> {
    const panes = await this.hierarchy.panes(engine, { all: true });
    const sessions = new Set(panes.map((p) => p.session_id)).size;
    const windows = new Set(panes.map((p) => p.window_id)).size;
    const { socketName, socketPath } = engine.key;
    const which = socketPath ? ` at ${name(socketPath)}` : socketName ? ` ${name(socketName)}` : ' (default socket)';
    return `Kill the tmux server${which}${this.onHost(engine)}: ${plural(sessions, 'session')}, ${plural(windows, 'window')}, ${plural(panes.length, 'pane')}${this.running(engine, panes)}`;
  }

  /** `<what> in|into|to pane %3 (session 'build', window 1 'editor', running: bash)`: run_command, send_keys, paste. */
  async typing(input: Input, what: string, preposition = 'in'): Promise<string> {
    const engine = this.pool.engineOf(input);
    const pane = await this.resolver.pane(engine, input, WHERE);
    return `${what} ${preposition} ${this.pane(engine, pane)}`;
  }

  /** A tool without its own description: its name and arguments, and the target they resolve to now. */
  async describe(tool: ToolDescriptor, input: unknown, ctx: ToolCallContext): Promise<string> {
    void ctx;
    const base = genericSentence(tool, input);
    const a = (input ?? {}) as Input & Record<string, unknown>;
    try {
      const engine = this.pool.engineOf(a);
      if ('pane_id' in a) return `${base}, on ${this.pane(engine, await this.resolver.pane(engine, a, WHERE))}`;
      if ('window_id' in a) {
        const w = await this.resolver.window(engine, a);
        return `${base}, on window ${this.windowName(w)} of session ${name(w.session_name)}${this.onHost(engine)}`;
      }
      if ('session_name' in a || 'session_id' in a) {
        const s = await this.resolver.session(engine, a);
        return `${base}, on session ${name(s.session_name)}${this.onHost(engine)}`;
      }
      return `${base}${this.onHost(engine)}`;
    } catch {
      // A target that does not resolve (yet: create_session's new name) is left to the call itself.
      return base;
    }
  }

  private pane(engine: TmuxEngine, p: Row): string {
    return `pane ${p.pane_id} (session ${name(p.session_name)}, window ${this.windowName(p)}${this.onHost(engine) ? `, host ${name(engine.key.host!)}` : ''}, running: ${this.program(engine, p)})`;
  }

  private windowName(w: Row): string {
    return `${w.window_index} ${name(w.window_name)}`;
  }

  private onHost(engine: TmuxEngine): string {
    return engine.key.host ? ` on host ${name(engine.key.host)}` : '';
  }

  /** A run of this server names its command; anything else is tmux's pane_current_command. */
  private program(engine: TmuxEngine, p: Row): string {
    const run = this.runs.anyInFlight() ? this.runs.inFlight(serverKeyId(engine.key), p.pane_id) : undefined;
    return run ? safeText(run.run.command, 60) : safeText(p.pane_current_command || '?', 60);
  }

  /** ` (running: npm run dev, vim)`; idle shells are not listed. */
  private running(engine: TmuxEngine, panes: readonly Row[]): string {
    const programs = [...new Set(panes.map((p) => this.program(engine, p)).filter((c) => !SHELL_RE.test(c)))];
    return programs.length ? ` (running: ${programs.join(', ')})` : panes.length ? ' (only shells at their prompt)' : '';
  }
}
