import { ServerTarget } from '../common/target.inputs';

export class GetServerInfoInput extends ServerTarget {}
