import { injectable } from 'tsyringe';
import { countLineBreaks } from '../framework/output/text-lines';
import { Next, ORDER, ToolCall, ToolInterceptor } from '../framework/pipeline/tool-interceptor';
import type { ToolResult } from '../framework/pipeline/tool-result';

export const MAX_RESPONSE_BYTES = 1_000_000;
const SLACK = 50;

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** The last `max` bytes of `s`, cut on a UTF-8 character boundary. */
export function tailBytes(s: string, max: number): string {
  const b = Buffer.from(s, 'utf8');
  if (b.length <= max) return s;
  let start = b.length - max;
  while (start < b.length && (b[start] & 0xc0) === 0x80) start++;
  return b.subarray(start).toString('utf8');
}

/**
 * An upper bound of `Buffer.byteLength(JSON.stringify(v))`, never below it, or Infinity once past
 * `limit` or for a value that is not plain JSON data (a `toJSON`, a class instance). Each UTF-16
 * unit of a string takes at most 6 bytes in JSON (`\u001f`; a character outside ASCII at most 3
 * in UTF-8, a surrogate pair 4), a number at most 24. Why: the cap needs the exact size only for a
 * result that may be over it; a capture of a screen is far below, and stringifying it once more
 * per call was a measurable part of capture_pane's own time (bench/floor.bench.js).
 */
export function jsonBytesBound(v: unknown, limit: number): number {
  let total = 0;
  const walk = (x: unknown): void => {
    if (total > limit) return;
    if (typeof x === 'string') total += 6 * x.length + 2;
    else if (typeof x === 'number') total += 24;
    else if (typeof x === 'boolean' || x === null || x === undefined) total += 5;
    else if (Array.isArray(x)) {
      total += 2 + x.length;
      for (let i = 0; i < x.length; i++) walk(x[i]);
    } else if (typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype && !('toJSON' in x)) {
      total += 2;
      for (const k of Object.keys(x)) {
        total += 6 * k.length + 4;
        walk((x as Record<string, unknown>)[k]);
      }
    } else total = Infinity;
  };
  walk(v);
  return total > limit ? Infinity : total;
}

/**
 * How many characters at `cut` are the terminator of a line the cut dropped whole
 * (docs/reference/protocol.md#line-counts): the \n of a \r\n cut in two, or a terminator right after
 * a line's last character (\r, \n or \r\n). That line lost every character, so it is dropped with
 * its terminator and counted; a terminator after another one ends an empty line, which stays.
 */
function remnantBreak(v: string, cut: number): number {
  if (cut === 0) return 0;
  const before = v[cut - 1];
  if (before === '\r') return v[cut] === '\n' ? 1 : 0;
  if (before === '\n') return 0;
  if (v[cut] === '\n') return 1;
  if (v[cut] === '\r') return v[cut + 1] === '\n' ? 2 : 1;
  return 0;
}

/**
 * Tail-preserving 1 MB backstop for the reading tools (docs/reference/protocol.md#response-cap).
 * The result stays valid against the tool's outputSchema: string tools keep `{result}`, model tools
 * get their bulky field tail-truncated and their truncation flags set. `isError` and `_meta`
 * survive.
 */
@injectable()
export class ResponseLimitInterceptor implements ToolInterceptor {
  readonly order = ORDER.RESPONSE_LIMIT;
  max = MAX_RESPONSE_BYTES;

  async intercept(call: ToolCall, next: Next): Promise<ToolResult> {
    const result = await next();
    const rl = call.tool.meta.responseLimit;
    if (!rl) return result;
    if (jsonBytesBound(result, this.max) <= this.max) return result;
    const size = bytes(JSON.stringify(result));
    if (size <= this.max) return result;
    const texts = result.content.filter((c) => c.type === 'text').map((c) => String((c as { text: string }).text));
    if (result.isError || !result.structuredContent || rl === true || typeof result.structuredContent.result === 'string') {
      const joined = texts.join('\n\n');
      const build = (budget: number): ToolResult => {
        const kept = tailBytes(joined, budget);
        const text = `[... truncated ${bytes(joined) - bytes(kept)} bytes ...]\n` + kept;
        const out: ToolResult = { content: [{ type: 'text', text }] };
        if (result.isError) out.isError = true;
        else if (result.structuredContent) out.structuredContent = { result: text };
        if (result._meta) out._meta = result._meta;
        return out;
      };
      return this.fit(build, bytes(joined));
    }
    return this.truncateModel(result, rl);
  }

