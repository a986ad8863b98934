import 'reflect-metadata';
import { injectable } from 'tsyringe';
import { Param } from '../../../src/framework/decorators/param.decorator';
import { Tool } from '../../../src/framework/decorators/tool.decorator';
import { advertisedTags, getToolMetadata } from '../../../src/framework/metadata/tool-metadata';

class In {
  @Param({ type: 'string' }) a!: string;
}

describe('@Tool self-check (docs/reference/tools.md#annotation-presets)', () => {
  it('fills annotations from the tier preset; the tier lives apart from the extra tags', () => {
    @Tool('mutating', { title: 'Do It', openWorldHint: true, tags: ['self-bounded'] })
    class DoIt {
      static toolName = 'do_it';
      static description = 'Does it.';
      static Input = In;
      static Output = String;
    }
    const m = getToolMetadata(DoIt)!;
    expect(m.annotations).toEqual({
      title: 'Do It',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect(m.tier).toBe('mutating');
    expect(m.tags).toEqual(['self-bounded']);
    expect(advertisedTags(m)).toEqual(['mutating', 'self-bounded']);
  });

  it('refuses a tier among the extra tags (the tier is set apart)', () => {
    expect(define('readonly', {}, { tags: ['destructive'] })).toThrow(/tags must not name a tier/);
  });

  const define =
    (tier: 'readonly' | 'mutating' | 'destructive', statics: Record<string, unknown>, opts = {}) =>
    () => {
      class X {}
      Object.assign(X, { toolName: 'x_tool', description: 'd', Input: In, Output: String, ...statics });
      Tool(tier, opts)(X);
    };

  it.each([
    ['bad name', define('readonly', { toolName: 'Bad-Name' }), /snake_case/],
    ['long name', define('readonly', { toolName: 'a'.repeat(65) }), /snake_case/],
    ['no description', define('readonly', { description: '  ' }), /description/],
    ['no Input', define('readonly', { Input: undefined }), /Input/],
    ['bad Output', define('readonly', { Output: [] }), /Output/],
    ['readonly but destructive', define('readonly', {}, { destructiveHint: true }), /readonly tools/],
    ['mutating claiming readOnly', define('mutating', {}, { readOnlyHint: true }), /readOnlyHint/],
    ['destructive not destructive', define('destructive', {}, { destructiveHint: false }), /destructiveHint true/],
  ])('rejects %s', (_label, fn, re) => {
    expect(fn).toThrow(re);
  });

  it('allows a mutating tool to advertise destructiveHint (respawn_pane, clear_pane)', () => {
    expect(define('mutating', {}, { destructiveHint: true, idempotentHint: false })).not.toThrow();
  });
});

describe('decorator metadata canary', () => {
  // If the test or build toolchain stops emitting decorator metadata, tsyringe silently injects
  // undefined into constructors. This fails loudly instead (DESIGN "Stack").
  it('emits design:paramtypes for constructor injection', () => {
    @injectable()
    class Dep {}
    @injectable()
    class Needs {
      constructor(readonly dep: Dep) {}
    }
    expect(Reflect.getMetadata('design:paramtypes', Needs)).toEqual([Dep]);
  });
});
