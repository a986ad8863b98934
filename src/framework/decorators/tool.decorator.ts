import 'reflect-metadata';
import { injectable } from 'tsyringe';
import { OutputDecl, setToolMetadata, Tier, TIERS, ToolAnnotations, ToolOptions } from '../metadata/tool-metadata';
import type { Class } from '../types';

/** Annotation presets per tier (docs/reference/tools.md#annotation-presets): readonly, mutating, destructive. */
export const TIER_PRESETS: Record<Tier, Required<Omit<ToolAnnotations, 'title'>>> = {
  readonly: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  mutating: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  destructive: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
};

const NAME_RE = /^[a-z][a-z0-9_]{0,63}$/;

/** Static members a tool class must declare next to `@Tool`. */
export interface ToolClassStatics {
  toolName: string;
  description: string;
  Input: Class;
  Output: OutputDecl;
}

function fail(cls: Class, why: string): never {
  throw new TypeError(`@Tool on ${cls.name || '<anonymous class>'}: ${why}`);
}

/**
 * Marks a class as an MCP tool of a safety tier. Records metadata and makes the class injectable;
 * it never touches a container (the composition root registers tool classes).
 * Checks itself when applied (docs/reference/configuration.md#plugin-failures): name, description,
 * Input/Output, hints vs tier (docs/reference/tools.md#annotation-presets).
 */
export function Tool(tier: Tier, options: ToolOptions = {}): ClassDecorator {
  return ((cls: Class & Partial<ToolClassStatics>) => {
    if (!TIERS.includes(tier)) fail(cls, `unknown tier '${String(tier)}'`);
    const name = cls.toolName;
    if (typeof name !== 'string' || !NAME_RE.test(name))
      fail(cls, 'static toolName must be snake_case, start with a letter, at most 64 characters');
    if (typeof cls.description !== 'string' || !cls.description.trim()) fail(cls, 'static description is required');
    if (typeof cls.Input !== 'function') fail(cls, 'static Input (a DTO class) is required');
    const out = cls.Output;
    const outOk = out === String || typeof out === 'function' || (Array.isArray(out) && out.length === 1 && typeof out[0] === 'function');
    if (!outOk) fail(cls, 'static Output must be a model class, [Model] or String');
    const { title, tags = [], alwaysLoad = false, responseLimit, feature, ...hints } = options;
    if (tags.some((t) => (TIERS as readonly string[]).includes(t)))
      fail(cls, "tags must not name a tier (the tier is @Tool's first argument)");
    const annotations = { ...TIER_PRESETS[tier], ...hints };
    if (tier === 'readonly' && (!annotations.readOnlyHint || annotations.destructiveHint))
      fail(cls, 'readonly tools must have readOnlyHint true and destructiveHint false');
    if (tier !== 'readonly' && annotations.readOnlyHint) fail(cls, `${tier} tools cannot have readOnlyHint true`);
    if (tier === 'destructive' && !annotations.destructiveHint) fail(cls, 'destructive tools must have destructiveHint true');
    setToolMetadata(cls, {
      name,
      description: cls.description.trim(),
      tier,
      annotations: { title: title ?? name, ...annotations },
      tags: [...new Set(tags)].sort(),
      alwaysLoad,
      responseLimit,
      feature,
      input: cls.Input,
      output: out,
    });
    injectable()(cls);
  }) as ClassDecorator;
}
