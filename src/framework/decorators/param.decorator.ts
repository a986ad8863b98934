import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsPositive,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { addParam } from '../metadata/param-metadata';
import type { Class, FieldOptions, ParamKind, Token } from '../types';
import { IsIndex, IsScalarMapOrJson, IsSize, IsStringMap, IsStringMapOrJson, NoControlChars } from '../validation/constraints';
import { AllowNul, Default, Description, Feature, Nullable } from './dto.decorators';

/** The shorthand's options: one object instead of a stack of decorators. */
export interface ParamOptions {
  /** Scalar kind, or omit when `model` / `listOf` / `enum` is given. */
  type?: Exclude<ParamKind, 'any'>;
  /** A nested input class (one object). */
  model?: Class;
  /** A list of nested input class objects. */
  listOf?: Class;
  /** `null` is an accepted value. */
  nullable?: boolean;
  /** Default applied when absent; its presence makes the field optional. */
  default?: unknown;
  /** A DI token whose value replaces `default` for this server. */
  defaultFrom?: Token<unknown>;
  /** Allowed literal values. */
  enum?: readonly string[];
  minimum?: number;
  /** Only 0 is supported (class-validator's `@IsPositive()`). */
  exclusiveMinimum?: 0;
  maximum?: number;
  /** A JavaScript regular expression source (matched with the `u` flag). */
  pattern?: string;
  /** Max length of a string. */
  maxLength?: number;
  /** Allow NUL characters (only text that reaches tmux through a file). */
  allowNul?: boolean;
  /** Reject C0 control characters and DEL (names and titles). */
  noControlChars?: boolean;
  /** `index` kind only: also accept `""`. */
  allowEmpty?: boolean;
  description?: string;
  /** Only on servers with this feature on (docs/reference/protocol.md#features). */
  feature?: string;
}

/** The decorators one kind stands for. */
function kindDecorators(o: ParamOptions): PropertyDecorator[] {
  if (o.enum) return [IsIn([...o.enum])];
  if (o.listOf) {
    const item = o.listOf;
    return [IsArray(), ValidateNested({ each: true }), Type(() => item)];
  }
  if (o.model) {
    const item = o.model;
    return [IsObject(), ValidateNested(), Type(() => item)];
  }
  switch (o.type) {
    case 'string':
      return [IsString()];
    case 'integer':
      return [IsInt()];
    case 'number':
      return [IsNumber()];
    case 'boolean':
      return [IsBoolean()];
    case 'string[]':
      return [IsArray(), IsString({ each: true })];
    case 'object':
      return [IsObject()];
    case 'string-map':
      return [IsStringMap()];
    case 'string-map-or-json':
      return [IsStringMapOrJson()];
    case 'scalar-map-or-json':
      return [IsScalarMapOrJson()];
    case 'index':
      return [IsIndex({ allowEmpty: o.allowEmpty })];
    case 'size':
      return [IsSize()];
    case undefined:
      throw new TypeError('@Param needs a type, enum, model or listOf');
  }
}

/**
 * Shorthand for an input field: applies the class-validator decorators (and ours) that the
 * options describe, so `@Param({ type: 'integer', minimum: 1, nullable: true, default: null })`
 * is `@IsInt() @Min(1) @Nullable() @Default(null)`. Either form may be used; both give the same
 * validation and schema (docs/architecture.md#input-dtos).
 */
export function Param(options: ParamOptions): PropertyDecorator {
  const decorators = kindDecorators(options);
  if (options.minimum !== undefined) decorators.push(Min(options.minimum));
  if (options.exclusiveMinimum !== undefined) {
    if (options.exclusiveMinimum !== 0) throw new TypeError('@Param exclusiveMinimum supports only 0 (@IsPositive)');
    decorators.push(IsPositive());
  }
  if (options.maximum !== undefined) decorators.push(Max(options.maximum));
  if (options.maxLength !== undefined) decorators.push(MaxLength(options.maxLength));
  if (options.pattern !== undefined) decorators.push(Matches(new RegExp(options.pattern, 'u')));
  if (options.noControlChars) decorators.push(NoControlChars());
  if (options.allowNul) decorators.push(AllowNul());
  if (options.nullable) decorators.push(Nullable());
  if ('default' in options || options.defaultFrom !== undefined) decorators.push(Default(options.default, { from: options.defaultFrom }));
  if (options.description) decorators.push(Description(options.description));
  if (options.feature !== undefined) decorators.push(Feature(options.feature));
  return (target, key) => {
    if (typeof key !== 'string') throw new TypeError('@Param needs a string property name');
    for (const d of decorators) d(target, key);
  };
}

/**
 * Declares one field of an output model. The serializer emits exactly the declared fields (null
 * when absent) and the outputSchema lists them (docs/reference/protocol.md#output-schemas).
 */
export function Field(options: FieldOptions): PropertyDecorator {
  return (target, key) => {
    if (typeof key !== 'string') throw new TypeError('@Field needs a string property name');
    addParam(target.constructor, { ...options, name: key });
  };
}
