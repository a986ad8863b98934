import 'reflect-metadata';
import { Param } from '../../../src/framework/decorators/param.decorator';
import { Tool } from '../../../src/framework/decorators/tool.decorator';
import { getToolMetadata } from '../../../src/framework/metadata/tool-metadata';

class In {
  @Param({ type: 'string' }) a!: string;
}
class Out {}

describe('@Tool: the spec form and the statics form record the same facts (docs/reference/configuration.md#plugin-failures)', () => {
  it('records name, tier, description, input, output and annotations alike', () => {
    @Tool({ name: 'look', tier: 'mutating', title: 'Look', idempotentHint: false, description: ' Looks. ', input: In, output: [Out] })
    class BySpec {}
    @Tool('mutating', { title: 'Look', idempotentHint: false })
    class ByStatics {
      static toolName = 'look';
      static description = ' Looks. ';
      static Input = In;
      static Output = [Out];
    }
    expect(getToolMetadata(BySpec)).toEqual(getToolMetadata(ByStatics));
    expect(getToolMetadata(BySpec)).toMatchObject({ name: 'look', description: 'Looks.', input: In, output: [Out] });
  });

  it.each([
    [{ name: 'Bad-Name' }, /@Tool on C: name must be snake_case/],
    [{ description: ' ' }, /@Tool on C: description is required/],
    [{ input: undefined }, /@Tool on C: input \(a DTO class\) is required/],
    [{ output: [Out, Out] }, /@Tool on C: output must be a model class, \[Model\] or String/],
    [{ tier: 'admin' }, /@Tool on C: unknown tier 'admin'/],
  ])('refuses %j when the class is defined', (bad, message) => {
    const spec = { name: 'ok', tier: 'readonly', description: 'Ok.', input: In, output: String, ...bad };
    expect(() => {
      @Tool(spec as never)
      class C {}
      return C;
    }).toThrow(message);
  });
});
