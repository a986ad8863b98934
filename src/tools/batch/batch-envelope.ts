import type { ToolCallBatchResult } from '../../models/tool-call-batch-result.model';
import type { ToolCallOperationResult } from '../../models/tool-call-operation-result.model';

/** The batch response cap (docs/reference/tools.md#batch-wrappers): the serialized result envelope must stay within it. */
export const MAX_BATCH_RESPONSE_BYTES = 1_000_000;

export const TRUNCATED_CONTENT = [{ type: 'text', text: '[... batch truncated nested content ...]' }] as const;

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Bytes of the wire envelope `{content:[{type:'text',text:<json>}], structuredContent:<obj>}`. */
export function envelopeBytes(result: ToolCallBatchResult): number {
  const json = JSON.stringify(result);
  return bytes(JSON.stringify({ content: [{ type: 'text', text: json }], structuredContent: result }));
}

/**
 * What one row adds to the envelope: its compact JSON once in structuredContent and once, escaped,
 * inside the text block. JSON escaping is per character, so these contributions add up exactly and
 * a row can be re-measured alone instead of re-serializing the whole batch after every elision.
 */
function rowBytes(row: ToolCallOperationResult): number {
  const json = JSON.stringify(row);
  return bytes(json) + bytes(JSON.stringify(json)) - 2;
}

/**
 * Elides nested payloads row by row (content → one marker block, structured_content → null) until
 * the envelope fits (docs/reference/tools.md#batch-wrappers). Rows without payload are skipped;
 * `response_truncated_bytes` is the envelope size removed.
 */
export function limitBatchResult(result: ToolCallBatchResult, max = MAX_BATCH_RESPONSE_BYTES): ToolCallBatchResult {
  let size = envelopeBytes(result);
  if (size <= max) return result;
  const out: ToolCallBatchResult = { ...result, results: [...result.results], response_truncated: true };
  let dropped = 0;
  // Two passes at most: the first uses the additive per-row estimate, the second re-measures exactly
  // (the header fields changed by a few bytes) and keeps eliding if the estimate landed just over.
  for (let pass = 0; pass < 2 && size > max; pass++) {
    for (let i = 0; i < out.results.length && size > max; i++) {
      const row = out.results[i];
      const hasPayload = row.content.length > 0 || row.structured_content !== null;
      const elided = { ...row, content: TRUNCATED_CONTENT.map((c) => ({ ...c })), structured_content: null };
      if (!hasPayload || JSON.stringify(elided) === JSON.stringify(row)) continue;
      const delta = rowBytes(row) - rowBytes(elided);
      out.results[i] = elided;
      dropped += Math.max(delta, 0);
      size -= delta;
    }
    out.response_truncated_bytes = dropped;
    size = envelopeBytes(out);
  }
  return out;
}
