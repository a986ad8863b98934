import type { DtoPlan } from './dto-plan';
import { dtoPlan } from './dto-plan';

/**
 * Deepest nesting a call's arguments may have (docs/reference/protocol.md#nesting-limit): the
 * arguments object is level 1, each object or list inside it one more. Deeper values break
 * every recursive step after this one (JSON.stringify overflows V8's stack a few thousand levels
 * down), so they are refused before anything recursive touches them.
 */
export const MAX_NESTING_DEPTH = 64;

interface Frame {
  readonly value: unknown;
  readonly depth: number;
  /** The input class level this object is read with (its call-arguments fields are not counted). */
  readonly plan?: DtoPlan;
  /** A list of nested input objects: the plan of its items. */
  readonly itemPlan?: DtoPlan;
}

/**
 * Whether `value`, sitting at level `depth`, has a container deeper than `limit`. Iterative: a
 * value nested a million levels costs no stack, and the walk stops at the first container past
 * the limit.
 */
function tooDeep(start: Frame, limit: number): boolean {
  const stack: Frame[] = [start];
  while (stack.length) {
    const { value, depth, plan, itemPlan } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > limit) return true;
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, depth: depth + 1, plan: itemPlan });
      continue;
    }
    for (const [k, v] of Object.entries(value)) {
      const f = plan?.byName.get(k);
      // Another call's arguments (a batch operation's): that call counts them from its own level 1.
      if (f?.meta.callArguments) continue;
      const sub = f?.nested ? dtoPlan(f.nested.cls) : undefined;
      stack.push({ value: v, depth: depth + 1, plan: f?.nested?.list ? undefined : sub, itemPlan: f?.nested?.list ? sub : undefined });
    }
  }
  return false;
}

/** Any value nested deeper than `limit` levels (no input class: every key counts). */
export function nestedDeeperThan(value: unknown, limit = MAX_NESTING_DEPTH): boolean {
  return tooDeep({ value, depth: 1 }, limit);
}

/**
 * The declared arguments of `raw` (read with `plan`) that nest deeper than the limit, in
 * declaration order. Unknown arguments are not measured: they are refused by name anyway.
 */
export function tooDeepFields(plan: DtoPlan, raw: Record<string, unknown>, limit = MAX_NESTING_DEPTH): string[] {
  const out: string[] = [];
  for (const f of plan.fields) {
    if (!Object.prototype.hasOwnProperty.call(raw, f.name) || f.meta.callArguments) continue;
    const v = raw[f.name];
    const sub = f.nested ? dtoPlan(f.nested.cls) : undefined;
    const frame: Frame = { value: v, depth: 2, plan: f.nested?.list ? undefined : sub, itemPlan: f.nested?.list ? sub : undefined };
    if (tooDeep(frame, limit)) out.push(f.name);
  }
  return out;
}
