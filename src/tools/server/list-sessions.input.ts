import { ListingTarget } from '../common/target.inputs';

export class ListSessionsInput extends ListingTarget {}
