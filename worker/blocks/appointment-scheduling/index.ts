// Block type 65, appointment scheduling: appointment types and the way to book one.
import { defineBlock } from '../define.ts';
import { AppointmentSchedulingBlock } from './appointment-scheduling.tsx';
import { schema } from './schema.ts';
import { styles } from './styles.ts';

export default defineBlock({ code: 65, name: 'appointment_scheduling', schema, Component: AppointmentSchedulingBlock, styles });
