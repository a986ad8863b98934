import { injectable } from 'tsyringe';
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
 * Tail-preserving 1 MB backstop for the reading tools (SPEC §3 item 2, C10). The result stays
 * valid against the tool's outputSchema: string tools keep `{result}`, model tools get their
 * bulky field tail-truncated and their truncation flags set. `isError` and `_meta` survive.
 */
@injectable()
export class ResponseLimitInterceptor implements ToolInterceptor {
  readonly order = ORDER.RESPONSE_LIMIT;
  max = MAX_RESPONSE_BYTES;

  async intercept(call: ToolCall, next: Next): Promise<ToolResult> {
    const result = await next();
    const rl = call.tool.meta.responseLimit;
    if (!rl) return result;
    const size = bytes(JSON.stringify(result));
    if (size <= this.max) return result;
    const texts = result.content.filter((c) => c.type === 'text').map((c) => String((c as { text: string }).text));
    const keep = (overhead: number) => Math.max(0, this.max - overhead - SLACK);

    if (result.isError || !result.structuredContent || rl === true || typeof result.structuredContent.result === 'string') {
      const joined = texts.join('\n\n');
      const header = (dropped: number) => `[... truncated ${dropped} bytes ...]\n`;
      // Overhead: JSON framing of content + structuredContent (the text appears twice).
      const budget = Math.floor(keep(header(size).length + 200) / (result.structuredContent && !result.isError ? 2 : 1));
      const kept = tailBytes(joined, budget);
      const text = header(bytes(joined) - bytes(kept)) + kept;
      const out: ToolResult = { content: [{ type: 'text', text }] };
      if (result.isError) out.isError = true;
      else if (result.structuredContent) out.structuredContent = { result: text };
      if (result._meta) out._meta = result._meta;
      return out;
    }
    return this.truncateModel(result, rl);
  }

  private truncateModel(result: ToolResult, rl: { field: string; truncatedFlag?: string; countFlag?: string }): ToolResult {
    const sc = { ...result.structuredContent! };
    const v = sc[rl.field];
    const fits = () => bytes(JSON.stringify(sc)) * 2 + 200 <= this.max;
    let dropped = 0;
    if (Array.isArray(v)) {
      const arr = [...v];
      sc[rl.field] = arr;
      // Drop oldest entries first, halving the step, until the envelope fits.
      while (arr.length && !fits()) {
        const n = Math.max(1, Math.floor(arr.length / 8));
        arr.splice(0, n);
        dropped += n;
      }
    } else if (typeof v === 'string') {
      const budget = Math.floor((this.max - 200) / 2) - bytes(JSON.stringify({ ...sc, [rl.field]: '' })) - SLACK;
      const kept = tailBytes(v, Math.max(0, budget));
      dropped = v.slice(0, v.length - kept.length).split('\n').length - 1;
      sc[rl.field] = kept;
    }
    if (rl.truncatedFlag) sc[rl.truncatedFlag] = true;
    if (rl.countFlag && typeof sc[rl.countFlag] === 'number') sc[rl.countFlag] = (sc[rl.countFlag] as number) + dropped;
    const out: ToolResult = { content: [{ type: 'text', text: JSON.stringify(sc) }], structuredContent: sc };
    if (result._meta) out._meta = result._meta;
    return out;
  }
}
