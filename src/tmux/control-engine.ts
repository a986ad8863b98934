import { ControlCallNotStarted, ControlClient, ControlCloseInfo, controlArgv, EngineLogger } from './control-client';
import { needsSubprocess } from './control-routing';
import { EngineGate } from './engine-gate';
import type { ExecEngine } from './exec-engine';
import { PaneEventHub, PaneState } from './pane-events';
import { abortError, type ProcessRunner, withDeadline } from './process-runner';
import type { SshHost } from './ssh-host';
import { HostConnectionLost, isHostError, LibTmuxException, TmuxTimeout } from './tmux-errors';
import type { PaneEvent, RunOptions, TmuxEngine, TmuxServerKey } from './tmux-engine';

/** The engine states (docs/reference/engine.md#engine-states): subprocesses, a control client attached, or waiting to re-attach. */
export type ControlEngineState = 'exec' | 'attached' | 'reconnecting';

export interface ControlEngineOptions {
  readonly logger: EngineLogger;
  /** Starts every process of the engine on the key's host (docs/reference/engine.md#processes). */
  readonly runner: ProcessRunner;
  /** The subprocess engine of the same key, for fallbacks (built by the engine factory). */
  readonly exec: ExecEngine;
  /** From `exec`, attach again at most this often (docs/reference/engine.md#engine-states: once a second). */
  readonly retryMs?: number;
  /** Event sources without subscribers go quiet after this long (docs/reference/engine.md#event-clients: 30 s). */
  readonly eventIdleMs?: number;
  /** How long attaching may take before the call falls back to a subprocess (default: the command deadline). */
  readonly attachTimeoutMs?: number;
}

/** Never resize anything (ignore-size); output only while a pane is watched (see PaneEventHub);
 *  if we fall 1 s behind on a pane tmux pauses it for us instead of buffering without bound. */
const COMMAND_FLAGS = 'ignore-size,no-output,pause-after=1';
const EVENT_FLAGS = 'ignore-size,pause-after=1';
const SEP = '\u001f';
const PANE_FORMAT = `#{pane_id}${SEP}#{session_id}${SEP}#{pane_dead}${SEP}#{pane_pid}`;

/** The session a call names with `-t $N`: the engine attaches there first (docs/reference/engine.md#engine-states). */
function targetSession(args: readonly string[]): string | null {
  const i = args.indexOf('-t');
  const t = i > 0 ? args[i + 1] : undefined;
  return t && /^\$\d+$/.test(t) ? t : null;
}

function parsePanes(lines: readonly string[]): Map<string, PaneState[]> {
  const map = new Map<string, PaneState[]>();
  for (const line of lines) {
    const [id, session, dead, pid] = line.split(SEP);
    const list = map.get(id) ?? [];
    list.push({ session, dead: dead === '1', pid: pid ?? '' });
    map.set(id, list);
  }
  return map;
}

/**
 * The control-mode engine (docs/architecture.md#engine-states,
 * docs/reference/engine.md#control-engine): one hidden `tmux -C` client per tmux server, attached
 * lazily on the first call, pipelining commands; subprocesses when tmux has no session to attach
 * to, for commands that must not run on the connection, and after close.
 */
export class ControlEngine implements TmuxEngine {
  readonly hasEvents = true;
  readonly runner: ProcessRunner;
  private readonly exec: ExecEngine;
  private readonly log: EngineLogger;
  private readonly hub: PaneEventHub;
  private readonly gate = new EngineGate();
  /** Every client process we started that has not exited yet (command and event clients). */
  private readonly live = new Set<ControlClient>();
  /** Pids of our clients that exited: tmux must have dropped them before we attach again. */
  private readonly departed = new Set<number>();
  private main: { client: ControlClient; session: string } | null = null;
  private connecting: Promise<ControlClient | null> | null = null;
  private lastAttempt = -Infinity;
  private current: ControlEngineState = 'exec';
  private lastMode: 'exec' | 'control' = 'exec';
  private closed = false;

  constructor(
    readonly key: TmuxServerKey,
    private readonly opts: ControlEngineOptions,
  ) {
    this.runner = opts.runner;
    this.exec = opts.exec;
    this.log = opts.logger;
    this.hub = new PaneEventHub(
      {
        logger: this.log,
        paneState: (id) => this.paneState(id),
        allPanes: async () => parsePanes(await this.run(['list-panes', '-a', '-F', PANE_FORMAT])),
        mainClient: () => (this.main && !this.main.client.exited ? this.main : null),
        openEventClient: (session, onNotification, onClose) =>
          this.startClient(session, EVENT_FLAGS, `event client ${session}`, onNotification, (info, client) => {
            this.hostLost(info);
            onClose(client);
          }),
        closeEventClient: (client) => this.gate.exclusive(() => client.close()),
      },
      opts.eventIdleMs,
    );
  }

