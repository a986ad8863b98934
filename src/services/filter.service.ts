import { injectable } from 'tsyringe';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import { safeText } from '../framework/validation/safe-repr';
import { KNOWN_FORMATS } from './known-formats';
import { PatternMatcher } from './pattern-matcher.service';
import { type CallerPattern, callerPattern } from './search-pattern';
import { FIELD_NAME_RE, Row } from './tmux-formats';

export const FILTER_OPS = [
  'contains',
  'endswith',
  'eq',
  'exact',
  'icontains',
  'iendswith',
  'iexact',
  'in',
  'iregex',
  'istartswith',
  'nin',
  'regex',
  'startswith',
] as const;
type Op = (typeof FILTER_OPS)[number];

export interface FilterClause {
  field: string;
  op: Op;
  value: unknown;
  /** The checked pattern of a `regex`/`iregex` clause (JavaScript RegExp, flags `''` / `'i'`). */
  pattern?: CallerPattern;
}

/** Python type names, as the filter and environment texts use them (docs/reference/tools.md#filters). */
export function pyTypeName(v: unknown): string {
  if (v === null) return 'NoneType';
  if (Array.isArray(v)) return 'list';
  if (typeof v === 'string') return 'str';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  return 'dict';
}

/**
 * Parses a dict-or-JSON-string parameter (filters, environment): null/''/{} → undefined.
 * Domain errors of docs/reference/tools.md#filters and docs/reference/tools.md#environment-parameters
 * (`Invalid <name> JSON: …`, `<name> must be a JSON object, got <type>`).
 */
export function parseObjectParam(name: string, raw: unknown): Record<string, unknown> | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  let obj: unknown = raw;
  if (typeof raw === 'string') {
    try {
      obj = JSON.parse(raw);
    } catch (err) {
      // V8's message quotes the input; keep only where it failed (no echo,
      // docs/reference/protocol.md#never-echoing-values).
      const pos = /position (\d+)/.exec((err as Error).message);
      throw new ExpectedToolError(`Invalid ${name} JSON: not a valid JSON document${pos ? ` (error at position ${pos[1]})` : ''}`);
    }
  }
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj))
    throw new ExpectedToolError(`${name} must be a JSON object, got ${pyTypeName(obj)}`);
  const entries = Object.entries(obj as Record<string, unknown>);
  if (!entries.length) return undefined;
  const out = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of entries) out[k] = v;
  return out;
}

const asText = (v: unknown): string => (v === true ? '1' : v === false ? '0' : String(v));

/**
 * Django-style filters over tmux rows (docs/reference/tools.md#filters): `field__op` keys, ANDed;
 * values compare as tmux's raw strings; an unknown field is null and never matches.
 */
@injectable()
export class FilterService {
  constructor(private readonly patterns: PatternMatcher) {}

  parse(raw: unknown): FilterClause[] {
    const obj = parseObjectParam('filters', raw);
    if (!obj) return [];
    return Object.entries(obj).map(([key, value]) => {
      const i = key.lastIndexOf('__');
      let field = key;
      let op: Op = 'exact';
      // Python's `"__" in key` / rsplit: a key starting with `__` names an operator too.
      if (i >= 0) {
        const maybe = key.slice(i + 2);
        if (!(FILTER_OPS as readonly string[]).includes(maybe))
          throw new ExpectedToolError(
            `Invalid filter operator '${safeText(maybe)}' in '${safeText(key)}'. Valid operators: ${FILTER_OPS.join(', ')}`,
          );
        field = key.slice(0, i);
        op = maybe as Op;
      }
      // Checked here, run only by the pattern matcher (docs/reference/tools.md#pattern-budget).
      if (op === 'regex' || op === 'iregex') return { field, op, value, pattern: callerPattern(asText(value), op === 'iregex' ? 'i' : '') };
      return { field, op, value };
    });
  }

  /** Extra tmux fields the listing must fetch for these clauses (only safe, known names). */
  fieldsFor(clauses: readonly FilterClause[]): string[] {
    return clauses.map((c) => c.field).filter((f) => FIELD_NAME_RE.test(f) && KNOWN_FORMATS.has(f));
  }

  /**
   * The rows every clause holds for. The `regex`/`iregex` clauses run as one job of the pattern
   * matcher, each over the values of the rows the other clauses kept, within its budget.
   */
  async apply(
    rows: readonly Row[],
    clauses: readonly FilterClause[],
    alias: (row: Row, field: string) => string | undefined = () => undefined,
    signal?: AbortSignal,
  ): Promise<Row[]> {
    if (!clauses.length) return [...rows];
    const value = (row: Row, c: FilterClause) => alias(row, c.field) ?? (KNOWN_FORMATS.has(c.field) ? row[c.field] : undefined);
    const plain = clauses.filter((c) => !c.pattern);
    const kept = rows.filter((row) => plain.every((c) => this.test(value(row, c), c)));
    const regexes = clauses.filter((c) => c.pattern);
    if (!regexes.length || !kept.length) return kept;
    // A row whose field is unknown (null) never matches: it is left out of the texts.
    const texts = regexes.map((c) => kept.map((row) => value(row, c)));
    const hits = await this.patterns.match(
      regexes.map((c, i) => ({ pattern: c.pattern!, texts: texts[i].map((t) => t ?? '') })),
      { signal },
    );
    const ok = regexes.map((_, i) => new Set(hits[i].filter((j) => texts[i][j] !== undefined)));
    return kept.filter((_, j) => ok.every((set) => set.has(j)));
  }

  private test(actual: string | undefined, c: FilterClause): boolean {
    if (actual === undefined) return false;
    const v = c.value;
    const s = asText(v);
    switch (c.op) {
      case 'eq':
      case 'exact':
        return actual === s;
      case 'iexact':
        return actual.toLowerCase() === s.toLowerCase();
      case 'contains':
        return actual.includes(s);
      case 'icontains':
        return actual.toLowerCase().includes(s.toLowerCase());
      case 'startswith':
        return actual.startsWith(s);
      case 'istartswith':
        return actual.toLowerCase().startsWith(s.toLowerCase());
      case 'endswith':
        return actual.endsWith(s);
      case 'iendswith':
        return actual.toLowerCase().endsWith(s.toLowerCase());
      case 'in':
      case 'nin': {
        const list = Array.isArray(v) ? v.map(asText) : s.split(',').map((x) => x.trim());
        return list.includes(actual) === (c.op === 'in');
      }
      case 'regex':
      case 'iregex':
        // Run by the pattern matcher in apply(), never here.
        return false;
    }
  }
}
