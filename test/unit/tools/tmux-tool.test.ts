import 'reflect-metadata';
import { applyDecorators } from '../../../src/framework/decorators/apply-decorators';
import { Param } from '../../../src/framework/decorators/param.decorator';
import { getErrorMappers, getToolMetadata } from '../../../src/framework/metadata/tool-metadata';
import { TmuxErrorMapper } from '../../../src/services/tmux-error.mapper';
import { CORE_TOOLS } from '../../../src/tools/all-tools';
import { TmuxTool } from '../../../src/tools/common/tmux-tool.decorator';

class In {
  @Param({ type: 'string' }) a!: string;
}

describe('@TmuxTool: @Tool and @HandleErrors(TmuxErrorMapper) in one (docs/reference/errors.md#error-mapping)', () => {
  it('records the tier, the annotations and the tmux error mapper', () => {
    @TmuxTool({ name: 'look', tier: 'readonly', title: 'Look', description: 'Looks.', input: In, output: String })
    class Look {}
    const m = getToolMetadata(Look)!;
    expect(m.tier).toBe('readonly');
    expect(m.annotations.title).toBe('Look');
    expect(m.annotations.readOnlyHint).toBe(true);
    expect(getErrorMappers(Look)).toEqual([TmuxErrorMapper]);
  });

  it("keeps @Tool's self-check", () => {
    expect(() => {
      @TmuxTool({ name: 'bad', tier: 'readonly', readOnlyHint: false, description: 'Bad.', input: In, output: String })
      class Bad {}
      return Bad;
    }).toThrow(/readonly tools must have readOnlyHint true/);
  });

  it('every core tool but the batch tools maps tmux errors', () => {
    const without = CORE_TOOLS.filter((t) => !getErrorMappers(t).includes(TmuxErrorMapper)).map((t) => getToolMetadata(t)!.name);
    expect(without.sort()).toEqual(['call_destructive_tools_batch', 'call_mutating_tools_batch', 'call_readonly_tools_batch']);
  });
});

describe('applyDecorators', () => {
  it('applies like the decorators written one above the other (bottom first)', () => {
    const seen: string[] = [];
    const mark =
      (s: string): ClassDecorator =>
      () => {
        seen.push(s);
      };
    @applyDecorators(mark('a'), mark('b'))
    class C {}
    expect(C).toBeDefined();
    expect(seen).toEqual(['b', 'a']);
  });
});