  /** What served the last call. */
  get mode(): 'exec' | 'control' {
    return this.lastMode;
  }

  /** The engine state (docs/reference/engine.md#engine-states), for logs and tests. */
  get state(): ControlEngineState {
    return this.current;
  }

  /** Pids of the live tmux client processes this engine started (for tests). */
  clientPids(): number[] {
    const main = this.main?.client;
    const all = [...this.live].sort((a, b) => Number(b === main) - Number(a === main));
    return all.flatMap((c) => (c.pid && !c.exited ? [c.pid] : []));
  }

  argvPrefix(): string[] {
    return this.exec.argvPrefix();
  }

  run(args: readonly string[], opts?: RunOptions): Promise<string[]> {
    if (args[0] === 'respawn-pane') return this.respawn(args, opts);
    return this.runOne(args, opts);
  }

  private runOne(args: readonly string[], opts?: RunOptions): Promise<string[]> {
    const client = this.attached([args], opts);
    if (client)
      return this.onAttached(
        client,
        args,
        opts,
        (c, o) => c.send(args, o),
        (o) => this.exec.run(args, o),
      );
    return this.bounded(opts, (o) =>
      this.dispatch(
        args,
        o,
        (client) => client.send(args, o),
        () => this.exec.run(args, o),
        true,
      ),
    );
  }

  /**
   * `respawn-pane` with the pane paused on every client of ours (docs/reference/engine.md#respawn-guard).
   * tmux before 3.6b crashes (the whole server, every session) when a pane is respawned while a
   * control client has not yet been sent all of its output: the respawn replaces the pane's
   * buffer but keeps the offsets into the old one, and the next read of the new process runs
   * past the end (tmux issue 5499). A paused pane holds nothing of the buffer (its queued output
   * is dropped), so each client pauses it first, the respawn runs, and the pane continues.
   */
  private async respawn(args: readonly string[], opts?: RunOptions): Promise<string[]> {
    const at = args.indexOf('-t');
    const paneId = at > 0 ? args[at + 1] : undefined;
    const clients = [...this.live].filter((c) => c.attached);
    if (!paneId?.startsWith('%') || clients.length === 0) return this.runOne(args, opts);
    this.hub.hold(paneId);
    try {
      // Each pause is that client's own command: awaited, it has run before the respawn is sent.
      await Promise.all(clients.map((c) => c.send(['refresh-client', '-A', `${paneId}:pause`], opts).catch(() => undefined)));
      return await this.runOne(args, opts);
    } finally {
      this.hub.release(paneId);
      for (const c of clients) if (!c.exited) c.send(['refresh-client', '-A', `${paneId}:continue`]).catch(() => undefined);
    }
  }

  /**
   * A batch: pipelined on the control client (written back to back, one round trip); while the
   * engine runs on subprocesses, one subprocess for the whole batch.
   */
  async runList(commands: readonly (readonly string[])[], opts?: RunOptions): Promise<string[][]> {
    if (commands.length === 1) return [await this.run(commands[0], opts)];
    const attached = this.attached(commands, opts);
    if (attached && !opts?.atomic) return Promise.all(commands.map((c) => this.run(c, opts)));
    if (attached)
      return this.onAttached(
        attached,
        commands[0],
        opts,
        (c, o) => c.sendList(commands, o),
        (o) => this.exec.runList(commands, o),
      );
    return this.bounded(opts, async (o) => {
      const client = this.closed || commands.some((c) => needsSubprocess(c, o.briefJob)) ? null : await this.connect(commands[0]);
      // One command list on one line (docs/reference/engine.md#command-batches): nothing runs in
      // between and a failure stops it; a subprocess's list (below) behaves the same.
      if (client && o.atomic)
        return this.dispatch(
          commands[0],
          o,
          (c) => c.sendList(commands, o),
          () => this.exec.runList(commands, o),
          true,
        );
      if (client) return Promise.all(commands.map((c) => this.run(c, o)));
      await this.gate.enter();
      try {
        const out = await this.exec.runList(commands, o);
        this.lastMode = 'exec';
        return out;
      } finally {
        this.gate.leave();
      }
    });
  }

