import type { ControlClient, EngineLogger } from './control-client';
import type { PaneEvent } from './tmux-engine';

/** What a pane looks like to the hub (docs/reference/engine.md#output-events: events only wake; readers re-capture). */
export interface PaneState {
  readonly session: string;
  readonly dead: boolean;
  readonly pid: string;
}

/** What the hub needs from its engine. */
export interface PaneEventSource {
  /** The pane's state, null when it does not exist; throws when tmux is unreachable. */
  paneState(paneId: string): Promise<PaneState | null>;
  /** Every pane of the server, keyed by pane id (one entry per session it is linked in). */
  allPanes(): Promise<Map<string, PaneState[]>>;
  /** The command client and its session, when attached: its session's output comes on it. */
  mainClient(): { readonly client: ControlClient; readonly session: string } | null;
  /** Attaches a hidden event client to another session; resolves once it is attached. */
  openEventClient(
    session: string,
    onNotification: (line: string, client: ControlClient) => void,
    onClose: (client: ControlClient) => void,
  ): Promise<ControlClient>;
  /** Detaches an event client (serialized with the engine's other client starts/stops). */
  closeEventClient(client: ControlClient): Promise<void>;
  readonly logger: EngineLogger;
}

type Listener = (ev: PaneEvent) => void;

/**
 * Switches the command client's output off without wedging it (docs/reference/engine.md#output-off):
 * tmux 3.3a's `refresh-client -f no-output` forgets the output it had queued for the client
 * without freeing it, and every later line to the client (command replies too) waits behind it
 * for good. Pausing a pane drops its queued output properly, so every pane of the session is
 * paused first, in the same command list (tmux reads no pane output in between). The pane
 * argument is quoted: an unquoted word starting with `%` is a parse directive to tmux.
 */
const OUTPUT_OFF = "#{W:#{P:refresh-client -A '#{pane_id}:pause' ; }}refresh-client -f no-output";

/**
 * A tap on a pane's output bytes (docs/reference/engine.md#in-band-run-end): each `%output` of
 * the pane, decoded; null when bytes may have been missed (paused, the source re-bound, closed).
 */
export type OutputTap = (data: string | null) => void;

/** A tap, and whether output of its pane reaches this server from now on (false: it cannot). */
export interface OutputTapHandle {
  readonly ready: Promise<boolean>;
  off(): void;
}

/** `%output %N <data>` / `%extended-output %N <age> … : <data>`: the data, still escaped. */
function outputData(line: string): string | null {
  if (line.startsWith('%output ')) {
    const sp = line.indexOf(' ', 8);
    return sp < 0 ? '' : line.slice(sp + 1);
  }
  const colon = line.indexOf(' : ');
  return colon < 0 ? null : line.slice(colon + 3);
}

/** Control mode escapes bytes below 32 and `\\` as three octal digits (tmux control.c). */
export const decodeOutput = (data: string): string =>
  data.includes('\\') ? data.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8))) : data;

/** Where one session's `%output` comes from: the command client or an event client. */
interface Source {
  readonly main: boolean;
  readonly client: Promise<ControlClient | null>;
  readonly panes: Set<string>;
  idle?: NodeJS.Timeout;
  /** The command client attaches with `no-output` and turns output on only while needed. */
  outputOn: boolean;
  /** Settles once the command client's output is on (true) or could not be turned on. */
  outputReady?: Promise<boolean>;
  /**
   * Panes this source's client holds paused while nobody watches them (see quiet): a watch
   * continues its pane first. A pane continued by someone else (the respawn guard) may still be
   * listed; continuing a pane that is not paused does nothing.
   */
  readonly paused: Set<string>;
}

/** Notifications after which a subscribed pane may be gone, dead, respawned or moved. */
const STRUCTURAL = /^%(layout-change|window-close|unlinked-window-close|sessions-changed|window-add|unlinked-window-add)( |$)/;

function outputPane(line: string): string | null {
  if (!line.startsWith('%output ') && !line.startsWith('%extended-output ')) return null;
  const start = line.indexOf(' ') + 1;
  const end = line.indexOf(' ', start);
  return end < 0 ? line.slice(start) : line.slice(start, end);
}

/**
 * Pane wake-ups from `%output` (never `pipe-pane`: it belongs to the user,
 * docs/reference/engine.md#event-clients). `%output` covers only a client's own session: panes in
 * the command client's session use it (output switched on only while someone listens), other
 * sessions get a lazily attached event client. Either goes quiet after `idleMs` without
 * subscribers.
 */
