import { createHash } from 'node:crypto';

/** Argument names whose values are never logged (SPEC §3 item 4), at every nesting level (C12). */
export const SENSITIVE_ARGS = new Set(['keys', 'text', 'command', 'value', 'content', 'shell', 'environment']);

const MAX_LOGGED_STR_LEN = 200;

const SEND_KEYS_OP_FIELDS: Record<string, 'str' | 'str?' | 'bool'> = {
  keys: 'str',
  pane_id: 'str?',
  session_name: 'str?',
  session_id: 'str?',
  window_id: 'str?',
  enter: 'bool',
  literal: 'bool',
  suppress_history: 'bool',
};

/** Code points, as Python's len() counts them (SPEC C31): an emoji is 1, not 2 UTF-16 units. */
function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

export function digest(s: string): { len: number; sha256_prefix: string } {
  return { len: codePoints(s), sha256_prefix: createHash('sha256').update(s, 'utf8').digest('hex').slice(0, 12) };
}

/** Non-sensitive strings over 200 code points keep their first 200 (never half a surrogate pair, C31). */
function truncateLogged(v: string): string {
  if (v.length <= MAX_LOGGED_STR_LEN) return v;
  const cps = Array.from(v);
  return cps.length > MAX_LOGGED_STR_LEN ? `${cps.slice(0, MAX_LOGGED_STR_LEN).join('')}...<truncated>` : v;
}

const typeName = (v: unknown): string =>
  v === null
    ? 'NoneType'
    : Array.isArray(v)
      ? 'list'
      : typeof v === 'object'
        ? 'dict'
        : typeof v === 'string'
          ? 'str'
          : typeof v === 'boolean'
            ? 'bool'
            : typeof v === 'number'
              ? Number.isInteger(v)
                ? 'int'
                : 'float'
              : typeof v;

const redacted = (v: unknown) => ({ type: typeName(v), redacted: true });

function summarizeSensitive(v: unknown): unknown {
  if (typeof v === 'string') return digest(v);
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = typeof x === 'string' ? digest(x) : redacted(x);
    return out;
  }
  return v === null || typeof v === 'boolean' || typeof v === 'number' ? v : redacted(v);
}

function summarizeOperation(item: unknown): unknown {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return redacted(item);
  const o = item as Record<string, unknown>;
  if ('tool' in o || 'arguments' in o) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) {
      if (k === 'tool') out.tool = typeof v === 'string' ? v : redacted(v);
      else if (k === 'arguments')
        out.arguments = v && typeof v === 'object' && !Array.isArray(v) ? summarizeArgs(v as Record<string, unknown>) : redacted(v);
      else out[k] = redacted(v);
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    const kind = SEND_KEYS_OP_FIELDS[k];
    if (kind === 'str' && typeof v === 'string') out[k] = digest(v);
    else if (kind === 'str?' && (v === null || typeof v === 'string')) out[k] = summarizeValue(k, v);
    else if (kind === 'bool' && typeof v === 'boolean') out[k] = v;
    else out[k] = redacted(v);
  }
  return out;
}

function summarizeValue(key: string, v: unknown): unknown {
  if (SENSITIVE_ARGS.has(key)) return summarizeSensitive(v);
  if (key === 'operations') return Array.isArray(v) ? v.map(summarizeOperation) : redacted(v);
  if (typeof v === 'string') return truncateLogged(v);
  if (Array.isArray(v)) return v.map((x) => summarizeValue('', x));
  if (v && typeof v === 'object') return summarizeArgs(v as Record<string, unknown>);
  return v;
}

/** The audit summary of a tool's arguments: payloads digested, long strings cut. Never the raw values. */
export function summarizeArgs(args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) out[k] = summarizeValue(k, v);
  return out;
}