  /**
   * Raw stdout. Each control-mode output line is one line of the subprocess's stdout, so
   * joining them with `\n` terminators is exact; `show-buffer` (the one command whose bytes
   * differ in control mode: it escapes them) always runs as a subprocess.
   */
  runRaw(args: readonly string[], opts?: RunOptions): Promise<string> {
    const raw = async (c: ControlClient, o: RunOptions) => (await c.send(args, o)).map((l) => `${l}\n`).join('');
    const client = this.attached([args], opts);
    if (client) return this.onAttached(client, args, opts, raw, (o) => this.exec.runRaw(args, o));
    return this.bounded(opts, (o) =>
      this.dispatch(
        args,
        o,
        (c) => raw(c, o),
        () => this.exec.runRaw(args, o),
        true,
      ),
    );
  }

  /** Output wake-ups, and the loss of the host's connection (docs/reference/engine.md#connection-loss). */
  onPaneEvent(paneId: string, listener: (ev: PaneEvent) => void): () => void {
    const off = this.hub.subscribe(paneId, listener);
    const offLost = this.runner.onLost(this.key.host, (error) => listener({ paneId, kind: 'lost', error }));
    return () => {
      off();
      offLost();
    };
  }

  /** Output bytes of a pane (docs/reference/engine.md#in-band-run-end); a lost connection loses bytes. */
  tapOutput(paneId: string, onData: (data: string | null) => void): { readonly ready: Promise<boolean>; off(): void } {
    const tap = this.hub.tap(paneId, onData);
    const offLost = this.runner.onLost(this.key.host, () => onData(null));
    return {
      ready: tap.ready,
      off: () => {
        tap.off();
        offLost();
      },
    };
  }

  /**
   * The attached command client, when a call can be written to it at once: the engine is open
   * and attached, no client starts or stops (EngineGate), no stdin is to be passed and every
   * command runs on the connection. `bounded` and `dispatch` reach the same client, after a few
   * turns of the microtask queue and with an abort controller and a deadline timer of their own:
   * per command ~0.05 ms and ~3 KB that a call pays before tmux hears of it (bench/RESULTS.md,
   * 2026-11-28; docs/reference/engine.md#engine-states).
   */
  private attached(commands: readonly (readonly string[])[], opts: RunOptions | undefined): ControlClient | null {
    const client = this.main?.client;
    if (!client || client.exited || this.closed || !this.gate.open || opts?.input !== undefined) return null;
    for (const c of commands) if (needsSubprocess(c, opts?.briefJob)) return null;
    return client;
  }

  /**
   * A call on the attached client: written straight to it, and where that cannot answer, the
   * bounded path that may reconnect or fall back to a subprocess (`send` for either client).
   */
  private onAttached<T>(
    client: ControlClient,
    first: readonly string[],
    opts: RunOptions | undefined,
    send: (c: ControlClient, o: RunOptions) => Promise<T>,
    viaExec: (o: RunOptions) => Promise<T>,
  ): Promise<T> {
    return this.direct(
      opts,
      (o) => send(client, o),
      (o) =>
        this.bounded(o, (b) =>
          this.dispatch(
            first,
            b,
            (c) => send(c, b),
            () => viaExec(b),
            false,
          ),
        ),
    );
  }

  /**
   * A call on the attached client (see `attached`). The client's own timer is the call's
   * deadline (docs/reference/configuration.md#command-deadline: TmuxTimeout after the whole
   * limit) and the caller's signal cancels it, as on the other path. A client that left before
   * tmux ran the call (ControlCallNotStarted) is left behind: the call runs once more through
   * `slow` (which reconnects or uses a subprocess) within what is left of the deadline, as
   * `dispatch` retries it.
   */
  private async direct<T>(
    opts: RunOptions | undefined,
    send: (o: RunOptions) => Promise<T>,
    slow: (o: RunOptions) => Promise<T>,
  ): Promise<T> {
    const limit = opts?.timeoutMs ?? this.runner.commandTimeoutMs;
    const t0 = performance.now();
    this.gate.enterNow();
    try {
      const out = await send(opts ? { ...opts, timeoutMs: limit } : { timeoutMs: limit });
      this.lastMode = 'control';
      return out;
    } catch (err) {
      if (!(err instanceof ControlCallNotStarted)) throw err;
    } finally {
      this.gate.leave();
    }
    try {
      return await slow({ ...opts, timeoutMs: Math.max(1, limit - (performance.now() - t0)) });
    } catch (err) {
      // The deadline is the call's, not the remainder handed to the retry.
      throw err instanceof TmuxTimeout ? new TmuxTimeout(limit / 1000) : err;
    }
  }

