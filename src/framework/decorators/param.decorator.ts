import { addParam, ParamOptions } from '../metadata/param-metadata';

/**
 * Declares one field of an input DTO or output model. The same record gives the advertised
 * JSON Schema and drives runtime validation (SPEC C8), so the two can never disagree.
 * It only records metadata.
 */
export function Param(options: ParamOptions): PropertyDecorator {
  return (target, key) => {
    if (typeof key !== 'string') throw new TypeError('@Param needs a string property name');
    addParam(target.constructor, { ...options, name: key });
  };
}

/** Alias of {@link Param} for output model fields (reads better on result classes). */
export const Field = Param;
