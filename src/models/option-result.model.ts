import { Field } from '../framework/decorators/param.decorator';

/** OptionResult (docs/reference/tools.md#optionresult): `value` is an int, boolean, list of strings, null or string. */
export class OptionResult {
  @Field({ type: 'string' }) option!: string;
  // One type array so every property has a `type` (the Inspector's and Gemini's schema checks
  // want one; docs/reference/tools.md#optionresult).
  @Field({
    type: 'any',
    schema: { type: ['integer', 'boolean', 'array', 'string', 'null'], items: { type: 'string' } },
    description:
      'The option value: integer for digit strings, boolean for on/off, list of strings for array options, null when unset, else the string.',
  })
  value!: unknown;
}
