import { z } from 'zod';

// Route parameters are input like any other: checked before they reach a query.
export const IdParamsSchema = z.object({
  id: z.string().min(1).max(100, 'The id is not valid.'),
});
