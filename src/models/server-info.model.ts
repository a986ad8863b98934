import { Field } from '../framework/decorators/param.decorator';

/** ServerInfo (docs/reference/tools.md#serverinfo). */
export class ServerInfo {
  @Field({ type: 'boolean' }) is_alive!: boolean;
  @Field({ type: 'string', nullable: true }) socket_name!: string | null;
  @Field({ type: 'string', nullable: true }) socket_path!: string | null;
  @Field({ type: 'integer' }) session_count!: number;
  @Field({ type: 'string', nullable: true }) version!: string | null;
}
