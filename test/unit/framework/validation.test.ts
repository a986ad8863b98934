import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { Nullable } from '../../../src/framework/decorators/dto.decorators';
import { Param } from '../../../src/framework/decorators/param.decorator';
import { objectSchema } from '../../../src/framework/validation/dto-schema';
import { formatViolations, validateDto } from '../../../src/framework/validation/dto-validator';
import { safeKey, safeRepr } from '../../../src/framework/validation/safe-repr';

class Op {
  @Param({ type: 'string' }) keys!: string;
  @Param({ type: 'boolean', default: true }) enter!: boolean;
}

class Dto {
  @Param({ type: 'string', description: 'the name' }) name!: string;
  @Param({ type: 'integer', nullable: true, default: 500, minimum: 1 }) max_lines!: number | null;
  @Param({ enum: ['stop', 'continue'], default: 'stop' }) on_error!: string;
  @Param({ type: 'string-map-or-json', nullable: true, default: null }) filters!: unknown;
  @Param({ listOf: Op, default: [] }) ops!: Op[];
  @Param({ type: 'index', nullable: true, default: null }) window_index!: string | null;
  @Param({ type: 'size', nullable: true, default: null }) size!: string | number | null;
  @Param({ type: 'string', noControlChars: true, nullable: true, default: null }) title!: string | null;
  @Param({ type: 'string', allowNul: true, nullable: true, default: null }) text!: string | null;
}

describe('input schema (docs/reference/protocol.md#input-schemas)', () => {
  it('is strict, inlines nested DTOs and carries defaults and nullable type arrays (docs/reference/protocol.md#nullable-parameters)', () => {
    const s = objectSchema(Dto) as {
      additionalProperties: unknown;
      required: string[];
      properties: Record<string, Record<string, unknown>>;
    };
    expect(s.additionalProperties).toBe(false);
    expect(s.required).toEqual(['name']);
    expect(s.properties.name).toEqual({ type: 'string', description: 'the name' });
    expect(s.properties.max_lines).toEqual({ type: ['integer', 'null'], minimum: 1, default: 500 });
    expect(s.properties.on_error).toEqual({ type: 'string', enum: ['stop', 'continue'], default: 'stop' });
    // One type array for the union of kinds; additionalProperties constrains the object kind only.
    expect(s.properties.filters).toEqual({ type: ['object', 'string', 'null'], additionalProperties: { type: 'string' } });
    // Index and size: the integer kind has its minimum, the string kind its pattern; absent means null.
    expect(s.properties.window_index).toEqual({ type: ['integer', 'string', 'null'], minimum: 0, pattern: '^\\d+$' });
    expect(s.properties.size).toEqual({ type: ['integer', 'string', 'null'], minimum: 1, pattern: '^\\d+%?$' });
    expect(s.properties.title.type).toEqual(['string', 'null']);
    expect(typeof s.properties.title.pattern).toBe('string');
    expect(s.properties.text).toEqual({ type: ['string', 'null'] });
    expect(s.properties.ops.items).toMatchObject({ type: 'object', additionalProperties: false, required: ['keys'] });
    const text = JSON.stringify(s);
    expect(text).not.toContain('$ref');
    expect(text).not.toContain('anyOf');
    expect(text).not.toContain('"default":null');
  });

  it('puts null in a nullable enum and its type array (docs/reference/protocol.md#nullable-parameters)', () => {
    class WithEnum {
      @Param({ enum: ['a', 'b'], nullable: true, default: null }) mode!: string | null;
    }
    const s = objectSchema(WithEnum) as { properties: Record<string, unknown>; required?: string[] };
    expect(s.properties.mode).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(s.required ?? []).toEqual([]);
    expect(validateDto(WithEnum, {}).value).toMatchObject({ mode: null });
    expect(validateDto(WithEnum, { mode: null }).violations).toEqual([]);
    expect(validateDto(WithEnum, { mode: 'c' }).violations[0]).toMatchObject({ loc: ['mode'], type: 'literal_error' });
  });
});