export class PaneEventHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly taps = new Map<string, Set<OutputTap>>();
  /** Panes whose source is live (output reaches us), and who waits for that. */
  private readonly live = new Set<string>();
  private readonly liveWaiters = new Map<string, Array<(ok: boolean) => void>>();
  private readonly bound = new Map<string, PaneState>();
  private readonly sources = new Map<string, Source>();
  private readonly dirty = new Set<string>();
  /** Panes paused on our clients for a respawn, with how many respawns hold each (see hold). */
  private readonly held = new Map<string, number>();
  private flushQueued = false;
  private checking = false;
  private recheck = false;
  private closed = false;

  constructor(
    private readonly src: PaneEventSource,
    private readonly idleMs = 30_000,
  ) {}

  subscribe(paneId: string, listener: Listener): () => void {
    if (this.closed) return () => undefined;
    let set = this.listeners.get(paneId);
    if (!set) {
      set = new Set();
      this.listeners.set(paneId, set);
      void this.bind(paneId);
    }
    set.add(listener);
    const mine = set;
    return () => {
      mine.delete(listener);
      if (mine.size === 0 && this.listeners.get(paneId) === mine) {
        this.listeners.delete(paneId);
        this.unbind(paneId);
      }
    };
  }

  /**
   * Taps a pane's output bytes (docs/reference/engine.md#in-band-run-end). `ready` resolves true
   * once the pane's source is live (every byte tmux reads from the pane after that reaches the
   * tap), false when it cannot be (the pane is gone, no client could attach, the hub closed).
   */
  tap(paneId: string, onData: OutputTap): OutputTapHandle {
    if (this.closed) return { ready: Promise.resolve(false), off: () => undefined };
    let set = this.taps.get(paneId);
    if (!set) this.taps.set(paneId, (set = new Set()));
    set.add(onData);
    const mine = set;
    let waiter: ((ok: boolean) => void) | undefined;
    const ready = this.live.has(paneId)
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) => {
          waiter = resolve;
          this.liveWaiters.set(paneId, [...(this.liveWaiters.get(paneId) ?? []), resolve]);
        });
    // A listener keeps the pane bound; its wake-ups are not this tap's business.
    const offWake = this.subscribe(paneId, () => undefined);
    return {
      ready,
      off: () => {
        mine.delete(onData);
        if (mine.size === 0 && this.taps.get(paneId) === mine) this.taps.delete(paneId);
        offWake();
        // A tap given up before its pane went live (a run that fell back to the pipe) waits no more.
        const waiting = this.liveWaiters.get(paneId);
        if (waiter && waiting?.includes(waiter)) {
          const rest = waiting.filter((w) => w !== waiter);
          if (rest.length) this.liveWaiters.set(paneId, rest);
          else this.liveWaiters.delete(paneId);
          waiter(false);
        }
      },
    };
  }

  private tapLost(paneId: string): void {
    for (const t of [...(this.taps.get(paneId) ?? [])]) t(null);
  }

  private setLive(paneId: string, ok: boolean): void {
    if (ok) this.live.add(paneId);
    else this.live.delete(paneId);
    const waiters = this.liveWaiters.get(paneId);
    if (!waiters) return;
    this.liveWaiters.delete(paneId);
    for (const w of waiters) w(ok);
  }

  /** Feeds a notification line from the client that serves `session`. */
  notify(session: string, client: ControlClient, line: string): void {
    const paneId = outputPane(line);
    if (paneId !== null) {
      const taps = this.taps.get(paneId);
      // Only from the pane's own source: a window linked into two watched sessions (or a session
      // group) reaches us through both clients, and a tap must see each byte once.
      if (taps && this.live.has(paneId) && this.bound.get(paneId)?.session === session) {
        const data = outputData(line);
        const bytes = data === null ? null : decodeOutput(data);
        for (const t of [...taps]) t(bytes);
      }
      if (this.listeners.has(paneId)) this.queue(paneId);
      else this.quiet(session, client, paneId);
    } else if (line.startsWith('%pause ')) {
      // pause-after stopped this pane's output to us (we fell behind): resume it if someone
      // watches it, and wake the waiters, since what was skipped can only be seen by a fresh capture.
      const id = line.slice(7);
      const s = this.sources.get(session);
      // A pane held for a respawn stays paused until the respawn is done (release continues it);
      // one paused by switching output off (retire) has nothing to resume; one nobody watches
      // stays paused until a watch begins (docs/reference/engine.md#quiet-panes).
      if (s && !this.held.has(id)) {
        if (!this.listeners.has(id)) s.paused.add(id);
        else if (s.outputOn) client.send(['refresh-client', '-A', `${id}:continue`]).catch(() => undefined);
      }
      // Only a tap that was promised this client's bytes lost any.
      if (this.live.has(id) && this.bound.get(id)?.session === session) this.tapLost(id);
      if (this.listeners.has(id)) this.queue(id);
    } else if (STRUCTURAL.test(line) && this.sources.has(session)) {
      this.scheduleCheck();
    }
  }

  /**
   * Keeps `%pause` of a pane from being continued until `release` (docs/reference/engine.md#respawn-guard):
   * the engine pauses the pane on its clients for a respawn, and a pause continued before the
   * respawn ran would let a client hold the pane's output again. Counted: respawns may overlap.
   */
  hold(paneId: string): void {
    this.held.set(paneId, (this.held.get(paneId) ?? 0) + 1);
  }

  release(paneId: string): void {
    const n = (this.held.get(paneId) ?? 1) - 1;
    if (n > 0) this.held.set(paneId, n);
    else {
      this.held.delete(paneId);
      // The engine continues the pane on every client once its respawn ran; printing unwatched,
      // it is paused again (quiet).
      for (const s of this.sources.values()) s.paused.delete(paneId);
    }
  }

  /**
   * A pane nobody watches (no listener; a tap is one too) printed to us: pause it on that client
   * (docs/reference/engine.md#quiet-panes).
   * While a client's output is on, every pane of its session prints to it, and a pane printing
   * faster than we read keeps up to a second of output queued ahead of the client's command
   * replies. A pause drops what tmux had queued of the pane and sends no more of it; a watch that
   * begins continues it (bind). Held panes are the respawn guard's.
   */
  private quiet(session: string, client: ControlClient, paneId: string): void {
    const s = this.sources.get(session);
    if (!s || s.paused.has(paneId) || this.held.has(paneId)) return;
    s.paused.add(paneId);
    client.send(['refresh-client', '-A', `${paneId}:pause`]).catch(() => undefined);
  }

  /** The command client went away: its panes are re-bound (the next call re-attaches). */
  mainLost(): void {
    for (const [session, s] of this.sources) if (s.main) this.dropSource(session, s);
  }

  /** An event client ended on its own (session killed, detached, server gone). */
  private eventClientLost(session: string, client: ControlClient): void {
    const s = this.sources.get(session);
    if (!s || s.main) return;
    void s.client.then((c) => {
      if (c === client && this.sources.get(session) === s) this.dropSource(session, s);
    });
  }

  private dropSource(session: string, s: Source): void {
    this.sources.delete(session);
    if (s.idle) clearTimeout(s.idle);
    if (this.closed) return;
    for (const paneId of s.panes) {
      this.bound.delete(paneId);
      this.live.delete(paneId);
      this.tapLost(paneId);
      this.emit(paneId, 'closed');
      if (this.listeners.has(paneId)) void this.bind(paneId);
    }
  }

  /** Ends the stream: subscribers hear `closed`. The engine stops the clients themselves. */
  close(): void {
    this.closed = true;
    for (const id of this.taps.keys()) this.tapLost(id);
    for (const ws of this.liveWaiters.values()) for (const w of ws) w(false);
    this.liveWaiters.clear();
    this.live.clear();
    for (const id of this.listeners.keys()) this.emit(id, 'closed');
    this.listeners.clear();
    this.bound.clear();
    for (const s of this.sources.values()) if (s.idle) clearTimeout(s.idle);
    this.sources.clear();
  }

  private emit(paneId: string, kind: PaneEvent['kind']): void {
    for (const l of [...(this.listeners.get(paneId) ?? [])]) {
      try {
        l({ paneId, kind });
      } catch (err) {
        this.src.logger.warn(`pane event listener failed: ${String(err)}`);
      }
    }
  }

  private async bind(paneId: string): Promise<void> {
    let state: PaneState | null;
    try {
      state = await this.src.paneState(paneId);
    } catch {
      this.setLive(paneId, false);
      return this.emit(paneId, 'closed'); // no server: nothing will ever print
    }
    if (this.closed || !this.listeners.has(paneId)) return this.setLive(paneId, false);
    if (!state) {
      this.setLive(paneId, false);
      return this.emit(paneId, 'exited');
    }
    this.bound.set(paneId, state);
    const s = this.source(state.session);
    s.panes.add(paneId);
    if (s.idle) clearTimeout(s.idle);
    s.idle = undefined;
    const client = await s.client;
    if (!client || this.closed) return this.setLive(paneId, false);
    if (s.main && !s.outputOn) {
      s.outputOn = true;
      s.outputReady = client.send(['refresh-client', '-f', '!no-output']).then(
        () => true,
        () => false,
      );
    }
    let on = await (s.outputReady ?? Promise.resolve(true));
    // A pane left paused while nobody watched it (quiet) prints to us again once continued; one
    // held for a respawn is continued by the engine when the respawn ran.
    if (on && !this.held.has(paneId) && s.paused.delete(paneId))
      on = await client.send(['refresh-client', '-A', `${paneId}:continue`]).then(
        () => true,
        () => false,
      );
    if (this.sources.get(state.session) === s && s.panes.has(paneId)) this.setLive(paneId, on);
    else this.setLive(paneId, false);
    // Output printed before this source was live produced no event: wake once to re-check.
    if (this.listeners.has(paneId)) this.emit(paneId, 'output');
  }

  private source(session: string): Source {
    const existing = this.sources.get(session);
    if (existing) return existing;
    const main = this.src.mainClient();
    let s: Source;
    if (main && main.session === session) {
      s = { main: true, client: Promise.resolve(main.client), panes: new Set(), outputOn: false, paused: new Set() };
    } else {
      const opened = this.src
        .openEventClient(
          session,
          (line, client) => this.notify(session, client, line),
          (client) => this.eventClientLost(session, client),
        )
        .catch((err: Error) => {
          this.src.logger.debug(`no event client for ${session}: ${err.message}`);
          if (this.sources.get(session) === s) this.dropSource(session, s);
          return null;
        });
      s = { main: false, client: opened, panes: new Set(), outputOn: true, paused: new Set() };
    }
    this.sources.set(session, s);
    return s;
  }

  private unbind(paneId: string): void {
    const st = this.bound.get(paneId);
    this.bound.delete(paneId);
    this.live.delete(paneId);
    const s = st && this.sources.get(st.session);
    if (!s) return;
    s.panes.delete(paneId);
    if (s.panes.size > 0 || s.idle) return;
    s.idle = setTimeout(() => void this.retire(st.session, s), this.idleMs);
    s.idle.unref();
  }

  /** No subscriber for idleMs: the command client stops output, an event client detaches. */
  private async retire(session: string, s: Source): Promise<void> {
    if (this.sources.get(session) !== s || s.panes.size > 0) return;
    this.sources.delete(session);
    const client = await s.client;
    if (!client || client.exited) return;
    if (s.main) {
      s.outputOn = false;
      s.outputReady = undefined;
      await client.send(['run-shell', '-C', OUTPUT_OFF]).catch(() => undefined);
    } else await this.src.closeEventClient(client);
  }

  /** Coalesces a burst of %output lines (one stdout chunk) into one event per pane. */
  private queue(paneId: string): void {
    this.dirty.add(paneId);
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      const ids = [...this.dirty];
      this.dirty.clear();
      for (const id of ids) this.emit(id, 'output');
    });
  }

  /** Re-reads the subscribed panes after a structural change; one check at a time. */
  private scheduleCheck(): void {
    if (this.checking) {
      this.recheck = true;
      return;
    }
    this.checking = true;
    void this.check().finally(() => {
      this.checking = false;
      if (this.recheck && !this.closed) {
        this.recheck = false;
        this.scheduleCheck();
      }
    });
  }

  private async check(): Promise<void> {
    if (this.bound.size === 0) return;
    let all: Map<string, PaneState[]>;
    try {
      all = await this.src.allPanes();
    } catch {
      return; // the server is going away; the clients' close reports it
    }
    // Quiet panes that are gone are forgotten: a source that is always watched would keep them.
    for (const s of this.sources.values()) for (const id of s.paused) if (!all.has(id)) s.paused.delete(id);
    for (const [paneId, was] of [...this.bound]) {
      const now = all.get(paneId);
      if (!now) {
        this.unbind(paneId);
        this.emit(paneId, 'exited');
        continue;
      }
      const here = now.find((s) => s.session === was.session) ?? now[0];
      if (here.dead && !was.dead) this.emit(paneId, 'exited');
      else if (here.pid !== was.pid && !here.dead) this.emit(paneId, 'respawned');
      if (here.session === was.session) {
        this.bound.set(paneId, here);
      } else {
        // Moved to another session (move-window, join-pane): follow it.
        this.unbind(paneId);
        this.tapLost(paneId);
        void this.bind(paneId);
      }
    }
  }
}