  /**
   * Shrinks the kept budget until the serialized result fits: JSON escaping (newlines, quotes,
   * control characters) makes the wire size differ from the kept byte count.
   */
  private fit(build: (budget: number) => ToolResult, full: number): ToolResult {
    let budget = Math.min(full, this.max - SLACK);
    for (;;) {
      const out = build(budget);
      const size = bytes(JSON.stringify(out));
      if (size <= this.max || budget === 0) return out;
      budget = Math.max(0, Math.floor(budget * (this.max / size) * 0.98) - SLACK);
    }
  }

  /** Drops the oldest items of the entry's largest list (then cuts its longest string) until it fits. */
  private shrinkEntry(entry: unknown, fits: () => boolean, set: (e: unknown) => void): unknown {
    if (!entry || typeof entry !== 'object') return entry;
    const e = { ...(entry as Record<string, unknown>) };
    set(e);
    const lists = Object.keys(e).filter((k) => Array.isArray(e[k]));
    const key = lists.sort((a, b) => bytes(JSON.stringify(e[b])) - bytes(JSON.stringify(e[a])))[0];
    if (key) {
      const list = [...(e[key] as unknown[])];
      e[key] = list;
      while (list.length > 1 && !fits()) list.splice(0, Math.max(1, Math.min(list.length - 1, Math.floor(list.length / 8))));
      if (list.length === 1 && typeof list[0] === 'string' && !fits()) {
        const s = list[0];
        for (let budget = Math.floor(bytes(s) / 2); budget > 0 && !fits(); budget = Math.floor(budget / 2)) list[0] = tailBytes(s, budget);
      }
    }
    return e;
  }

  private truncateModel(
    result: ToolResult,
    rl: { field: string; truncatedFlag?: string; countFlag?: string; bytesFlag?: string },
  ): ToolResult {
    const sc = { ...result.structuredContent! };
    const v = sc[rl.field];
    const fits = () => {
      const text = JSON.stringify(sc);
      return bytes(JSON.stringify({ content: [{ type: 'text', text }], structuredContent: sc, _meta: result._meta })) + SLACK <= this.max;
    };
    let dropped = 0;
    let droppedBytes = 0;
    if (Array.isArray(v)) {
      const arr = [...(v as unknown[])];
      sc[rl.field] = arr;
      // Drop the oldest entries first, an eighth at a time, until the envelope fits.
      while (arr.length > 1 && !fits()) {
        const n = Math.max(1, Math.min(arr.length - 1, Math.floor(arr.length / 8)));
        // A dropped line costs its bytes plus the newline that joined it (capture_since counts so).
        for (const x of arr.splice(0, n)) droppedBytes += typeof x === 'string' ? bytes(x) + 1 : 0;
        dropped += n;
      }
      // One entry alone over the cap (a search match of one huge pane): keep its tail too.
      if (arr.length === 1 && !fits()) arr[0] = this.shrinkEntry(arr[0], fits, (e) => (arr[0] = e));
    } else if (typeof v === 'string') {
      const meta = result._meta;
      const build = (budget: number): ToolResult => {
        let kept = tailBytes(v, budget);
        kept = kept.slice(remnantBreak(v, v.length - kept.length));
        const cut = v.length - kept.length;
        const sc2 = { ...sc, [rl.field]: kept };
        if (rl.truncatedFlag) sc2[rl.truncatedFlag] = true;
        // Whole lines dropped, split as every line count splits (docs/reference/protocol.md#line-counts).
        if (rl.countFlag && typeof sc2[rl.countFlag] === 'number')
          sc2[rl.countFlag] = (sc2[rl.countFlag] as number) + countLineBreaks(v.slice(0, cut));
        const out: ToolResult = { content: [{ type: 'text', text: JSON.stringify(sc2) }], structuredContent: sc2 };
        if (meta) out._meta = meta;
        return out;
      };
      return this.fit(build, bytes(v));
    }
    if (rl.truncatedFlag) sc[rl.truncatedFlag] = true;
    if (rl.countFlag && typeof sc[rl.countFlag] === 'number') sc[rl.countFlag] = (sc[rl.countFlag] as number) + dropped;
    if (rl.bytesFlag && typeof sc[rl.bytesFlag] === 'number') sc[rl.bytesFlag] = (sc[rl.bytesFlag] as number) + droppedBytes;
    const out: ToolResult = { content: [{ type: 'text', text: JSON.stringify(sc) }], structuredContent: sc };
    if (result._meta) out._meta = result._meta;
    return out;
  }
}
