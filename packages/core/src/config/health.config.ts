import { z } from 'zod';
import { field } from './field.js';

export const healthConfig = {
  cpiHighThreshold: field('CPI_HIGH_THRESHOLD', z.coerce.number().int().min(1).max(100), {
    default: '80',
    doc: 'Cognitive pressure index (0-100) at which cpi_high turns true and autonomous work waits.',
  }),
};
