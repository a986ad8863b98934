import { createHash } from 'node:crypto';
import { codePoints, digest } from '../framework/validation/value-digest';
import { constraintName, dtoPlan, type DtoPlan } from '../framework/validation/dto-plan';
import { validateDto } from '../framework/validation/dto-validator';
import { CONSTRAINT } from '../framework/validation/constraints';
import { nestedDeeperThan } from '../framework/validation/nesting-depth';
import { isPlainObject } from '../framework/validation/string-rules';
import type { Class } from '../framework/types';

/**
 * What the audit record keeps of a call's arguments (docs/reference/safety.md#audit-log):
 * payload arguments (by name, at every level) and every argument the tool did not accept
 * (unknown, or rejected by validation) are reduced to their length and a hash prefix; other
 * strings are cut after 200 code points. No rejected or payload value is ever written.
 */

/** Argument names whose values are never logged, at every nesting level. */
export const SENSITIVE_ARGS = new Set(['keys', 'text', 'command', 'value', 'content', 'shell', 'environment']);

const MAX_LOGGED_STR_LEN = 200;

export type Loc = readonly (string | number)[];

/** A value the tool did not accept: its length and hash (a non-string is measured as its JSON text). */
export function digestAny(v: unknown): { len: number; sha256_prefix: string } {
  if (typeof v === 'string') return digest(v);
  // JSON.stringify recurses and overflows the stack a few thousand levels down; a value past the
  // nesting limit is serialized without recursion (docs/reference/protocol.md#nesting-limit).
  if (!nestedDeeperThan(v)) return digest(JSON.stringify(v) ?? String(v));
  const hash = createHash('sha256');
  let len = 0;
  writeJson(v, (piece) => {
    hash.update(piece, 'utf8');
    len += codePoints(piece);
  });
  return { len, sha256_prefix: hash.digest('hex').slice(0, 12) };
}

type Task = string | { readonly v: unknown };

/** JSON.stringify's text of plain JSON data, in pieces, with an explicit stack instead of recursion. */
function writeJson(root: unknown, emit: (piece: string) => void): void {
  const skipped = (x: unknown) => x === undefined || typeof x === 'function' || typeof x === 'symbol';
  const stack: Task[] = [{ v: root }];
  // Only an in-process caller can pass a cycle (JSON text has none): written as a marker, not followed.
  const seen = new WeakSet<object>();
  const pushReversed = (tasks: Task[]) => {
    for (let i = tasks.length - 1; i >= 0; i--) stack.push(tasks[i]);
  };
  while (stack.length) {
    const t = stack.pop()!;
    if (typeof t === 'string') {
      emit(t);
      continue;
    }
    const v = t.v;
    if (v !== null && typeof v === 'object') {
      if (seen.has(v)) {
        emit('"[Circular]"');
        continue;
      }
      seen.add(v);
    }
    if (Array.isArray(v)) {
      const tasks: Task[] = ['['];
      v.forEach((x, i) => tasks.push(...(i ? [','] : []), { v: skipped(x) ? null : x }));
      pushReversed([...tasks, ']']);
    } else if (v !== null && typeof v === 'object') {
      const tasks: Task[] = ['{'];
      for (const [k, x] of Object.entries(v)) {
        if (skipped(x)) continue;
        tasks.push(`${tasks.length > 1 ? ',' : ''}${JSON.stringify(k)}:`, { v: x });
      }
      pushReversed([...tasks, '}']);
    } else emit(JSON.stringify(v) ?? 'null');
  }
}

/** Non-sensitive strings over 200 code points keep their first 200 (never half a surrogate pair). */
function truncateLogged(v: string): string {
  if (v.length <= MAX_LOGGED_STR_LEN) return v;
  const cps = Array.from(v);
  return cps.length > MAX_LOGGED_STR_LEN ? `${cps.slice(0, MAX_LOGGED_STR_LEN).join('')}...<truncated>` : v;
}

/** A payload argument: strings digested; a map keeps its keys and digests each value. */
function summarizeSensitive(v: unknown): unknown {
  if (typeof v === 'string') return digest(v);
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = digestAny(x);
    return out;
  }
  return v === null || typeof v === 'boolean' || typeof v === 'number' ? v : digestAny(v);
}

/** How a batch operation's `arguments` are read: the named tool's input class and what it rejected. */
export interface NestedReading {
  /** Undefined: no tool has that name, so it accepted nothing. */
  readonly input?: Class;
  readonly rejected: readonly Loc[];
}

/** How to read one call's arguments. */
export interface RedactionScope {
  /** The tool's input class (its fields are the accepted argument names). */
  readonly input?: Class;
  /** Locations of the arguments the tool rejected (unknown keys included). */
  readonly rejected: readonly Loc[];
  /** The call failed: free-form object arguments (e.g. prompt arguments) are digested whole. */
  readonly failed: boolean;
  /**
   * How the `arguments` of a batch operation naming `tool` are read (a function: it is handed
   * down to nested scopes). The audit answers with the nested call's own validation outcome when
   * the operation ran, and validates only an operation that did not run.
   */
  readonly nested: (tool: string, args: Record<string, unknown>) => NestedReading;
  /**
   * Whether a `host` value names this machine or a configured destination (handed down to nested
   * scopes). Without it every `host` string is kept.
   */
  readonly hostAccepted?: (host: string) => boolean;
}