describe('validation (docs/reference/protocol.md#validation-errors, docs/reference/protocol.md#strings)', () => {
  it('applies defaults and converts index inputs to strings', () => {
    const r = validateDto(Dto, { name: 'a', window_index: 3 });
    expect(r.violations).toEqual([]);
    expect(r.value).toMatchObject({ name: 'a', max_lines: 500, on_error: 'stop', filters: null, ops: [], window_index: '3' });
    expect(r.value).toBeInstanceOf(Dto);
  });

  it('accepts null only where nullable', () => {
    expect(validateDto(Dto, { name: 'a', max_lines: null }).value!.max_lines).toBeNull();
    expect(validateDto(Dto, { name: null }).violations[0]).toMatchObject({ loc: ['name'], type: 'string_type' });
  });

  it('refuses null in an optional field that is not @Nullable(), as its schema does (docs/architecture.md#input-dtos)', () => {
    class Item {
      @IsString() word!: string;
    }
    class Plain {
      @IsOptional() @IsInt() @Min(1) limit?: number;
      @IsOptional() @Min(1) bare?: number;
      @IsOptional() @ValidateNested({ each: true }) @Type(() => Item) items?: Item[];
      @IsOptional() @Nullable() @IsInt() maybe?: number | null;
    }
    const s = objectSchema(Plain) as { properties: Record<string, Record<string, unknown>>; required?: string[] };
    expect(s.properties.limit).toEqual({ type: 'integer', minimum: 1 });
    expect(s.properties.maybe).toEqual({ type: ['integer', 'null'] });
    expect(s.required ?? []).toEqual([]);
    expect(validateDto(Plain, {}).violations).toEqual([]);
    expect(validateDto(Plain, { limit: 2, maybe: null }).violations).toEqual([]);
    expect(validateDto(Plain, { limit: null, bare: null, items: null }).violations).toEqual([
      { loc: ['limit'], type: 'int_type', msg: 'Input should be a valid integer' },
      { loc: ['bare'], type: 'value_error', msg: 'Value error, null is not allowed here' },
      { loc: ['items'], type: 'list_type', msg: 'Input should be a valid list' },
    ]);
    // Inside a nested item too.
    class Outer {
      @ValidateNested() @Type(() => Plain) inner!: Plain;
    }
    expect(validateDto(Outer, { inner: { limit: null } }).violations).toEqual([
      { loc: ['inner', 'limit'], type: 'int_type', msg: 'Input should be a valid integer' },
    ]);
  });

  it('reports pydantic-style codes with dotted paths, never values', () => {
    const r = validateDto(Dto, {
      name: 5,
      max_lines: 0,
      on_error: 'SECRET1',
      ops: [{ keys: 'x', enter: 'SECRET2', extra: 'SECRET3' }],
      window_index: 'SECRET4',
      size: '10%x',
      title: 'a\u0007b',
      zzz: 'SECRET5',
    });
    const text = formatViolations('tool_x', r.violations, safeKey);
    expect(text).not.toMatch(/SECRET/);
    expect(text).toContain('9 validation errors for tool_x');
    expect(text).toContain('name\n  Input should be a valid string [type=string_type]');
    expect(text).toContain('max_lines\n  Input should be greater than or equal to 1 [type=greater_than_equal]');
    expect(text).toContain("on_error\n  Input should be 'stop' or 'continue' [type=literal_error]");
    expect(text).toContain('ops.0.enter\n  Input should be a valid boolean [type=bool_type]');
    expect(text).toContain('ops.0.extra\n  Extra inputs are not permitted [type=extra_forbidden]');
    expect(text).toContain('zzz\n  Extra inputs are not permitted [type=extra_forbidden]');
    expect(r.unknownKeys).toEqual(['zzz']);
  });

  it('is strict about JSON types (no "5" for an integer)', () => {
    expect(validateDto(Dto, { name: 'a', max_lines: '5' }).violations[0].type).toBe('int_type');
    expect(validateDto(Dto, { name: 'a', max_lines: 1.5 }).violations[0].type).toBe('int_type');
  });

  it('rejects NUL except where allowed, and lone surrogates everywhere', () => {
    expect(validateDto(Dto, { name: 'a\u0000' }).violations[0].type).toBe('value_error');
    expect(validateDto(Dto, { name: 'a', text: 'x\u0000y' }).violations).toEqual([]);
    expect(validateDto(Dto, { name: 'a', text: 'x\ud800y' }).violations[0].type).toBe('value_error');
    expect(validateDto(Dto, { name: '😀' }).violations).toEqual([]);
  });

  it('keeps __proto__ and constructor keys of string maps', () => {
    const r = validateDto(Dto, { name: 'a', filters: JSON.parse('{"__proto__":"x","constructor":"y"}') as Record<string, string> });
    expect(Object.keys(r.value!.filters as object)).toEqual(['__proto__', 'constructor']);
  });

  it('safe repr escapes control characters and caps length', () => {
    expect(safeRepr('a\nb\u001b')).toBe("'a\\nb\\x1b'");
    expect(safeRepr('x'.repeat(300))).toBe(`'${'x'.repeat(200)}...'`);
    expect(safeKey('ok_name')).toBe('ok_name');
    expect(safeKey('bad\nkey')).toBe("'bad\\nkey'");
  });
});