  /**
   * One deadline for the whole call, connecting and queueing included
   * (docs/reference/configuration.md#command-deadline): when it passes, the call fails with
   * TmuxTimeout and its process or pending reply is abandoned through the signal.
   */
  private bounded<T>(opts: RunOptions | undefined, fn: (o: RunOptions) => Promise<T>): Promise<T> {
    const limit = opts?.timeoutMs ?? this.runner.commandTimeoutMs;
    const outer = opts?.signal;
    if (outer?.aborted) return Promise.reject(abortError(outer));
    const ac = new AbortController();
    const t0 = performance.now();
    const remaining = () => Math.max(1, limit - (performance.now() - t0));
    const work = fn({
      ...opts,
      signal: ac.signal,
      get timeoutMs() {
        return remaining();
      },
    });
    return withDeadline(work, limit, outer).catch((e: Error) => {
      ac.abort(outer?.reason);
      // An inner deadline (the remainder handed down) fires a hair before ours: name the call's own.
      throw e instanceof TmuxTimeout ? new TmuxTimeout(limit / 1000) : e;
    });
  }

  /** Detaches every client and waits until their processes are gone. */
  async close(): Promise<void> {
    this.closed = true;
    await this.connecting?.catch(() => undefined);
    await this.gate.exclusive(async () => {
      // Exclusive: no client is starting now, and any start queued behind us sees `closed`.
      this.main = null;
      this.current = 'exec';
      this.hub.close();
      await Promise.all([...this.live].map((c) => c.close()));
    });
  }

  /** `args`: the (first) command, which decides the routing and the session to attach to. */
  private async dispatch<T>(
    args: readonly string[],
    opts: RunOptions | undefined,
    viaClient: (client: ControlClient) => Promise<T>,
    viaExec: () => Promise<T>,
    mayRetry: boolean,
  ): Promise<T> {
    // stdin input only reaches a subprocess (a control client's stdin is its command stream).
    const client = this.closed || needsSubprocess(args, opts?.briefJob) || opts?.input !== undefined ? null : await this.connect(args);
    await this.gate.enter();
    try {
      if (!client) {
        const out = await viaExec();
        this.lastMode = 'exec';
        return out;
      }
      const out = await viaClient(client);
      this.lastMode = 'control';
      return out;
    } catch (err) {
      // The client left in order (its session was killed…) before tmux ran this call: run it
      // on the next connection (or a subprocess) once; it never ran, so this is not a repeat.
      if (!(err instanceof ControlCallNotStarted && mayRetry)) throw err;
    } finally {
      this.gate.leave();
    }
    return this.dispatch(args, opts, viaClient, viaExec, false);
  }

