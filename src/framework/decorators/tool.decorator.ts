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

/** Static members a tool class declares next to `@Tool(tier, options)` (the statics form). */
export interface ToolClassStatics {
  toolName: string;
  description: string;
  Input: Class;
  Output: OutputDecl;
}

/**
 * Everything a tool declares, in one object: `@Tool({ name, tier, description, input, output, ...options })`.
 * The same facts as the statics form, checked by the compiler as well as at decoration time.
 */
export interface ToolSpec extends ToolOptions {
  name: string;
  tier: Tier;
  description: string;
  /** The input DTO class. */
  input: Class;
  /** A model class, `[Model]` for a list, or `String` for text. */
  output: OutputDecl;
}

function fail(cls: Class, why: string): never {
  throw new TypeError(`@Tool on ${cls.name || '<anonymous class>'}: ${why}`);
}

/** The statics form read into a spec (its messages name the statics). */
function fromStatics(cls: Class & Partial<ToolClassStatics>, tier: Tier, options: ToolOptions): ToolSpec {
  if (typeof cls.toolName !== 'string' || !NAME_RE.test(cls.toolName))
    fail(cls, 'static toolName must be snake_case, start with a letter, at most 64 characters');
  if (typeof cls.description !== 'string' || !cls.description.trim()) fail(cls, 'static description is required');
  if (typeof cls.Input !== 'function') fail(cls, 'static Input (a DTO class) is required');
  if (!isOutputDecl(cls.Output)) fail(cls, 'static Output must be a model class, [Model] or String');
  return { ...options, name: cls.toolName, tier, description: cls.description, input: cls.Input, output: cls.Output };
}

function isOutputDecl(out: unknown): out is OutputDecl {
  return out === String || typeof out === 'function' || (Array.isArray(out) && out.length === 1 && typeof out[0] === 'function');
}

/**
 * Marks a class as an MCP tool of a safety tier. Records metadata and makes the class injectable;
 * it never touches a container (the composition root registers tool classes).
 * Two forms with the same facts: `@Tool({ name, tier, description, input, output, ...options })`,
 * or `@Tool(tier, options)` with static `toolName`, `description`, `Input` and `Output`.
 * Checks itself when applied (docs/reference/configuration.md#plugin-failures): name, description,
 * input/output, hints vs tier (docs/reference/tools.md#annotation-presets).
 */
export function Tool(spec: ToolSpec): ClassDecorator;
export function Tool(tier: Tier, options?: ToolOptions): ClassDecorator;
export function Tool(specOrTier: ToolSpec | Tier, options: ToolOptions = {}): ClassDecorator {
  return ((cls: Class & Partial<ToolClassStatics>) => {
    const tierArg = typeof specOrTier === 'string' ? specOrTier : specOrTier.tier;
    if (!TIERS.includes(tierArg)) fail(cls, `unknown tier '${String(tierArg)}'`);
    const spec = typeof specOrTier === 'string' ? fromStatics(cls, specOrTier, options) : specOrTier;
    const { name, tier, description, input, output: out, title, tags = [], alwaysLoad = false, responseLimit, feature, ...hints } = spec;
    if (typeof name !== 'string' || !NAME_RE.test(name)) fail(cls, 'name must be snake_case, start with a letter, at most 64 characters');
    if (typeof description !== 'string' || !description.trim()) fail(cls, 'description is required');
    if (typeof input !== 'function') fail(cls, 'input (a DTO class) is required');
    if (!isOutputDecl(out)) fail(cls, 'output must be a model class, [Model] or String');
    if (tags.some((t) => (TIERS as readonly string[]).includes(t)))
      fail(cls, 'tags must not name a tier (the tier is set apart: `tier`, or the first argument of @Tool(tier, options))');
    const annotations = { ...TIER_PRESETS[tier], ...hints };
    if (tier === 'readonly' && (!annotations.readOnlyHint || annotations.destructiveHint))
      fail(cls, 'readonly tools must have readOnlyHint true and destructiveHint false');
    if (tier !== 'readonly' && annotations.readOnlyHint) fail(cls, `${tier} tools cannot have readOnlyHint true`);
    if (tier === 'destructive' && !annotations.destructiveHint) fail(cls, 'destructive tools must have destructiveHint true');
    setToolMetadata(cls, {
      name,
      description: description.trim(),
      tier,
      annotations: { title: title ?? name, ...annotations },
      tags: [...new Set(tags)].sort(),
      alwaysLoad,
      responseLimit,
      feature,
      input,
      output: out,
    });
    injectable()(cls);
  }) as ClassDecorator;
}
