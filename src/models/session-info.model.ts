import { Field } from '../framework/decorators/param.decorator';

/** SessionInfo (docs/reference/tools.md#sessioninfo) with typed fields (docs/reference/tools.md#typed-fields). */
export class SessionInfo {
  @Field({ type: 'string', description: 'Session id, e.g. $0' }) session_id!: string;
  @Field({ type: 'string', nullable: true }) session_name!: string | null;
  @Field({ type: 'integer' }) window_count!: number;
  @Field({ type: 'integer', nullable: true, description: 'Attached clients (engine clients excluded)' })
  session_attached!: number | null;
  @Field({ type: 'integer', nullable: true, description: 'Creation time, epoch seconds' }) session_created!: number | null;
  @Field({ type: 'string', nullable: true }) active_pane_id!: string | null;
}
