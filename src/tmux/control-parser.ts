/**
 * Pure parsing of a `tmux -C` stdout stream: bytes to lines, lines to reply blocks and
 * notifications. No I/O here, so the framing rules (docs/reference/engine.md#reply-framing) are
 * unit-testable.
 */

/** Splits a byte stream into UTF-8 lines; a multibyte character split across chunks is kept. */
export class LineDecoder {
  private rest: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): string[] {
    const buf = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk;
    const lines: string[] = [];
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
      // '\n' is never part of a UTF-8 sequence, so decoding per line equals decoding the whole
      // output at once (what the subprocess engine does), invalid bytes included.
      lines.push(buf.toString('utf8', start, nl));
      start = nl + 1;
    }
    this.rest = start < buf.length ? Buffer.from(buf.subarray(start)) : Buffer.alloc(0);
    return lines;
  }
}

export interface FramerSink {
  /** The reply of the oldest outstanding call: its output lines and whether tmux said %end. */
  reply(ok: boolean, lines: string[]): void;
  /**
   * The reply of a call registered with `expect(nonce, true)` (a command list on one line): every
   * line tmux wrote for it, from its first `%begin` to just before the nonce's block, unparsed
   * (see {@link splitListReply}).
   */
  rawReply?(lines: string[]): void;
  /** A line outside any block (`%output`, `%exit`, `%session-changed` …). */
  notification(line: string): void;
  /** A block that is not the reply to one of our command lines (attach-session, user hooks). */
  foreign(ok: boolean, lines: string[]): void;
}

type Mode = 'idle' | 'foreign' | 'call';

/**
 * Matches `%begin`/`%end`/`%error` blocks to calls in order. Every call is written as its
 * command line followed by `display-message -p <nonce>`; a reply is complete only when the
 * block holding exactly that nonce has been seen. tmux prints notifications only between
 * blocks, but a reply's body (capture-pane, show-options …) is raw text that may contain lines
 * such as `%end 1700000000 12 1`; since the body cannot contain the unguessable nonce, the
 * real terminator is the last `%end`/`%error` carrying the call's own `%begin` numbers before
 * the nonce block. Lines after it (hook blocks, notifications) are replayed as such.
 */
export class ReplyFramer {
  private readonly nonces: string[] = [];
  /** Whether each expected call (same order as `nonces`) wants its reply raw. */
  private readonly raws: boolean[] = [];
  private mode: Mode = 'idle';
  private tag = '';
  private buf: string[] = [];
  private prev = '';
  private awaitingEnd: string | null = null;

  constructor(private readonly sink: FramerSink) {}

  /**
   * Registers the nonce of the next call written to tmux (in write order). `raw`: the call is a
   * command list whose blocks the caller splits itself (its reply goes to `rawReply`).
   */
  expect(nonce: string, raw = false): void {
    this.nonces.push(nonce);
    this.raws.push(raw);
  }

  /** True while the oldest call's reply has started: tmux has begun running it. */
  get callStarted(): boolean {
    return this.mode === 'call';
  }

  push(line: string): void {
    this.feed(line, false);
  }

  /** Lines a raw reply held outside its blocks: notifications and foreign blocks, handled as such. */
  replay(lines: readonly string[]): void {
    for (const l of lines) this.feed(l, true);
  }

  private feed(line: string, replay: boolean): void {
    if (this.mode === 'idle') this.idle(line, replay);
    else if (this.mode === 'foreign') this.inForeign(line);
    else this.inCall(line);
    this.prev = line;
  }

  private idle(line: string, replay: boolean): void {
    if (!line.startsWith('%begin ')) {
      this.sink.notification(line);
      return;
    }
    const tag = line.slice(7);
    // Our command lines run with flags 1 (CMDQ_STATE_CONTROL); hooks and the attach command 0.
    const ours = !replay && tag.endsWith(' 1') && this.nonces.length > 0;
    this.mode = ours ? 'call' : 'foreign';
    this.tag = tag;
    this.buf = [];
    this.awaitingEnd = null;
  }

  private inForeign(line: string): void {
    if (line === `%end ${this.tag}` || line === `%error ${this.tag}`) {
      this.mode = 'idle';
      this.sink.foreign(line.startsWith('%end'), this.buf);
      this.buf = [];
      return;
    }
    this.buf.push(line);
  }