const sameLoc = (a: Loc, b: Loc): boolean => a.length === b.length && a.every((x, i) => String(x) === String(b[i]));

/** The fields of an input class the record reads by kind. */
interface Fields {
  readonly freeForm: ReadonlySet<string>;
  readonly jsonString: ReadonlySet<string>;
}

const NO_FIELDS: Fields = { freeForm: new Set(), jsonString: new Set() };

const JSON_STRING_KINDS = new Set<string>([CONSTRAINT.STRING_MAP_OR_JSON, CONSTRAINT.SCALAR_MAP_OR_JSON]);

/** Read once per plan (a plan is rebuilt only when DTO metadata changes). */
const fieldsByPlan = new WeakMap<DtoPlan, Fields>();

function fieldsOf(input: Class | undefined): Fields {
  if (!input) return NO_FIELDS;
  const plan = dtoPlan(input);
  let fields = fieldsByPlan.get(plan);
  if (!fields) {
    fields = {
      // Free-form object fields (validated as "an object", nothing more).
      freeForm: new Set(plan.fields.filter((f) => !f.nested && f.constraints.some((m) => m.name === 'isObject')).map((f) => f.name)),
      // Dict-or-JSON-string fields (`filters`): a string there is parsed by the tool, after validation.
      jsonString: new Set(
        plan.fields.filter((f) => f.constraints.some((m) => JSON_STRING_KINDS.has(constraintName(m)))).map((f) => f.name),
      ),
    };
    fieldsByPlan.set(plan, fields);
  }
  return fields;
}

const parsesToObject = (s: string): boolean => {
  try {
    return isPlainObject(JSON.parse(s));
  } catch {
    return false;
  }
};

/**
 * A top-level value that passed the schema but that the tool refuses by its own rule, which the
 * record can tell by itself at every level (a batch's nested arguments included): a `host` that
 * is not configured, a dict-or-JSON string that is not a JSON object (docs/reference/safety.md#redaction).
 */
function refusedAfterSchema(v: unknown, key: string, scope: RedactionScope, jsonFields: ReadonlySet<string>): boolean {
  if (typeof v !== 'string') return false;
  if (key === 'host' && scope.hostAccepted) return !scope.hostAccepted(v);
  return jsonFields.has(key) && v !== '' && !parsesToObject(v);
}

function walk(v: unknown, loc: Loc, key: string, scope: RedactionScope, fields: Fields): unknown {
  if (scope.rejected.some((r) => sameLoc(r, loc))) return digestAny(v);
  if (loc.length === 1 && refusedAfterSchema(v, key, scope, fields.jsonString)) return digestAny(v);
  const freeForm = fields.freeForm;
  if (SENSITIVE_ARGS.has(key)) return summarizeSensitive(v);
  if (loc.length === 1 && freeForm.has(key) && scope.failed && isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = digestAny(x);
    return out;
  }
  if (key === 'operations' && loc.length === 1 && Array.isArray(v)) return v.map((item, i) => operation(item, [...loc, i], scope));
  if (typeof v === 'string') return truncateLogged(v);
  if (Array.isArray(v)) return v.map((x, i) => walk(x, [...loc, i], '', scope, fields));
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x, [...loc, k], k, scope, fields);
    return out;
  }
  return v;
}

/**
 * One item of `operations`. A batch wrapper's item names a tool: its `arguments` are read with
 * that tool's own input class and what it rejected (so its unknown or rejected arguments are
 * digested too); a tool that does not exist accepts nothing, so all of them are, and so does an
 * item whose `tool` is not a name at all.
 */
function operation(item: unknown, loc: Loc, scope: RedactionScope): unknown {
  if (!isPlainObject(item) || !('arguments' in item)) return walk(item, loc, '', scope, NO_FIELDS);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) {
    const at = [...loc, k];
    if (k !== 'arguments' || scope.rejected.some((r) => sameLoc(r, at)) || !isPlainObject(v)) {
      out[k] = walk(v, at, k, scope, NO_FIELDS);
      continue;
    }
    const { input, rejected } =
      typeof item.tool === 'string' ? scope.nested(item.tool, v) : { input: undefined, rejected: rejectedLocs(undefined, v) };
    out[k] = summarizeArgs(v, { input, rejected, failed: scope.failed, nested: scope.nested, hostAccepted: scope.hostAccepted });
  }
  return out;
}

/** The audit summary of a call's arguments. Never a rejected or payload value. */
export function summarizeArgs(args: Record<string, unknown>, scope: RedactionScope): Record<string, unknown> {
  const fields = fieldsOf(scope.input);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) out[k] = walk(v, [k], k, scope, fields);
  return out;
}

/**
 * Where a call's rejected arguments are, for a call validation never saw: one refused before it
 * ran (the tier gate), a call to a name no tool has (`input` undefined: every argument), a batch
 * operation that did not run. Every other call carries its validation outcome
 * (docs/architecture.md#validation-outcome).
 */
export function rejectedLocs(input: Class | undefined, args: Record<string, unknown>): Loc[] {
  if (!input) return Object.keys(args).map((k) => [k]);
  return validateDto(input, args).violations.map((v) => v.loc);
}
