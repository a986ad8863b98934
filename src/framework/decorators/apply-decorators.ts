import type { Class } from '../types';

/**
 * One class decorator made of several (as NestJS's `applyDecorators` composes): they are applied
 * in the order written on a class, bottom one first, so `@applyDecorators(A, B)` does what `@A @B`
 * does. Metadata only, like the decorators it composes.
 */
export function applyDecorators(...decorators: ClassDecorator[]): ClassDecorator {
  return ((cls: Class) => {
    for (const d of [...decorators].reverse()) d(cls);
  }) as ClassDecorator;
}