  private connect(args: readonly string[]): Promise<ControlClient | null> {
    if (this.main && !this.main.client.exited) return Promise.resolve(this.main.client);
    if (this.connecting) return this.connecting;
    if (this.current === 'exec' && Date.now() - this.lastAttempt < (this.opts.retryMs ?? 1000)) return Promise.resolve(null);
    this.connecting = this.attach(args).finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async attach(args: readonly string[]): Promise<ControlClient | null> {
    this.lastAttempt = Date.now();
    let sessions: string[];
    try {
      // Never let attach-session pick or create anything: choose an existing session id.
      sessions = await this.exec.run(['list-sessions', '-F', '#{session_id}']);
    } catch (err) {
      // A remote host that cannot be reached (or has no tmux), or a tmux that does not answer,
      // fails the call now: the same command as a subprocess would only fail the same way after
      // another attempt.
      if (isHostError(err) || err instanceof TmuxTimeout) {
        this.lastAttempt = -Infinity;
        throw err;
      }
      sessions = [];
    }
    if (sessions.length === 0) return this.toExec('no tmux server or no session to attach to');
    const wanted = targetSession(args);
    const session = wanted && sessions.includes(wanted) ? wanted : sessions[0];
    let client: ControlClient;
    try {
      client = await this.startClient(
        session,
        COMMAND_FLAGS,
        `control client ${session}`,
        (line, c) => this.hub.notify(session, c, line),
        (info, c) => this.onMainClose(c, info),
      );
    } catch (err) {
      if (isHostError(err)) {
        this.lastAttempt = -Infinity;
        throw err;
      }
      return this.toExec(`could not attach to ${session}: ${(err as Error).message}`);
    }
    if (this.closed) {
      await this.gate.exclusive(() => client.close());
      return null;
    }
    this.main = { client, session };
    this.current = 'attached';
    this.log.info(`attached control client (pid ${client.pid}) to session ${session}`);
    return client;
  }

  /** Starts a client alone (see EngineGate) and resolves once tmux has attached it. */
  private startClient(
    session: string,
    flags: string,
    label: string,
    onNotification: (line: string, client: ControlClient) => void,
    onClose: (info: ControlCloseInfo, client: ControlClient) => void,
  ): Promise<ControlClient> {
    return this.gate.exclusive(async () => {
      if (this.closed) throw new LibTmuxException('engine closed');
      await this.awaitDeparted();
      // A remote client's environment is set on the remote side (TERM through `env`); $TMUX is ours only.
      const argv = controlArgv(this.exec.argvPrefix(), session, flags, this.key.host === null ? process.env : {});
      const started = await this.runner.start(this.key, argv, { engineClient: true, stdin: 'pipe' });
      const client: ControlClient = new ControlClient({
        process: started,
        timeoutMs: this.runner.commandTimeoutMs,
        logger: this.log,
        label,
        onNotification: (line) => onNotification(line, client),
        onClose: (info) => {
          this.live.delete(client);
          if (client.pid) this.departed.add(client.pid);
          onClose(info, client);
        },
      });
      this.live.add(client);
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          client.ready,
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new LibTmuxException('attach timed out')),
              this.opts.attachTimeoutMs ?? this.runner.commandTimeoutMs,
            );
          }),
        ]);
      } catch (err) {
        await client.close();
        throw err;
      } finally {
        clearTimeout(timer);
      }
      return client;
    });
  }

  /**
   * Waits until tmux has dropped our exited clients: their `%client-detached` broadcast must
   * not meet the next client's start (EngineGate). Bounded; list-clients runs as a subprocess.
   */
  private async awaitDeparted(): Promise<void> {
    for (let i = 0; i < 100 && this.departed.size > 0; i++) {
      let pids: Set<string>;
      try {
        pids = new Set(await this.exec.run(['list-clients', '-F', '#{client_pid}']));
      } catch {
        pids = new Set(); // no server: nothing left to drop
      }
      for (const pid of [...this.departed]) if (!pids.has(String(pid))) this.departed.delete(pid);
      if (this.departed.size > 0) await new Promise((r) => setTimeout(r, 5));
    }
    this.departed.clear();
  }

  private toExec(why: string): null {
    if (this.current !== 'exec') this.log.info(`using subprocesses: ${why}`);
    else this.log.debug(`using subprocesses: ${why}`);
    this.current = 'exec';
    return null;
  }

  private onMainClose(client: ControlClient, info: ControlCloseInfo): void {
    this.hostLost(info);
    if (this.main?.client !== client) return;
    this.main = null;
    this.hub.mainLost();
    if (info.byUs || this.closed) return;
    this.current = 'reconnecting';
    // A killed session or a detach ends with %exit: routine, so no warning
    // (docs/reference/engine.md#engine-states).
    if (info.orderly) this.log.info(`control client left its session (${info.reason || 'exit'}); re-attaching on the next call`);
    else this.log.warn(`lost the tmux control connection (${info.reason || 'no reason given'}); the next call reconnects`);
  }

  /** A client that died with the host's connection tells the runner, which tells every waiter. */
  private hostLost(info: ControlCloseInfo): void {
    if (info.hostFailure instanceof HostConnectionLost && this.key.host !== null)
      this.runner.lost(this.runner.hostOf(this.key) as SshHost, info.hostFailure);
  }

  private async paneState(paneId: string): Promise<PaneState | null> {
    // list-panes, not display-message: display-message falls back to another pane when its
    // target does not exist, which would bind a missing pane to some session.
    let lines: string[];
    try {
      lines = await this.run(['list-panes', '-t', paneId, '-F', PANE_FORMAT]);
    } catch (err) {
      if (err instanceof LibTmuxException && /can't find/.test(err.message)) return null;
      throw err;
    }
    return parsePanes(lines).get(paneId)?.[0] ?? null;
  }
}
