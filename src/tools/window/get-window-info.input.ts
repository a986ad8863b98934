import { WindowTarget } from '../common/target.inputs';

export class GetWindowInfoInput extends WindowTarget {}
