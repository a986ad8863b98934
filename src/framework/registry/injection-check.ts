import 'reflect-metadata';
import type { Class } from '../types';

/**
 * tsyringe keeps the tokens of `@inject(token)` parameters under this metadata key
 * (tsyringe's reflection-helpers); a parameter with such a token needs no type metadata.
 */
const INJECTION_TOKENS_KEY = 'injectionTokens';

/**
 * Why the container could not build `cls`, or undefined when it can: every constructor
 * parameter needs either a type in the `design:paramtypes` decorator metadata or an
 * `@inject(token)`. Without them tsyringe only fails when the class is first built — for a tool,
 * at its first call (`TypeInfo not known for "X"`), long after `tools/list` advertised it. The
 * metadata is what TypeScript emits with `emitDecoratorMetadata`, which tsx, esbuild and swc do not
 * do by default (docs/reference/configuration.md#plugin-projects).
 *
 * `role` names the class the way the message should ("tool class", "error mapper", …);
 * `alwaysDecorated` says the class surely has a decorator (`@Tool`), so the hint to add one is left out.
 */
export function injectionProblem(cls: Class, role: string, alwaysDecorated: boolean): string | undefined {
  if (typeof cls !== 'function' || cls.length === 0) return undefined;
  // Reflect.getMetadata walks the prototype chain, as tsyringe does: a subclass without its own
  // constructor inherits its parent's parameter types.
  const types = (Reflect.getMetadata('design:paramtypes', cls) as unknown[] | undefined) ?? [];
  const tokens = (Reflect.getOwnMetadata(INJECTION_TOKENS_KEY, cls) as Record<string, unknown> | undefined) ?? {};
  const missing: number[] = [];
  for (let i = 0; i < cls.length; i++) if (types[i] === undefined && tokens[i] === undefined) missing.push(i);
  if (!missing.length) return undefined;
  const which = missing.length === 1 ? `parameter #${missing[0]} has` : `parameters ${missing.map((i) => `#${i}`).join(', ')} have`;
  const decorate = alwaysDecorated ? '' : " (TypeScript emits it only for a decorated class: add tsyringe's @injectable())";
  return (
    `${role} ${cls.name || '<anonymous>'} cannot be built: its constructor ${which} no type in the decorator metadata ` +
    `(design:paramtypes), so the services to inject are unknown. Compile it with "experimentalDecorators": true and ` +
    `"emitDecoratorMetadata": true in tsconfig.json${decorate} — tsx, esbuild and swc do not emit decorator metadata by ` +
    `default — or give every constructor parameter an @inject(token)`
  );
}
