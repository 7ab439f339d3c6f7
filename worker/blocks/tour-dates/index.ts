// Block type 59, tour dates: an artist's upcoming shows.
import { defineBlock } from '../define.ts';
import { schema } from './schema.ts';
import { styles } from './styles.ts';
import { TourDatesBlock } from './tour-dates.tsx';

export default defineBlock({ code: 59, name: 'tour_dates', schema, Component: TourDatesBlock, styles });
