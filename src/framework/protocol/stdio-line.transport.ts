import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';

/** Longest request line read (docs/reference/protocol.md#request-size): 64 MiB, the newline not counted. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** JSON-RPC "Invalid Request": what a line over the limit is answered with. */
export const INVALID_REQUEST = -32600;

/** Bytes of an over-long line kept at each end to find its `id` (the rest is dropped as it arrives). */
const ID_WINDOW = 4096;

export interface StdioLineTransportOptions {
  /** Longest line accepted, in bytes (default {@link MAX_LINE_BYTES}). */
  maxLineBytes?: number;
  /**
   * Bytes read from stdin before this transport existed, and whether stdin ended meanwhile: called
   * once by start(), in the same tick as it starts listening, so no byte and no end is lost
   * (docs/architecture.md#cold-start).
   */
  preread?: () => { chunks: readonly Buffer[]; ended: boolean };
}

/**
 * The `id` of a JSON-RPC request line that was too long to parse, from the bytes kept at its two
 * ends: a top-level member before the first object or list value (`{"jsonrpc":"2.0","id":7,…`),
 * or the last member (`…},"id":7}`, where the SDK's own client puts it). Null when neither says.
 */
export function scanRequestId(head: string, tail: string): RequestId | null {
  const fromHead = scanHead(head);
  if (fromHead !== undefined) return fromHead;
  const m = /,\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/.exec(tail);
  return m ? parseId(m[1]) : null;
}

/** A copy of the first or last {@link ID_WINDOW} bytes of `parts` joined (the parts themselves are not joined). */
function edge(parts: readonly Buffer[], end: 'first' | 'last'): Buffer {
  const picked: Buffer[] = [];
  let n = 0;
  const order = end === 'first' ? parts : [...parts].reverse();
  for (const p of order) {
    if (n >= ID_WINDOW) break;
    const take = Math.min(ID_WINDOW - n, p.length);
    picked.push(end === 'first' ? p.subarray(0, take) : p.subarray(p.length - take));
    n += take;
  }
  return Buffer.concat(end === 'first' ? picked : picked.reverse());
}

function parseId(text: string): RequestId | null {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'string' || (typeof v === 'number' && Number.isSafeInteger(v)) ? v : null;
  } catch {
    return null;
  }
}

/** Reads the top-level members at the start of a line until a member whose value is an object or a list. */
function scanHead(head: string): RequestId | null | undefined {
  const member = /\s*"((?:[^"\\]|\\.)*)"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\]|\\.)*"|true|false|null|[[{])\s*,?/y;
  const open = /^\s*\{/.exec(head);
  if (!open) return undefined;
  member.lastIndex = open[0].length;
  for (let m = member.exec(head); m; m = member.exec(head)) {
    if (m[2] === '{' || m[2] === '[') return undefined;
    if (m[1] === 'id') return parseId(m[2]);
  }
  return undefined;
}

/**
 * The stdio transport of the server (docs/reference/protocol.md#request-size), in place of the
 * SDK's StdioServerTransport, whose reader caps a line at 10 MiB, closes itself silently on a
 * longer one and copies the whole pending buffer on every chunk (quadratic in the line length):
 *
 * * lines up to `maxLineBytes` (64 MiB) are read, their chunks joined once when the newline comes;
 * * a longer line is dropped as it arrives (only its first and last few KiB are kept), answered
 *   with a JSON-RPC error that carries its `id` and names the limit, and the next line is served;
 * * an error of stdin or stdout is reported through `onerror` and closes the transport; the end of
 *   stdin closes it too (`onclose` tells the owner, who stops the server).
 */
export class StdioLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly maxLineBytes: number;
  private readonly preread?: StdioLineTransportOptions['preread'];
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Dropping an over-long line: its first and last bytes, and how long it was. */
  private dropping: { head: Buffer; tail: Buffer; bytes: number } | null = null;
  private started = false;
  private closed = false;

  constructor(
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    options: StdioLineTransportOptions = {},
  ) {
    this.maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
    this.preread = options.preread;
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('StdioLineTransport already started');
    this.started = true;
    const early = this.preread?.();
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
    this.stdin.on('end', this.onEnd);
    this.stdout.on('error', this.onStreamError);
    if (!early) return;
    for (const chunk of early.chunks) this.onData(chunk);
    if (early.ended) this.onEnd();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    this.stdin.off('end', this.onEnd);
    this.stdout.off('error', this.onStreamError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.pending = [];
    this.pendingBytes = 0;
    this.dropping = null;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error('transport closed'));
    return new Promise((resolve) => {
      if (this.stdout.write(JSON.stringify(message) + '\n')) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  private readonly onStreamError = (err: Error): void => {
    this.onerror?.(err);
    void this.close();
  };

  private readonly onEnd = (): void => {
    void this.close();
  };

  private readonly onData = (chunk: Buffer | string): void => {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let pos = 0;
    while (pos < buf.length && !this.closed) {
      const nl = buf.indexOf(0x0a, pos);
      const end = nl === -1 ? buf.length : nl;
      this.take(buf.subarray(pos, end));
      if (nl === -1) break;
      this.endLine();
      pos = nl + 1;
    }
  };

  /** Part of the current line (no newline in it). */
  private take(part: Buffer): void {
    if (!part.length) return;
    if (!this.dropping && this.pendingBytes + part.length > this.maxLineBytes) {
      // Over the limit: keep the two ends of what came so far, drop the rest from now on.
      this.dropping = { head: edge(this.pending, 'first'), tail: edge(this.pending, 'last'), bytes: this.pendingBytes };
      this.pending = [];
      this.pendingBytes = 0;
    }
    if (this.dropping) {
      const d = this.dropping;
      if (d.head.length < ID_WINDOW && d.bytes === d.head.length) {
        d.head = Buffer.concat([d.head, part.subarray(0, ID_WINDOW - d.head.length)]);
      }
      d.bytes += part.length;
      d.tail = edge([d.tail, part], 'last');
      return;
    }
    this.pending.push(part);
    this.pendingBytes += part.length;
  }

  /** A newline: the line is complete. */
  private endLine(): void {
    if (this.dropping) {
      const { head, tail } = this.dropping;
      this.dropping = null;
      this.refuse(scanRequestId(head.toString('utf8'), tail.toString('utf8')));
      return;
    }
    const line = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    const text = line.toString('utf8').replace(/\r$/, '');
    if (!text.trim()) return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(text));
    } catch (err) {
      // As the SDK's reader: reported, not answered (no id can be trusted in a malformed line).
      this.onerror?.(new Error(`could not read a JSON-RPC message: ${err instanceof Error ? err.name : 'error'}`));
      return;
    }
    this.onmessage?.(message);
  }

  private refuse(id: RequestId | null): void {
    const limit = `${this.maxLineBytes / (1024 * 1024)} MiB`;
    this.onerror?.(
      new Error(`refused a request line over the ${limit} limit (request id ${id === null ? 'unknown' : JSON.stringify(id)})`),
    );
    const reply = {
      jsonrpc: '2.0' as const,
      id,
      error: { code: INVALID_REQUEST, message: `Request too large: a request line may hold at most ${limit} (${this.maxLineBytes} bytes)` },
    };
    this.send(reply as unknown as JSONRPCMessage).catch(() => undefined);
  }
}