  private inCall(line: string): void {
    this.buf.push(line);
    if (this.awaitingEnd !== null) {
      if (line === this.awaitingEnd) return this.complete();
      this.awaitingEnd = null;
    }
    if (line === this.nonces[0] && this.prev.startsWith('%begin ')) this.awaitingEnd = `%end ${this.prev.slice(7)}`;
  }

  private complete(): void {
    const buf = this.buf;
    const tag = this.tag;
    this.nonces.shift();
    const raw = this.raws.shift() === true;
    this.mode = 'idle';
    this.buf = [];
    this.awaitingEnd = null;
    if (raw && this.sink.rawReply) return this.sink.rawReply(buf.length < 3 ? [] : [`%begin ${tag}`, ...buf.slice(0, -3)]);
    // buf ends with [%begin X, nonce, %end X]; with only [nonce, %end X] the command line
    // produced no block of its own (nothing we send does that, but never hang on it).
    if (buf.length < 3) return this.sink.reply(true, []);
    const body = buf.slice(0, -3);
    let i = body.length - 1;
    while (i >= 0 && body[i] !== `%end ${tag}` && body[i] !== `%error ${tag}`) i--;
    if (i < 0) return this.sink.reply(false, ['malformed control-mode reply']);
    this.sink.reply(body[i].startsWith('%end'), body.slice(0, i));
    // Replayed lines never open a call block: a second block of one line is not ours to match.
    for (const l of body.slice(i + 1)) this.feed(l, true);
  }
}

/** A command list's reply split into its commands' outputs (see {@link splitListReply}). */
export interface ListReply {
  /** The output lines of each command that ran and succeeded, in order. */
  readonly outputs: string[][];
  /** tmux's error text when a command failed (the list stopped there), else null. */
  readonly error: string | null;
  /** Lines between the blocks that are not part of any (notifications, foreign blocks). */
  readonly stray: string[];
}

/**
 * Splits the raw reply of one command line holding several commands separated by
 * `display-message -p SEP` (docs/reference/engine.md#command-batches): tmux answers each command
 * of the line with its own `%begin`/`%end` block and stops the line at the first command that
 * fails. A separator counts only as its own block (`%begin X`, SEP, `%end X`); SEP is random per
 * client, so no command's output can hold it. Within the stretch before a separator, a command's
 * block ends at the last `%end`/`%error` with its own `%begin` numbers, as for a single call
 * (a forged terminator inside the output comes before the real one).
 */
export function splitListReply(lines: readonly string[], sep: string, commands: number): ListReply {
  const stretches: string[][] = [[]];
  for (let i = 0; i < lines.length; i++) {
    const prev = lines[i - 1];
    if (lines[i] === sep && prev?.startsWith('%begin ') && lines[i + 1] === `%end ${prev.slice(7)}`) {
      stretches[stretches.length - 1].pop(); // the separator's own %begin
      stretches.push([]);
      i++; // and its %end
      continue;
    }
    stretches[stretches.length - 1].push(lines[i]);
  }
  const outputs: string[][] = [];
  const stray: string[] = [];
  for (const stretch of stretches) {
    // Our command's block has flags 1; a hook's (flags 0) may come before or after it.
    const first = stretch.findIndex((l) => l.startsWith('%begin ') && l.endsWith(' 1'));
    if (first < 0) {
      stray.push(...stretch);
      continue;
    }
    const tag = stretch[first].slice(7);
    let end = stretch.length - 1;
    while (end > first && stretch[end] !== `%end ${tag}` && stretch[end] !== `%error ${tag}`) end--;
    if (end === first) return { outputs, error: 'malformed control-mode reply', stray };
    stray.push(...stretch.slice(0, first), ...stretch.slice(end + 1));
    const body = stretch.slice(first + 1, end);
    if (stretch[end].startsWith('%error'))
      return {
        outputs,
        error:
          body
            .join('\n')
            .trim()
            .replace(/^parse error: /, '') || 'tmux command failed',
        stray,
      };
    outputs.push(body);
  }
  if (outputs.length !== commands) return { outputs, error: 'malformed control-mode reply', stray };
  return { outputs, error: null, stray };
}
