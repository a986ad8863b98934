import { Field } from '../framework/decorators/param.decorator';

/** OptionResult (docs/reference/tools.md#optionresult): `value` is an int, boolean, list of strings, null or string. */
export class OptionResult {
  @Field({ type: 'string' }) option!: string;
  @Field({
    type: 'any',
    description:
      'The option value: integer for digit strings, boolean for on/off, list of strings for array options, null when unset, else the string.',
  })
  value!: unknown;
}
